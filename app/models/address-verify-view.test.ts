import { describe, expect, it } from "vitest";
import type { AddressInput } from "./address";
import { newAddressDefaults, verifyDialogLines } from "./address-verify-view";

const entry: AddressInput = {
  firstName: "Ann",
  lastName: "Lee",
  address1: "123 main st",
  address2: "",
  city: "Boise",
  state: "ID",
  postalCode: "83702",
  country: "US",
  phone: null,
};
const suggestion = { address1: "123 Main Street", address2: "", city: "Boise", state: "ID", postalCode: "83702-1234" };
const customer = { firstName: "Ann", lastName: "Account" };

describe("newAddressDefaults", () => {
  it("keeps a new entry waiting for the choice in the form, to correct", () => {
    expect(newAddressDefaults({ entry, suggestion, addressId: null }, customer)).toMatchObject({
      firstName: "Ann",
      lastName: "Lee",
      address1: "123 main st",
      postalCode: "83702",
    });
  });

  it("otherwise starts with the account's name only (a saved address's entry is not the new form's)", () => {
    const empty = { country: "US", firstName: "Ann", lastName: "Account" };
    expect(newAddressDefaults(null, customer)).toEqual(empty);
    expect(newAddressDefaults({ entry, suggestion, addressId: 7 }, customer)).toEqual(empty);
  });
});

describe("verifyDialogLines", () => {
  it("gives the address as entered and with the verifier's street, city, state and ZIP", () => {
    const lines = verifyDialogLines({ entry, suggestion, addressId: null });
    expect(lines.entryLines).toContain("123 main st");
    expect(lines.suggestionLines).toContain("123 Main Street");
    expect(lines.suggestionLines).toContain("Boise, ID 83702-1234");
    expect(lines.suggestionLines[0]).toBe("Ann Lee");
  });
});

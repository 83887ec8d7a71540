import { describe, expect, it } from "vitest";
import { ensureShippingName } from "./shipping-name";

const address = { firstName: "Ann", lastName: "", address1: "1 Main St" };
const customer = { firstName: "Cara", lastName: "Customer" };

describe("ensureShippingName (spec 2 §4)", () => {
  it("keeps the address's own name when it has a last name", () => {
    const own = { ...address, lastName: "Own" };
    expect(ensureShippingName(own, [{ firstName: "P", lastName: "Primary", isPrimary: true }], customer)).toBe(own);
  });

  it("takes first and last name from the primary address that has a last name", () => {
    const book = [
      { firstName: "Other", lastName: "Book", isPrimary: false },
      { firstName: "Pat", lastName: "Primary", isPrimary: true },
    ];
    expect(ensureShippingName(address, book, customer)).toEqual({ ...address, firstName: "Pat", lastName: "Primary" });
  });

  it("else any address with a last name (the primary has none)", () => {
    const book = [
      { firstName: "Pat", lastName: " ", isPrimary: true },
      { firstName: "Olly", lastName: "Other", isPrimary: false },
    ];
    expect(ensureShippingName(address, book, customer)).toEqual({ ...address, firstName: "Olly", lastName: "Other" });
  });

  it("else the customer", () => {
    const book = [{ firstName: "Pat", lastName: "", isPrimary: true }];
    expect(ensureShippingName(address, book, customer)).toEqual({
      ...address,
      firstName: "Cara",
      lastName: "Customer",
    });
  });

  it("leaves the address as it is when nobody has a last name", () => {
    expect(ensureShippingName(address, [], { firstName: "Guest", lastName: "" })).toBe(address);
    expect(ensureShippingName(address, [], null)).toBe(address);
  });

  it("treats a whitespace-only last name as missing", () => {
    expect(ensureShippingName({ ...address, lastName: "  " }, [], customer).lastName).toBe("Customer");
  });
});

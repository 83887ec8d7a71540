import { describe, expect, it } from "vitest";
import type { AddressInput } from "./address";
import {
  afterVerification,
  chosenAddress,
  isVerificationStatus,
  VERIFICATION_STATUSES,
  withSuggestion,
} from "./address-verification";

const entry: AddressInput = {
  firstName: "Ann",
  lastName: "Lee",
  address1: "123 Main Street",
  address2: "",
  city: "Boise",
  state: "ID",
  postalCode: "83702",
  country: "US",
  phone: "2085550100",
};
const same = { address1: "123 MAIN STREET.", address2: "", city: "BOISE", state: "ID", postalCode: "83702" };
const other = { address1: "123 W MAIN ST", address2: "", city: "BOISE", state: "ID", postalCode: "83702-5711" };

describe("address verification (spec 2 §4)", () => {
  it("knows the three statuses", () => {
    expect(VERIFICATION_STATUSES).toEqual(["Verified", "CustomerVerified", "NeedsVerification"]);
    expect(isVerificationStatus("CustomerVerified")).toBe(true);
    expect(isVerificationStatus("verified")).toBe(false);
  });

  it("no suggestion: the entry is saved as NeedsVerification", () => {
    expect(afterVerification(entry, null)).toEqual({ kind: "save", verificationStatus: "NeedsVerification" });
  });

  it("a suggestion equal for shipping: the entry is saved as Verified, no dialog", () => {
    expect(afterVerification(entry, same)).toEqual({ kind: "save", verificationStatus: "Verified" });
  });

  it("a suggestion that differs: the dialog offers it", () => {
    expect(afterVerification(entry, other)).toEqual({ kind: "choose", suggestion: other });
  });

  it("accepting the suggestion gives Verified with its street, city, state and ZIP; keeping the entry gives CustomerVerified", () => {
    expect(chosenAddress({ entry, suggestion: other }, "suggested")).toEqual({
      address: { ...entry, ...other },
      verificationStatus: "Verified",
    });
    expect(chosenAddress({ entry, suggestion: other }, "entered")).toEqual({
      address: entry,
      verificationStatus: "CustomerVerified",
    });
  });

  it("a suggestion keeps the entry's names, country and phone", () => {
    expect(withSuggestion(entry, other)).toMatchObject({ firstName: "Ann", country: "US", phone: "2085550100" });
  });
});

import { describe, expect, it } from "vitest";
import {
  appliableBenefit,
  allowanceLeft,
  appliedBenefitOf,
  benefitSearchFormSchema,
  cartInsuranceBodySchema,
  criteriaOfForm,
  examInsuranceResult,
  hasCoverageToken,
  INSURANCE_MESSAGES,
  insuranceBenefitsTotal,
  NO_COVERAGE_TOKEN,
  offerStands,
  passiveSearchKeeps,
  SEARCH_STATUSES,
  SEARCH_STATUS_TEXT,
  type InsuranceBenefit,
  type SearchResult,
} from "./insurance";

// Benefits on the cart and the order, the passive search's rule and exam insurance (decision 54).

const benefit = (overrides: Partial<InsuranceBenefit> = {}): InsuranceBenefit => ({
  benefitId: "b-1",
  firstName: "Avery",
  lastName: "Stone",
  remainingAllowance: 13000,
  copay: 0,
  isOneTimeUse: false,
  network: "Open",
  planName: "Plan",
  expireDate: null,
  provider: "Brightview",
  coinsurance: 0,
  maximumBenefit: 0,
  deductible: 0,
  inNetwork: true,
  isUseable: true,
  insuranceType: "CONTACT_LENS",
  searchStatus: "Success",
  ...overrides,
});
const result = (searchStatus: SearchResult["searchStatus"], benefits: InsuranceBenefit[]): SearchResult => ({
  searchStatus,
  insuranceBenefits: benefits,
});

describe("appliableBenefit", () => {
  it("takes a useable contact-lens benefit with allowance from a Success", () => {
    expect(appliableBenefit(result("Success", [benefit()]), "b-1")?.benefitId).toBe("b-1");
  });
  it("takes a benefit that succeeded while the search is still Pending", () => {
    expect(appliableBenefit(result("Pending", [benefit()]), "b-1")).not.toBeNull();
    expect(appliableBenefit(result("Pending", [benefit({ searchStatus: "Pending" })]), "b-1")).toBeNull();
  });
  it("refuses other statuses, other ids, other types, unuseable or empty benefits", () => {
    for (const status of SEARCH_STATUSES.filter((s) => s !== "Success" && s !== "Pending")) {
      expect(appliableBenefit(result(status, [benefit()]), "b-1")).toBeNull();
    }
    expect(appliableBenefit(result("Success", [benefit()]), "b-2")).toBeNull();
    expect(appliableBenefit(result("Success", [benefit({ insuranceType: "FRAME" })]), "b-1")).toBeNull();
    expect(appliableBenefit(result("Success", [benefit({ isUseable: false })]), "b-1")).toBeNull();
    expect(appliableBenefit(result("Success", [benefit({ remainingAllowance: 0 })]), "b-1")).toBeNull();
  });
});

describe("passiveSearchKeeps", () => {
  it("keeps only a Success with remaining allowance above 0: the benefit with the most left", () => {
    const kept = passiveSearchKeeps(
      result("Success", [benefit({ benefitId: "a", remainingAllowance: 5000 }), benefit({ benefitId: "b" })]),
    );
    expect(kept?.benefitId).toBe("b");
    expect(passiveSearchKeeps(result("Success", [benefit({ remainingAllowance: 0 })]))).toBeNull();
    expect(passiveSearchKeeps(result("Pending", [benefit()]))).toBeNull();
    expect(passiveSearchKeeps(result("ContactUs", [benefit()]))).toBeNull();
    expect(passiveSearchKeeps(result("Success", []))).toBeNull();
  });
});

describe("insuranceBenefitsTotal", () => {
  const now = new Date("2026-11-28T12:00:00Z");
  const applied = appliedBenefitOf(benefit({ remainingAllowance: 15000 }), now);
  it("is the allowance, never more than the order's total, and 0 without a benefit", () => {
    expect(insuranceBenefitsTotal(applied, 20000)).toBe(15000);
    expect(insuranceBenefitsTotal(applied, 9000)).toBe(9000);
    expect(insuranceBenefitsTotal(applied, 0)).toBe(0);
    expect(insuranceBenefitsTotal(null, 20000)).toBe(0);
  });
  it("records whether the benefit is coinsurance", () => {
    expect(applied.isCoinsurance).toBe(false);
    expect(appliedBenefitOf(benefit({ coinsurance: 20, maximumBenefit: 100 }), now).isCoinsurance).toBe(true);
  });
  it("records when the allowance was read, and whether the plan pays it once", () => {
    expect(applied).toMatchObject({ appliedAt: "2026-11-28T12:00:00.000Z", isOneTimeUse: false });
    expect(appliedBenefitOf(benefit({ isOneTimeUse: true }), now).isOneTimeUse).toBe(true);
  });
});

describe("allowanceLeft", () => {
  const applied = appliedBenefitOf(benefit({ remainingAllowance: 15000 }), new Date());
  it("is the allowance less what the store's orders took since it was read, never below 0", () => {
    expect(allowanceLeft(applied, [])).toBe(15000);
    expect(allowanceLeft(applied, [4000, 5000])).toBe(6000);
    expect(allowanceLeft(applied, [9000, 9000])).toBe(0);
  });
  it("is nothing once an order used a one-time-use benefit", () => {
    const once = { ...applied, isOneTimeUse: true };
    expect(allowanceLeft(once, [])).toBe(15000);
    expect(allowanceLeft(once, [100])).toBe(0);
  });
});

describe("offerStands", () => {
  it("until its expiry", () => {
    const offer = {
      benefitId: "b",
      planName: "P",
      provider: "X",
      remainingAllowance: 1,
      patientName: "A B",
      expiresAt: "2030-01-01T00:00:00.000Z",
    };
    expect(offerStands(offer, new Date("2029-12-31T23:59:59Z"))).toBe(true);
    expect(offerStands(offer, new Date("2030-01-01T00:00:00Z"))).toBe(false);
    expect(offerStands(null, new Date())).toBe(false);
  });
});

describe("forms", () => {
  it("'Check my benefits': ZIP to 5 digits, date of birth formatted, provider optional", () => {
    const parsed = benefitSearchFormSchema.parse({
      firstName: " Avery ",
      lastName: "Stone",
      dateOfBirth: "4/12/1988",
      zip: "83702-1234",
    });
    expect(criteriaOfForm(parsed)).toEqual({
      firstName: "Avery",
      lastName: "Stone",
      dateOfBirth: "1988-04-12",
      postalCodes: ["83702"],
      providers: [],
      tags: undefined,
      searchReason: "customerInitiated",
    });
    const bad = benefitSearchFormSchema.safeParse({ firstName: "A", lastName: "B", dateOfBirth: "x", zip: "1234" });
    const messages = bad.error?.issues.map((issue) => issue.message) ?? [];
    expect(messages).toContain(INSURANCE_MESSAGES.invalidZip);
    expect(messages).toContain("Enter the date of birth as YYYY-MM-DD.");
  });
  it("applying needs a search token or a date of birth", () => {
    expect(cartInsuranceBodySchema.safeParse({ benefitId: "b-1" }).success).toBe(false);
    expect(cartInsuranceBodySchema.safeParse({ benefitId: "b-1", dateOfBirth: "1988-04-12" }).success).toBe(true);
  });
  it("every status has shopper-facing text", () => {
    for (const status of SEARCH_STATUSES) expect(SEARCH_STATUS_TEXT[status]).toMatch(/\w/);
  });
});

describe("examInsuranceResult", () => {
  const exam = benefit({ benefitId: "e-1", insuranceType: "EXAM", copay: 1000, remainingAllowance: 0 });
  it("searches while Pending without an exam benefit, then completes", () => {
    expect(examInsuranceResult("t", { searchStatus: "Pending", insuranceBenefits: [] }, "2026-01-01")).toMatchObject({
      searchStatus: "Searching",
      isSearching: true,
      coverageToken: NO_COVERAGE_TOKEN,
    });
    expect(
      examInsuranceResult("t", { searchStatus: "Pending", insuranceBenefits: [exam] }, "2026-01-01"),
    ).toMatchObject({
      searchStatus: "Complete",
      coverageToken: "e-1",
      copay: 1000,
      provider: "Brightview",
    });
  });
  it("an expired exam benefit, no exam benefit, or a failure is no coverage", () => {
    const expired = { ...exam, expireDate: "2025-12-31" };
    for (const answer of [
      { searchStatus: "Success", insuranceBenefits: [expired] },
      { searchStatus: "Success", insuranceBenefits: [benefit()] },
      null,
    ]) {
      const read = examInsuranceResult("t", answer, "2026-01-01");
      expect(read.searchStatus).toBe("Complete");
      expect(hasCoverageToken(read.coverageToken)).toBe(false);
    }
  });
  it("an all-zero id counts as none", () => {
    expect(hasCoverageToken(NO_COVERAGE_TOKEN)).toBe(false);
    expect(hasCoverageToken("0")).toBe(false);
    expect(hasCoverageToken("e-1")).toBe(true);
  });
});

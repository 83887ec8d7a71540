import { describe, expect, it } from "vitest";
import {
  coverageUpdateSchema,
  dateOfBirthVerificationSchema,
  formatDateOfBirth,
  INSURANCE_CAMPAIGN_PATHS,
  INSURANCE_MESSAGES,
  INSURANCE_POLL_DELAYS_MS,
  INSURANCE_VERIFY_LIMITS,
  insuranceZip,
  isCoinsuranceBenefit,
  isPollingDone,
  mapSearchResult,
  parseSearchStatus,
  SEARCH_STATUSES,
  searchCriteriaSchema,
  statusAfterLastPoll,
  statusOfFailure,
  type InsuranceBenefit,
} from "./insurance";

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

describe("search statuses and their mapping", () => {
  it("names the spec's six statuses", () => {
    expect(SEARCH_STATUSES).toEqual(["Pending", "NotFound", "ContactUs", "Success", "ProviderError", "Error"]);
  });

  it("reads an unknown or missing status as Error", () => {
    expect(parseSearchStatus("Throttled")).toBe("Error");
    expect(parseSearchStatus(undefined)).toBe("Error");
    expect(parseSearchStatus(null)).toBe("Error");
    expect(parseSearchStatus("success")).toBe("Error");
    for (const status of SEARCH_STATUSES) expect(parseSearchStatus(status)).toBe(status);
    expect(mapSearchResult({}).searchStatus).toBe("Error");
  });

  it("maps a 404 to NotFound and any other failure to Error", () => {
    expect(statusOfFailure(404)).toBe("NotFound");
    expect(statusOfFailure(500)).toBe("Error");
    expect(statusOfFailure(400)).toBe("Error");
    expect(statusOfFailure(null)).toBe("Error");
  });

  it("drops benefits that are not CONTACT_LENS", () => {
    const result = mapSearchResult({
      searchStatus: "Success",
      insuranceBenefits: [benefit({ benefitId: "a" }), benefit({ benefitId: "b", insuranceType: "FRAME" })],
    });
    expect(result.insuranceBenefits.map((b) => b.benefitId)).toEqual(["a"]);
  });

  it("turns a Success with a coinsurance benefit into ContactUs on the default path only", () => {
    const coinsurance = {
      searchStatus: "Success",
      insuranceBenefits: [benefit({ coinsurance: 20, maximumBenefit: 20000 })],
    };
    expect(mapSearchResult(coinsurance).searchStatus).toBe("ContactUs");
    expect(mapSearchResult(coinsurance, "default").searchStatus).toBe("ContactUs");
    expect(mapSearchResult(coinsurance, "A").searchStatus).toBe("Success");
    expect(INSURANCE_CAMPAIGN_PATHS).toEqual({ default: 99, A: 1 });
  });

  it("counts coinsurance only when coinsurance and maximum benefit are both above 0", () => {
    expect(isCoinsuranceBenefit({ coinsurance: 20, maximumBenefit: 1 })).toBe(true);
    expect(isCoinsuranceBenefit({ coinsurance: 20, maximumBenefit: 0 })).toBe(false);
    expect(isCoinsuranceBenefit({ coinsurance: 0, maximumBenefit: 20000 })).toBe(false);
    const onlyCoinsurance = { searchStatus: "Success", insuranceBenefits: [benefit({ coinsurance: 20 })] };
    expect(mapSearchResult(onlyCoinsurance).searchStatus).toBe("Success");
  });

  it("leaves other statuses alone, coinsurance or not", () => {
    const pending = { searchStatus: "Pending", insuranceBenefits: [benefit({ coinsurance: 20, maximumBenefit: 5 })] };
    expect(mapSearchResult(pending).searchStatus).toBe("Pending");
  });

  it("ignores a coinsurance benefit that is not CONTACT_LENS", () => {
    const frame = benefit({ coinsurance: 20, maximumBenefit: 5, insuranceType: "FRAME" });
    expect(mapSearchResult({ searchStatus: "Success", insuranceBenefits: [benefit(), frame] }).searchStatus).toBe(
      "Success",
    );
  });
});

describe("polling", () => {
  it("goes on while Pending with no benefit succeeded", () => {
    expect(isPollingDone({ searchStatus: "Pending", insuranceBenefits: [] })).toBe(false);
    expect(isPollingDone({ searchStatus: "Pending", insuranceBenefits: [benefit({ searchStatus: "Pending" })] })).toBe(
      false,
    );
  });

  it("ends when the status is not Pending or a benefit succeeded", () => {
    expect(isPollingDone({ searchStatus: "NotFound", insuranceBenefits: [] })).toBe(true);
    expect(isPollingDone({ searchStatus: "Pending", insuranceBenefits: [benefit()] })).toBe(true);
  });

  it("turns Pending after the last poll into NotFound", () => {
    expect(statusAfterLastPoll("Pending")).toBe("NotFound");
    expect(statusAfterLastPoll("Success")).toBe("Success");
    expect(statusAfterLastPoll("Error")).toBe("Error");
  });

  it("allows 5 guesses per benefit and 30 per address an hour at a date of birth or SSN digits", () => {
    expect(INSURANCE_VERIFY_LIMITS).toEqual({ perBenefit: 5, perIp: 30, windowSeconds: 3600 });
  });

  it("polls six times over 24 seconds", () => {
    expect(INSURANCE_POLL_DELAYS_MS).toEqual([0, 2000, 3000, 4000, 5000, 10000]);
  });
});

describe("input", () => {
  it("takes a US ZIP's first 5 digits", () => {
    expect(insuranceZip("83702")).toBe("83702");
    expect(insuranceZip("83702-1234")).toBe("83702");
    expect(insuranceZip("83702 1234")).toBe("83702");
    expect(insuranceZip("837021234")).toBe("83702");
    expect(insuranceZip("8370")).toBeNull();
    expect(insuranceZip("K1A 0B1")).toBeNull();
    expect(insuranceZip("83702-12")).toBeNull();
  });

  it("formats a date of birth as YYYY-MM-DD, null when unparsable", () => {
    expect(formatDateOfBirth("1990-04-12")).toBe("1990-04-12");
    expect(formatDateOfBirth("4/12/1990")).toBe("1990-04-12");
    expect(formatDateOfBirth("1990-04-12T00:00:00Z")).toBe("1990-04-12");
    expect(formatDateOfBirth("1990-02-30")).toBeNull();
    expect(formatDateOfBirth("yesterday")).toBeNull();
    expect(formatDateOfBirth("")).toBeNull();
    expect(formatDateOfBirth(null)).toBeNull();
    expect(formatDateOfBirth("2999-01-01")).toBeNull();
  });

  const criteria = {
    firstName: "Avery",
    lastName: "Stone",
    postalCodes: ["83702-1234"],
    dateOfBirth: "4/12/1990",
    searchReason: "customerInitiated",
  };

  it("parses search criteria: ZIPs to 5 digits, the date formatted", () => {
    const parsed = searchCriteriaSchema.parse(criteria);
    expect(parsed.postalCodes).toEqual(["83702"]);
    expect(parsed.dateOfBirth).toBe("1990-04-12");
    expect(parsed.providers).toEqual([]);
    expect(searchCriteriaSchema.parse({ ...criteria, searchReason: "background" }).searchReason).toBe("background");
  });

  it("refuses an invalid search reason with the spec's message", () => {
    const parsed = searchCriteriaSchema.safeParse({ ...criteria, searchReason: "curious" });
    expect(parsed.error?.issues.map((issue) => issue.message)).toEqual(["Invalid search reason"]);
    expect(INSURANCE_MESSAGES.invalidSearchReason).toBe("Invalid search reason");
  });

  it("refuses a ZIP that is not a US ZIP and a date that is not one", () => {
    expect(searchCriteriaSchema.safeParse({ ...criteria, postalCodes: ["1234"] }).success).toBe(false);
    expect(searchCriteriaSchema.safeParse({ ...criteria, postalCodes: [] }).success).toBe(false);
    expect(searchCriteriaSchema.safeParse({ ...criteria, dateOfBirth: "soon" }).success).toBe(false);
  });

  it("verifies a date of birth as null when unparsable", () => {
    expect(dateOfBirthVerificationSchema.parse({ benefitId: "b", dateOfBirth: "nope" }).dateOfBirth).toBeNull();
    expect(dateOfBirthVerificationSchema.parse({ benefitId: "b", dateOfBirth: "1990-04-12" }).dateOfBirth).toBe(
      "1990-04-12",
    );
  });

  it("takes exactly four SSN digits, else the spec's SSN message", () => {
    expect(coverageUpdateSchema.safeParse({ subscriberLastFourSsn: "1234" }).success).toBe(true);
    const bad = coverageUpdateSchema.safeParse({ subscriberLastFourSsn: "12a4" });
    expect(bad.error?.issues[0]?.message).toBe("There was an error validating your SSN. Please try again.");
  });
});

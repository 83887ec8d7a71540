/**
 * The simulated eligibility service's members (decision 52): invented people on invented vision plans, one for each
 * state a shopper can meet. /dev/insurance lists them. Amounts are integer cents; coinsurance is a percentage.
 */

export interface SeedBenefit {
  /** The coverage token (fixed, so a benefit can be looked up again by id). */
  benefitId: string;
  insuranceType: "CONTACT_LENS" | "FRAME" | "EXAM";
  remainingAllowance: number;
  copay: number;
  isOneTimeUse: boolean;
  coinsurance: number;
  maximumBenefit: number;
  deductible: number;
  inNetwork: boolean;
  /** ISO day. */
  expireDate: string;
}

export interface SeedAnswer {
  /** What the provider says (not always one of the store's statuses: see jamie-nolan). */
  searchStatus: string;
  /** How many of the member's benefits are answered yet (each with searchStatus Success). */
  shown: number;
}

export interface SeedMember {
  key: string;
  firstName: string;
  lastName: string;
  /** YYYY-MM-DD. */
  dateOfBirth: string;
  postalCode: string;
  ssnLastFour: string;
  provider: string;
  planName: string;
  network: string;
  /** The answer to each read of the search, in turn; the last holds from then on. */
  answers: readonly SeedAnswer[];
  /** Every read of the search fails with this HTTP status instead. */
  failure?: number;
  benefits: readonly SeedBenefit[];
  /** What a person sees when searching for this member (the dev page says it). */
  shows: string;
}

const FAR = "2030-12-31";
const EXPIRED = "2025-12-31";

const lens = (benefitId: string, overrides: Partial<SeedBenefit> = {}): SeedBenefit => ({
  benefitId,
  insuranceType: "CONTACT_LENS",
  remainingAllowance: 15000,
  copay: 0,
  isOneTimeUse: false,
  coinsurance: 0,
  maximumBenefit: 0,
  deductible: 0,
  inNetwork: true,
  expireDate: FAR,
  ...overrides,
});

const at = (searchStatus: string, shown = 0): SeedAnswer => ({ searchStatus, shown });
const ALL = 99;

export const SEED_MEMBERS: readonly SeedMember[] = [
  {
    key: "avery-stone",
    firstName: "Avery",
    lastName: "Stone",
    dateOfBirth: "1988-04-12",
    postalCode: "83702",
    ssnLastFour: "4821",
    provider: "Brightview",
    planName: "Brightview Vision Plus",
    network: "Brightview Open Access",
    answers: [at("Success", ALL)],
    benefits: [
      lens("0b6f4c1e-5a7d-4a58-9d1e-2f3a4b5c6d01"),
      lens("0b6f4c1e-5a7d-4a58-9d1e-2f3a4b5c6d02", { insuranceType: "FRAME", remainingAllowance: 13000 }),
      lens("0b6f4c1e-5a7d-4a58-9d1e-2f3a4b5c6d03", { insuranceType: "EXAM", remainingAllowance: 0, copay: 1000 }),
    ],
    shows: "Success at once: a $150 contact-lens allowance (its frame and exam benefits are dropped).",
  },
  {
    key: "jordan-reyes",
    firstName: "Jordan",
    lastName: "Reyes",
    dateOfBirth: "1975-09-30",
    postalCode: "97201",
    ssnLastFour: "1357",
    provider: "ClearPath",
    planName: "ClearPath Select",
    network: "ClearPath Preferred",
    answers: [at("Pending"), at("Pending"), at("Pending", 1), at("Success", ALL)],
    benefits: [
      lens("1c7a5d2f-6b8e-4b69-8e2f-3a4b5c6d7e01", { remainingAllowance: 12000, copay: 2500 }),
      lens("1c7a5d2f-6b8e-4b69-8e2f-3a4b5c6d7e02", { remainingAllowance: 5000, inNetwork: false }),
    ],
    shows: "Pending for two polls; on the third a benefit has succeeded (polling ends); Success from the fourth.",
  },
  {
    key: "morgan-hale",
    firstName: "Morgan",
    lastName: "Hale",
    dateOfBirth: "1992-01-05",
    postalCode: "60614",
    ssnLastFour: "2468",
    provider: "Northstar",
    planName: "Northstar Vision Care 80/20",
    network: "Northstar",
    answers: [at("Success", ALL)],
    benefits: [
      lens("2d8b6e3a-7c9f-4c7a-9f3a-4b5c6d7e8f01", { coinsurance: 20, maximumBenefit: 20000, deductible: 5000 }),
    ],
    shows: "A coinsurance plan: ContactUs on the default campaign path (Success on path A).",
  },
  {
    key: "riley-chen",
    firstName: "Riley",
    lastName: "Chen",
    dateOfBirth: "2001-11-20",
    postalCode: "10001",
    ssnLastFour: "9753",
    provider: "Evergreen",
    planName: "Evergreen Optical Benefits",
    network: "Evergreen",
    answers: [at("Pending"), at("Success", ALL)],
    benefits: [lens("3e9c7f4b-8daf-4d8b-af4b-5c6d7e8f9a01", { isOneTimeUse: true, remainingAllowance: 10000 })],
    shows: "Pending once, then Success: a one-time-use $100 benefit.",
  },
  {
    key: "casey-ford",
    firstName: "Casey",
    lastName: "Ford",
    dateOfBirth: "1969-07-14",
    postalCode: "30301",
    ssnLastFour: "1122",
    provider: "Brightview",
    planName: "Brightview Vision Basic",
    network: "Brightview Open Access",
    answers: [at("Success", ALL)],
    benefits: [lens("4fad8a5c-9eba-4e9c-ba5c-6d7e8f9a0b01", { remainingAllowance: 0, expireDate: EXPIRED })],
    shows: "Success with an expired benefit (nothing left, not useable).",
  },
  {
    key: "sam-ortiz",
    firstName: "Sam",
    lastName: "Ortiz",
    dateOfBirth: "1983-03-03",
    postalCode: "73301",
    ssnLastFour: "3344",
    provider: "ClearPath",
    planName: "ClearPath Family",
    network: "ClearPath Preferred",
    answers: [at("ContactUs")],
    benefits: [],
    shows: "ContactUs: the provider wants the shopper to call.",
  },
  {
    key: "drew-ellis",
    firstName: "Drew",
    lastName: "Ellis",
    dateOfBirth: "1995-12-25",
    postalCode: "02108",
    ssnLastFour: "5566",
    provider: "Northstar",
    planName: "Northstar Vision Care",
    network: "Northstar",
    answers: [at("Pending"), at("ProviderError")],
    benefits: [],
    shows: "Pending once, then ProviderError.",
  },
  {
    key: "quinn-park",
    firstName: "Quinn",
    lastName: "Park",
    dateOfBirth: "1979-06-18",
    postalCode: "94110",
    ssnLastFour: "7788",
    provider: "Evergreen",
    planName: "Evergreen Optical Benefits",
    network: "Evergreen",
    answers: [at("NotFound")],
    benefits: [],
    shows: "NotFound: the provider knows no eligible member.",
  },
  {
    key: "taylor-brooks",
    firstName: "Taylor",
    lastName: "Brooks",
    dateOfBirth: "1986-10-02",
    postalCode: "80202",
    ssnLastFour: "9900",
    provider: "Brightview",
    planName: "Brightview Vision Plus",
    network: "Brightview Open Access",
    answers: [at("Pending")],
    benefits: [],
    shows: "Pending for ever: NotFound after the last poll.",
  },
  {
    key: "jamie-nolan",
    firstName: "Jamie",
    lastName: "Nolan",
    dateOfBirth: "1990-08-08",
    postalCode: "98101",
    ssnLastFour: "1010",
    provider: "ClearPath",
    planName: "ClearPath Select",
    network: "ClearPath Preferred",
    answers: [at("Throttled")],
    benefits: [],
    shows: "A status the store does not know ('Throttled'): Error.",
  },
  {
    key: "lee-morgan",
    firstName: "Lee",
    lastName: "Morgan",
    dateOfBirth: "1972-02-29",
    postalCode: "85004",
    ssnLastFour: "2020",
    provider: "Northstar",
    planName: "Northstar Vision Care",
    network: "Northstar",
    answers: [at("Pending")],
    failure: 503,
    benefits: [],
    shows: "The provider fails (HTTP 503): Error.",
  },
  {
    key: "robin-hart",
    firstName: "Robin",
    lastName: "Hart",
    dateOfBirth: "1998-05-17",
    postalCode: "55401",
    ssnLastFour: "3030",
    provider: "Evergreen",
    planName: "Evergreen Optical Benefits",
    network: "Evergreen",
    answers: [at("Pending")],
    failure: 404,
    benefits: [],
    shows: "The provider answers 404 for the search: NotFound.",
  },
  {
    key: "pat-kim",
    firstName: "Pat",
    lastName: "Kim",
    dateOfBirth: "1964-09-09",
    postalCode: "48201",
    ssnLastFour: "4040",
    provider: "Brightview",
    planName: "Brightview Frames & Exams",
    network: "Brightview Open Access",
    answers: [at("Success", ALL)],
    benefits: [
      lens("5abe9b6d-afcb-4fad-8b6d-7e8f9a0b1c01", { insuranceType: "FRAME" }),
      lens("5abe9b6d-afcb-4fad-8b6d-7e8f9a0b1c02", { insuranceType: "EXAM", copay: 1500 }),
    ],
    shows: "Success with only frame and exam benefits: none is kept.",
  },
];

/** The member owning a benefit id, with the benefit. */
export function memberOfBenefit(benefitId: string): { member: SeedMember; benefit: SeedBenefit } | null {
  for (const member of SEED_MEMBERS) {
    const benefit = member.benefits.find((candidate) => candidate.benefitId === benefitId);
    if (benefit) return { member, benefit };
  }
  return null;
}

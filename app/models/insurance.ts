import { DateTime } from "luxon";
import { z } from "zod";

/**
 * Insurance benefits (spec 3 §3 "Insurance", §4 "Insurance benefit search", §5, §8, §9): the search statuses, the
 * mapping from a provider's answer to the status the store shows, the polling rule, and the checks of the
 * insurance calls' input. Pure: the eligibility adapter and the insurance service apply these.
 */

/** The spec's search status values. */
export const SEARCH_STATUSES = ["Pending", "NotFound", "ContactUs", "Success", "ProviderError", "Error"] as const;
export type SearchStatus = (typeof SEARCH_STATUSES)[number];

/** The only insurance type the store keeps. */
export const CONTACT_LENS = "CONTACT_LENS";

export const SEARCH_REASONS = ["background", "customerInitiated"] as const;
export type SearchReason = (typeof SEARCH_REASONS)[number];

export const INSURANCE_MESSAGES = {
  invalidSearchReason: "Invalid search reason",
  ssnUpdateFailed: "There was an error validating your SSN. Please try again.",
  invalidZip: "Enter a valid US ZIP code.",
  noData: "No data returned from insurance benefit search",
} as const;

/**
 * The storefront platform insurance campaign (spec 3 §9: 99 default, 1 variant A). On the default path a
 * coinsurance benefit sends the shopper to customer service (ContactUs); any other path shows it (Success).
 */
export const INSURANCE_CAMPAIGN_PATHS = { default: 99, A: 1 } as const;
export type InsuranceCampaignPath = keyof typeof INSURANCE_CAMPAIGN_PATHS;
export const DEFAULT_CAMPAIGN_PATH: InsuranceCampaignPath = "default";

/**
 * The delays before each poll of a search's result, in ms. The spec does not show the insurance schedule's values
 * (§9); these are its general retry schedule's delays (0, 2, 3, 4, 5, 10 s): six polls over 24 seconds.
 */
export const INSURANCE_POLL_DELAYS_MS = [0, 2000, 3000, 4000, 5000, 10000] as const;

/**
 * Tries at a member's date of birth or SSN digits, per benefit and per client address in a window (the spec gives
 * none; four SSN digits are 10,000 guesses, so a few per benefit an hour).
 */
export const INSURANCE_VERIFY_LIMITS = { perBenefit: 5, perIp: 30, windowSeconds: 60 * 60 } as const;

/** A benefit as the spec's entity names it. Amounts are integer cents; coinsurance is a percentage. */
export interface InsuranceBenefit {
  /** The coverage token. */
  benefitId: string;
  firstName: string;
  lastName: string;
  remainingAllowance: number;
  copay: number;
  isOneTimeUse: boolean;
  network: string;
  planName: string;
  /** ISO day, or null when the plan gives none. */
  expireDate: string | null;
  provider: string;
  coinsurance: number;
  maximumBenefit: number;
  deductible: number;
  inNetwork: boolean;
  isUseable: boolean;
  insuranceType: string;
  searchStatus: string;
}

/** What a provider answers for a search, before the store maps it (its status may be anything, or missing). */
export interface ProviderSearchResult {
  searchStatus?: string | null;
  insuranceBenefits?: readonly InsuranceBenefit[] | null;
}

export interface SearchResult {
  searchStatus: SearchStatus;
  insuranceBenefits: InsuranceBenefit[];
}

/** An unknown or missing status is Error. */
export function parseSearchStatus(raw: unknown): SearchStatus {
  return SEARCH_STATUSES.find((status) => status === raw) ?? "Error";
}

/** Coinsurance and maximum benefit both above 0. */
export const isCoinsuranceBenefit = (benefit: Pick<InsuranceBenefit, "coinsurance" | "maximumBenefit">) =>
  benefit.coinsurance > 0 && benefit.maximumBenefit > 0;

/** Only benefits of type CONTACT_LENS are kept. */
export const contactLensBenefits = (benefits: readonly InsuranceBenefit[]) =>
  benefits.filter((benefit) => benefit.insuranceType === CONTACT_LENS);

/**
 * The status and benefits the store shows for a provider's answer: the status parsed (unknown or missing → Error),
 * benefits other than CONTACT_LENS dropped, and a Success with a coinsurance benefit turned into ContactUs on the
 * default campaign path.
 */
export function mapSearchResult(
  result: ProviderSearchResult,
  campaignPath: InsuranceCampaignPath = DEFAULT_CAMPAIGN_PATH,
): SearchResult {
  const insuranceBenefits = contactLensBenefits(result.insuranceBenefits ?? []);
  let searchStatus = parseSearchStatus(result.searchStatus);
  if (
    searchStatus === "Success" &&
    campaignPath === DEFAULT_CAMPAIGN_PATH &&
    insuranceBenefits.some(isCoinsuranceBenefit)
  ) {
    searchStatus = "ContactUs";
  }
  return { searchStatus, insuranceBenefits };
}

/** A failed call to the provider: an HTTP 404 is NotFound, any other failure Error. */
export const statusOfFailure = (httpStatus: number | null): SearchStatus => (httpStatus === 404 ? "NotFound" : "Error");

/** Polling ends when the status is no longer Pending or a benefit succeeded. */
export const isPollingDone = (result: SearchResult) =>
  result.searchStatus !== "Pending" || result.insuranceBenefits.some((benefit) => benefit.searchStatus === "Success");

/** The status after the last poll: still Pending becomes NotFound. */
export const statusAfterLastPoll = (status: SearchStatus): SearchStatus => (status === "Pending" ? "NotFound" : status);

// --- Input ---------------------------------------------------------------------------------------------------

/** A US ZIP (5 digits, optional 4-digit extension after a dash, a space or nothing) → its first 5 digits, or null. */
export function insuranceZip(raw: string): string | null {
  const match = /^\s*([0-9]{5})(?:[-\s]?[0-9]{4})?\s*$/.exec(raw);
  return match ? match[1]! : null;
}

const DATE_FORMATS = ["yyyy-MM-dd", "M/d/yyyy", "MM/dd/yyyy", "yyyyMMdd"];

/** A date of birth as YYYY-MM-DD, or null when unparsable (or not a plausible birth date: in the future, before 1900). */
export function formatDateOfBirth(raw: string | null | undefined): string | null {
  if (typeof raw !== "string") return null;
  const text = raw.trim();
  let date = DateTime.fromISO(text, { zone: "utc" });
  for (const format of DATE_FORMATS) {
    if (date.isValid) break;
    date = DateTime.fromFormat(text, format, { zone: "utc" });
  }
  if (!date.isValid || date.year < 1900 || date > DateTime.utc()) return null;
  return date.toFormat("yyyy-MM-dd");
}

const name = z.string().trim().min(1).max(35);

/** The search criteria (spec 3 §3): the ZIPs reduced to 5 digits; the date of birth formatted or refused. */
export const searchCriteriaSchema = z.object({
  firstName: name,
  lastName: name,
  postalCodes: z
    .array(
      z.string().transform((zip, ctx) => {
        const five = insuranceZip(zip);
        if (five === null) ctx.addIssue({ code: "custom", message: INSURANCE_MESSAGES.invalidZip });
        return five ?? "";
      }),
    )
    .min(1)
    .max(5),
  dateOfBirth: z.string().transform((raw, ctx) => {
    const formatted = formatDateOfBirth(raw);
    if (formatted === null) ctx.addIssue({ code: "custom", message: "Enter the date of birth as YYYY-MM-DD." });
    return formatted ?? "";
  }),
  providers: z.array(z.string().trim().min(1).max(60)).max(10).default([]),
  tags: z
    .object({
      prescriptionId: z.number().int().optional(),
      patientId: z.number().int().optional(),
      customerId: z.number().int().optional(),
    })
    .optional(),
  searchReason: z.string().refine((reason) => (SEARCH_REASONS as readonly string[]).includes(reason), {
    message: INSURANCE_MESSAGES.invalidSearchReason,
  }),
});
export type SearchCriteria = z.output<typeof searchCriteriaSchema>;

/** Date-of-birth verification: the date is formatted, null when unparsable (which verifies nothing). */
export const dateOfBirthVerificationSchema = z.object({
  benefitId: z.string().min(1).max(100),
  dateOfBirth: z
    .string()
    .max(40)
    .nullable()
    .transform((raw) => formatDateOfBirth(raw)),
});

/** The last-four-SSN update: exactly four digits, else the spec's failure message. */
export const coverageUpdateSchema = z.object({
  subscriberLastFourSsn: z.string().regex(/^[0-9]{4}$/, INSURANCE_MESSAGES.ssnUpdateFailed),
});

/** A benefit id (coverage token) in a path. */
export const benefitIdSchema = z.string().regex(/^[A-Za-z0-9-]{1,64}$/);
/** A search token in a path. */
export const searchTokenSchema = z.string().regex(/^[A-Za-z0-9_-]{20,100}$/);

// --- Benefits on the cart and the order (decision 54) ------------------------------------------------------

/**
 * A benefit applied to a cart (spec 3 §3 "Stored applied benefit": benefitId, insuranceBenefitAmount,
 * isCoinsurance) with the plan's name and provider the cart and the order show. Nothing personal: no name, no date
 * of birth, no SSN digits. Amounts are integer cents.
 */
export interface AppliedInsuranceBenefit {
  benefitId: string;
  /** The benefit's remaining allowance when applied; the order uses at most its total. */
  insuranceBenefitAmount: number;
  isCoinsurance: boolean;
  planName: string;
  provider: string;
  /** A benefit the plan pays once: an order that used it leaves nothing for the next (absent on older carts). */
  isOneTimeUse?: boolean;
  /**
   * When the provider's allowance was read (ISO instant; absent on older carts). Orders this store placed with the
   * benefit since then are not in that allowance yet: an order takes what is left after them (decision 54).
   */
  appliedAt?: string;
}

/** The benefit an order used, as the order keeps it (what the cart applied, and how much of it the order took). */
export interface OrderInsuranceBenefit {
  benefitId: string;
  planName: string;
  provider: string;
  amountCents: number;
}

/**
 * A benefit the passive search found for a signed-in customer's cart, offered on the cart until it expires. The
 * search ran without a date of birth (the store keeps none), so applying it asks for one and verifies it.
 */
export interface InsuranceOffer {
  benefitId: string;
  planName: string;
  provider: string;
  remainingAllowance: number;
  isOneTimeUse?: boolean;
  /** When the search read that allowance (ISO instant). */
  foundAt?: string;
  /** The patient the search was for ("Avery Stone"): the shopper's own patient, named so they know whose plan. */
  patientName: string;
  /** ISO instant. */
  expiresAt: string;
}

/** How long a passive search's offer stays on the cart. */
export const INSURANCE_OFFER_LIFETIME_MS = 24 * 60 * 60 * 1000;
/** A customer's passive search runs at most once in this window (its job is a singleton per customer). */
export const PASSIVE_SEARCH_INTERVAL_SECONDS = 6 * 60 * 60;
/** A passive search looks up at most this many of the customer's patients (most recent first). */
export const PASSIVE_SEARCH_MAX_PATIENTS = 3;

export const INSURANCE_CART_MESSAGES = {
  applied: "Your insurance benefit is applied.",
  removed: "Your insurance benefit was removed.",
  notAppliable: "This benefit can't be applied. Check your benefits again or call us.",
  notVerified: "That date of birth doesn't match the plan's member.",
  tooMany: "Too many tries. Please try again later.",
  allowanceUsed:
    "Another order has used your insurance benefit since you applied it, so less of it is left. Please review your order and place it again.",
  insuranceReplacesRebates:
    "Your insurance benefit applies to this order, so manufacturer rebates and the best price guarantee don't: they do not combine with insurance benefits.",
  rebatesUntilInsurance:
    "Manufacturer rebates and the best price guarantee do not combine with insurance benefits. Applying a benefit replaces the rebates on this order.",
  /** A coupon an applied benefit sets aside (insurance-with-discount control, decision 65). */
  couponSetAside:
    "Coupons don't combine with insurance benefits: your insurance benefit applies to this order instead. Remove the benefit to use this coupon.",
  /** An insurance post to a page that does not offer insurance (decision 65). */
  notOffered: "Vision insurance can't be changed on this page. Check your benefits on the vision insurance page.",
} as const;

/** The shopper-facing words for each status of a search. */
export const SEARCH_STATUS_TEXT: Record<SearchStatus, string> = {
  Pending: "We're checking your benefits with your plan. This takes a few seconds.",
  NotFound: "We couldn't find a plan for the member you entered. Check the name, date of birth and ZIP code.",
  ContactUs:
    "We found your plan, but we need to help you use it. Call us at 1-800-266-8228, any time, and we'll apply your benefits.",
  Success: "Good news: we found your contact lens benefits.",
  ProviderError: "Your insurance provider isn't answering right now. Please try again in a few minutes.",
  Error: "Something went wrong while checking your benefits. Please try again.",
};

/**
 * The benefit in a search's result that a cart may take: the search (or that benefit) succeeded, it is a contact
 * lens benefit, useable, with allowance left; a coinsurance benefit only when the search still says Success (the
 * default campaign path turns it into ContactUs, which applies nothing).
 */
export function appliableBenefit(result: SearchResult, benefitId: string): InsuranceBenefit | null {
  const benefit = result.insuranceBenefits.find((candidate) => candidate.benefitId === benefitId);
  if (!benefit || benefit.insuranceType !== CONTACT_LENS) return null;
  if (result.searchStatus !== "Success" && !(result.searchStatus === "Pending" && benefit.searchStatus === "Success"))
    return null;
  return benefit.isUseable && benefit.remainingAllowance > 0 ? benefit : null;
}

/** The benefits of a result a shopper can apply, in the provider's order. */
export const appliableBenefits = (result: SearchResult) =>
  result.insuranceBenefits.filter((benefit) => appliableBenefit(result, benefit.benefitId) !== null);

/**
 * What a passive search keeps (spec 3 §4): only a search that succeeded with some benefit whose remaining allowance
 * is above 0; the benefit with the most allowance left. Null otherwise.
 */
export function passiveSearchKeeps(result: SearchResult): InsuranceBenefit | null {
  if (result.searchStatus !== "Success") return null;
  const kept = appliableBenefits(result).sort((a, b) => b.remainingAllowance - a.remainingAllowance);
  return kept[0] ?? null;
}

/** The applied form of a benefit. */
export const appliedBenefitOf = (benefit: InsuranceBenefit, now: Date): AppliedInsuranceBenefit => ({
  benefitId: benefit.benefitId,
  insuranceBenefitAmount: benefit.remainingAllowance,
  isCoinsurance: isCoinsuranceBenefit(benefit),
  planName: benefit.planName,
  provider: benefit.provider,
  isOneTimeUse: benefit.isOneTimeUse,
  appliedAt: now.toISOString(),
});

/**
 * What is left of an applied benefit for a new order, after what this store's orders took from it since its
 * allowance was read (`usedSince`: their amounts, in cents). A one-time-use benefit that an order used has nothing
 * left.
 */
export function allowanceLeft(applied: AppliedInsuranceBenefit, usedSince: readonly number[]): number {
  if (applied.isOneTimeUse && usedSince.length > 0) return 0;
  return Math.max(0, applied.insuranceBenefitAmount - usedSince.reduce((sum, amount) => sum + amount, 0));
}

/** The insurance benefits total: the applied benefit's amount, never more than what the order costs before it. */
export const insuranceBenefitsTotal = (applied: AppliedInsuranceBenefit | null, totalBeforeInsurance: number) =>
  applied ? Math.max(0, Math.min(applied.insuranceBenefitAmount, totalBeforeInsurance)) : 0;

/** An offer still standing at `now`. */
export const offerStands = (offer: InsuranceOffer | null, now: Date): offer is InsuranceOffer =>
  offer !== null && Date.parse(offer.expiresAt) > now.getTime();

// --- Forms ---------------------------------------------------------------------------------------------------

const requiredName = (what: string) =>
  z
    .string({ error: `Enter the ${what}.` })
    .trim()
    .min(1, `Enter the ${what}.`)
    .max(35, "Use 35 characters or fewer.");

/** 'Check my benefits' (/vision-insurance and the cart): one member, one ZIP, optionally one provider. */
export const benefitSearchFormSchema = z.object({
  firstName: requiredName("member's first name"),
  lastName: requiredName("member's last name"),
  dateOfBirth: z.string({ error: "Enter the member's date of birth." }).transform((raw, ctx) => {
    const formatted = formatDateOfBirth(raw);
    if (formatted === null) ctx.addIssue({ code: "custom", message: "Enter the date of birth as YYYY-MM-DD." });
    return formatted ?? "";
  }),
  zip: z.string({ error: "Enter the member's ZIP code." }).transform((raw, ctx) => {
    const five = insuranceZip(raw);
    if (five === null) ctx.addIssue({ code: "custom", message: INSURANCE_MESSAGES.invalidZip });
    return five ?? "";
  }),
  provider: z.string().trim().max(60).optional(),
});

/** The search criteria of a shopper's form (searchReason customerInitiated). */
export const criteriaOfForm = (
  form: z.output<typeof benefitSearchFormSchema>,
  tags?: SearchCriteria["tags"],
): SearchCriteria => ({
  firstName: form.firstName,
  lastName: form.lastName,
  dateOfBirth: form.dateOfBirth,
  postalCodes: [form.zip],
  providers: form.provider ? [form.provider] : [],
  tags,
  searchReason: "customerInitiated",
});

/** 'Apply to my cart' on a search's results: the benefit and the search it came from. */
export const applyBenefitFormSchema = z.object({
  intent: z.literal("apply-insurance"),
  benefitId: benefitIdSchema,
  searchToken: searchTokenSchema,
});

/** Applying the passive search's offer on the cart: the member's date of birth, verified with the provider. */
export const applyOfferFormSchema = z.object({
  intent: z.literal("apply-insurance-offer"),
  benefitId: benefitIdSchema,
  dateOfBirth: z.string({ error: "Enter the member's date of birth." }).transform((raw, ctx) => {
    const formatted = formatDateOfBirth(raw);
    if (formatted === null) ctx.addIssue({ code: "custom", message: "Enter the date of birth as YYYY-MM-DD." });
    return formatted ?? "";
  }),
});

/** POST api/cart/insurance: a benefit from a search (with its token) or the cart's offer (with a date of birth). */
export const cartInsuranceBodySchema = z
  .object({
    benefitId: benefitIdSchema,
    searchToken: searchTokenSchema.optional(),
    dateOfBirth: z.string().max(40).optional(),
  })
  .refine((body) => body.searchToken !== undefined || body.dateOfBirth !== undefined, {
    message: "Send the searchToken the benefit was found with, or the member's dateOfBirth for the cart's offer.",
  });

/** DELETE api/cart/insurance: the benefits to remove (the cart holds one). */
export const cartInsuranceDeleteSchema = z.object({ benefitIds: z.array(benefitIdSchema).min(1).max(10) });

// --- Exam insurance (spec 3 §3 "exam search result", §4, §7) ---------------------------------------------------

export const EXAM_INSURANCE_STATUSES = ["Searching", "Complete"] as const;
export type ExamInsuranceStatus = (typeof EXAM_INSURANCE_STATUSES)[number];

/** An all-zero coverage token counts as none. */
export const NO_COVERAGE_TOKEN = "00000000-0000-0000-0000-000000000000";
export const hasCoverageToken = (token: string | null | undefined): token is string =>
  typeof token === "string" && token.length > 0 && !/^[0-]+$/.test(token);

export interface ExamInsuranceResult {
  searchToken: string;
  searchStatus: ExamInsuranceStatus;
  isSearching: boolean;
  /** The member's provider, when the search found one. */
  provider: string | null;
  /** The exam benefit's coverage token, or the all-zero id for none. */
  coverageToken: string;
  /** What the exam costs the member under the plan (its copay), when covered. Integer cents. */
  copay: number | null;
}

/**
 * The exam search's answer from a provider's: still searching while the provider says Pending and no exam benefit
 * has arrived; then Complete, with the first unexpired EXAM benefit's coverage token (all-zero when none). A failed
 * read (null) is Complete with no coverage.
 */
export function examInsuranceResult(
  searchToken: string,
  result: ProviderSearchResult | null,
  today: string,
): ExamInsuranceResult {
  const benefits = result?.insuranceBenefits ?? [];
  const exam = benefits.find(
    (benefit) => benefit.insuranceType === "EXAM" && (benefit.expireDate === null || benefit.expireDate >= today),
  );
  const searching = result !== null && parseSearchStatus(result.searchStatus) === "Pending" && !exam;
  const complete = !searching;
  return {
    searchToken,
    searchStatus: searching ? "Searching" : "Complete",
    isSearching: searching,
    provider: complete ? (benefits[0]?.provider ?? null) : null,
    coverageToken: complete && exam ? exam.benefitId : NO_COVERAGE_TOKEN,
    copay: complete && exam ? exam.copay : null,
  };
}

/** POST api/examInsurance/search (and the exam landing page's form): the member and one ZIP. */
export const examInsuranceSearchSchema = z.object({
  firstName: requiredName("member's first name"),
  lastName: requiredName("member's last name"),
  dateOfBirth: z.string({ error: "Enter the member's date of birth." }).transform((raw, ctx) => {
    const formatted = formatDateOfBirth(raw);
    if (formatted === null) ctx.addIssue({ code: "custom", message: "Enter the date of birth as YYYY-MM-DD." });
    return formatted ?? "";
  }),
  postalCode: z.string({ error: "Enter the member's ZIP code." }).transform((raw, ctx) => {
    const five = insuranceZip(raw);
    if (five === null) ctx.addIssue({ code: "custom", message: INSURANCE_MESSAGES.invalidZip });
    return five ?? "";
  }),
  providers: z.array(z.string().trim().min(1).max(60)).max(10).optional(),
});

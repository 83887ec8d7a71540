import { createHash, randomBytes } from "node:crypto";
import { and, eq, gt, lt, sql } from "drizzle-orm";
import type { Database } from "~/services/db/client.server";
import { simulatedInsuranceSearches } from "~/services/db/schema";
import type { InsuranceBenefit, ProviderSearchResult } from "~/models/insurance";
import { EligibilityFailure, type EligibilitySearch, type EligibilityService } from "./eligibility-service";
import { memberOfBenefit, SEED_MEMBERS, type SeedBenefit, type SeedMember } from "./simulated-members";

/**
 * The embedded default (decision 52): an eligibility service that really works on one machine and on N processes.
 * A search matches the criteria against the seeded members at once and keeps only the member it matched, the count
 * of reads and an expiry, keyed by the token's hash (`simulated_insurance_searches`); each read adds one to the count
 * in the same statement, so "answers after a few polls" holds whichever process answers. Dates of birth and SSN
 * digits are compared and dropped, never stored or logged.
 */

export const SIMULATED_ELIGIBILITY = "simulated";

/**
 * The storefront platform (spec 3 §7: "When the campaign path is A, a storefront GraphQL platform path is used
 * instead"): the second eligibility service, which the storefront platform insurance campaign's `insurance_provider`
 * action names (decision 65). Its embedded default is this simulator under that name, with searches of its own.
 */
export const STOREFRONT_PLATFORM_ELIGIBILITY = "storefront-platform";

/** How long a search can be read; an expired one answers 404, and the next search deletes it. */
export const SIMULATED_SEARCH_LIFETIME_MS = 60 * 60 * 1000;

/**
 * A search's key: the token's hash. A simulator under another name hashes its name in too, so two simulated
 * services share the table but neither can read the other's searches (as two real providers could not).
 */
const tokenKey = (name: string, token: string) =>
  createHash("sha256")
    .update(name === SIMULATED_ELIGIBILITY ? token : `${name}\u0000${token}`)
    .digest("hex");
const same = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/**
 * The member the criteria name: first and last name (any case), date of birth (a background search has none), one of
 * the ZIPs, one of the providers.
 */
export function matchMember(search: EligibilitySearch): SeedMember | null {
  return (
    SEED_MEMBERS.find(
      (member) =>
        same(member.firstName, search.firstName) &&
        same(member.lastName, search.lastName) &&
        (search.dateOfBirth === null || member.dateOfBirth === search.dateOfBirth) &&
        search.postalCodes.includes(member.postalCode) &&
        (search.providers.length === 0 || search.providers.some((provider) => same(provider, member.provider))),
    ) ?? null
  );
}

/** A seeded benefit as the provider answers it: useable while it has allowance left and has not expired. */
export function benefitOf(
  member: SeedMember,
  benefit: SeedBenefit,
  searchStatus: string,
  today: string,
): InsuranceBenefit {
  return {
    benefitId: benefit.benefitId,
    firstName: member.firstName,
    lastName: member.lastName,
    remainingAllowance: benefit.remainingAllowance,
    copay: benefit.copay,
    isOneTimeUse: benefit.isOneTimeUse,
    network: member.network,
    planName: member.planName,
    expireDate: benefit.expireDate,
    provider: member.provider,
    coinsurance: benefit.coinsurance,
    maximumBenefit: benefit.maximumBenefit,
    deductible: benefit.deductible,
    inNetwork: benefit.inNetwork,
    isUseable: benefit.remainingAllowance > 0 && benefit.expireDate >= today,
    insuranceType: benefit.insuranceType,
    searchStatus,
  };
}

/** The member's answer to the `poll`-th read (1-based). */
export function answerFor(member: SeedMember, poll: number, now: Date): ProviderSearchResult {
  const answer = member.answers[Math.min(poll, member.answers.length) - 1]!;
  const today = now.toISOString().slice(0, 10);
  return {
    searchStatus: answer.searchStatus,
    insuranceBenefits: member.benefits
      .slice(0, answer.shown)
      .map((benefit) => benefitOf(member, benefit, "Success", today)),
  };
}

export function createSimulatedEligibility(options: {
  db: Database;
  now?: () => Date;
  /** The service's name (SIMULATED_ELIGIBILITY unless it stands in for another service). */
  name?: string;
}): EligibilityService {
  const { db } = options;
  const now = options.now ?? (() => new Date());
  const name = options.name ?? SIMULATED_ELIGIBILITY;
  const hashToken = (token: string) => tokenKey(name, token);
  return {
    name,
    providers: [...new Set(SEED_MEMBERS.map((member) => member.provider))].sort(),

    async forgetExpired(at) {
      const gone = await db
        .delete(simulatedInsuranceSearches)
        .where(lt(simulatedInsuranceSearches.expiresAt, at))
        .returning({ tokenHash: simulatedInsuranceSearches.tokenHash });
      return gone.length;
    },

    async startSearch(search) {
      const started = now();
      await db.delete(simulatedInsuranceSearches).where(lt(simulatedInsuranceSearches.expiresAt, started));
      const searchToken = randomBytes(32).toString("base64url");
      await db.insert(simulatedInsuranceSearches).values({
        tokenHash: hashToken(searchToken),
        memberKey: matchMember(search)?.key ?? null,
        createdAt: started,
        expiresAt: new Date(started.getTime() + SIMULATED_SEARCH_LIFETIME_MS),
      });
      return { searchToken };
    },

    async readSearch(searchToken) {
      const read = now();
      const [row] = await db
        .update(simulatedInsuranceSearches)
        .set({ polls: sql`${simulatedInsuranceSearches.polls} + 1` })
        .where(
          and(
            eq(simulatedInsuranceSearches.tokenHash, hashToken(searchToken)),
            gt(simulatedInsuranceSearches.expiresAt, read),
          ),
        )
        .returning({ memberKey: simulatedInsuranceSearches.memberKey, polls: simulatedInsuranceSearches.polls });
      if (!row) throw new EligibilityFailure(404, "no such search");
      if (row.memberKey === null) return { searchStatus: "NotFound", insuranceBenefits: [] };
      const member = SEED_MEMBERS.find((candidate) => candidate.key === row.memberKey);
      if (!member) return { searchStatus: "NotFound", insuranceBenefits: [] };
      if (member.failure) throw new EligibilityFailure(member.failure, `simulated failure ${member.failure}`);
      return answerFor(member, row.polls, read);
    },

    async verifyDateOfBirth(benefitId, dateOfBirth) {
      const found = memberOfBenefit(benefitId);
      return found ? found.member.dateOfBirth === dateOfBirth : null;
    },

    async updateCoverage(benefitId, subscriberLastFourSsn) {
      const found = memberOfBenefit(benefitId);
      return found ? found.member.ssnLastFour === subscriberLastFourSsn : null;
    },

    async benefitName(benefitId) {
      return memberOfBenefit(benefitId)?.member.planName ?? null;
    },
  };
}

/**
 * Insurance eligibility (issue 27, decision 52): a provider that finds a member's vision benefits from their name,
 * date of birth and ZIP codes, answers the search by token (polled), verifies a date of birth against a benefit,
 * takes the subscriber's last four SSN digits for a coverage, and names a benefit. It answers in the provider's
 * terms (a status that may be anything, every insurance type); the store maps the answer (models/insurance.ts,
 * services/insurance/). The embedded default (simulated-eligibility.server.ts) is a simulated service with seeded
 * members; a real provider's client implements the same interface.
 *
 * Dates of birth and SSN digits pass through and are never logged or stored by an implementation.
 */
import type { InsuranceBenefit, ProviderSearchResult } from "~/models/insurance";

export interface EligibilitySearch {
  firstName: string;
  lastName: string;
  /** 5-digit US ZIPs. */
  postalCodes: readonly string[];
  /** YYYY-MM-DD; null for a background (passive) search, which matches by name and ZIP only (decision 54). */
  dateOfBirth: string | null;
  /** Providers to search (empty: all). */
  providers: readonly string[];
}

/** A call the provider failed, with its HTTP status (null when there was no answer). */
export class EligibilityFailure extends Error {
  constructor(
    readonly httpStatus: number | null,
    message: string,
  ) {
    super(message);
    this.name = "EligibilityFailure";
  }
}

export interface EligibilityService {
  readonly name: string;
  /** The providers a shopper may pick from when searching (empty: the form asks for none). */
  readonly providers: readonly string[];
  /** Starts a search; its token (also called memberSearchToken). */
  startSearch(search: EligibilitySearch): Promise<{ searchToken: string }>;
  /** The search's answer so far; throws EligibilityFailure (404: no such search, or it expired). */
  readSearch(searchToken: string): Promise<ProviderSearchResult>;
  /** Whether the date of birth (YYYY-MM-DD) is the benefit's member's; null: no such benefit. */
  verifyDateOfBirth(benefitId: string, dateOfBirth: string): Promise<boolean | null>;
  /** Whether the provider accepted the subscriber's last four SSN digits; null: no such benefit. */
  updateCoverage(benefitId: string, subscriberLastFourSsn: string): Promise<boolean | null>;
  /** The benefit's name as the provider gives it (its plan); null: no such benefit. */
  benefitName(benefitId: string): Promise<string | null>;
  /** Forgets searches past their lifetime (the passive search's sweep calls it); how many. */
  forgetExpired(now: Date): Promise<number>;
}

export type { InsuranceBenefit, ProviderSearchResult };

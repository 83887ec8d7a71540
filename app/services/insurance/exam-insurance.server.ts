import { examInsuranceResult, type ExamInsuranceResult } from "~/models/insurance";
import { EligibilityFailure } from "../adapters/insurance/eligibility-service";
import type { AppServices } from "../platform/context.server";

/**
 * Exam insurance (spec 3 §4 and §7 "Addresses and exam insurance"; decision 54): the same eligibility provider,
 * asked about the member's EXAM benefit. A search returns a token; its result is polled until Complete, with the
 * provider and the exam benefit's coverage token (all-zero for none). Like the member search, a provider failure is
 * logged by its status only and ends the search (Complete, no coverage); nothing the shopper typed is kept.
 */

type Services = Pick<AppServices, "insurance" | "logger">;

export async function startExamInsuranceSearch(
  services: Services,
  criteria: { firstName: string; lastName: string; dateOfBirth: string; postalCode: string; providers?: string[] },
): Promise<{ searchToken: string | null }> {
  try {
    return await services.insurance.startSearch({
      firstName: criteria.firstName,
      lastName: criteria.lastName,
      dateOfBirth: criteria.dateOfBirth,
      postalCodes: [criteria.postalCode],
      providers: criteria.providers ?? [],
    });
  } catch (error) {
    logFailure(services, error, "exam start");
    return { searchToken: null };
  }
}

export async function readExamInsuranceSearch(
  services: Services,
  searchToken: string,
  now: Date = new Date(),
): Promise<ExamInsuranceResult> {
  const today = now.toISOString().slice(0, 10);
  try {
    return examInsuranceResult(searchToken, await services.insurance.readSearch(searchToken), today);
  } catch (error) {
    logFailure(services, error, "exam read");
    return examInsuranceResult(searchToken, null, today);
  }
}

function logFailure(services: Services, error: unknown, call: string) {
  const httpStatus = error instanceof EligibilityFailure ? error.httpStatus : null;
  services.logger.warn({ provider: services.insurance.name, call, httpStatus }, "insurance provider failed");
}

import type { z } from "zod";
import { isInternational } from "~/models/address";
import { DOCTOR_SEARCH_MESSAGES, doctorSearchSchema, isPhoneShaped } from "~/models/doctor-search";
import { getPrimaryAddress } from "~/services/accounts/addresses.server";
import { bearerToken, jsonError, methodNotAllowed, privateJson, readJsonBody } from "~/services/api/json.server";
import { servicesContext, visitorContext } from "~/services/platform/context.server";
import { doctorJson, searchDoctors } from "~/services/doctors/doctors.server";
import { providerSearchSchema } from "~/services/api/openapi/eye-care-providers.server";
import type { Route } from "./+types/api.eyeCareProviders.search";

type ProviderSearch = z.output<typeof providerSearchSchema>;

export function loader() {
  return methodNotAllowed("POST");
}

/**
 * POST /api/eyeCareProviders/search/ (spec 2 §7) { name | phoneNumber, city?, state?, postalCode? } → 200
 * [{ id, firstName, lastName, phoneNumber, canUseForPassiveVerification, clinic: { id, name, phone, address:
 * { address1, address2, city, state, postalCode } }, distanceMiles (null for a state search) }]: at most 25,
 * nearest first. The location is built as the search page reads it ("city, state postalCode"); when it is empty,
 * a signed-in customer's primary address is used. 400 `{ error }` with the search's messages (e.g. invalidLocation's).
 * An empty list after a phoneNumber search is when a client may add the doctor (POST /api/eyeCareProviders).
 */
export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST") return methodNotAllowed("POST");
  const input = await readJsonBody(request, providerSearchSchema);
  const term = searchTerm(input);
  const location = searchLocation(input);
  const checked = doctorSearchSchema.safeParse({ q: term, location });
  if (!checked.success) {
    return jsonError(400, [...new Set(checked.error.issues.map((issue) => issue.message))].join(" "));
  }

  const { db } = context.get(servicesContext);
  const outcome = await searchDoctors(db, {
    term: checked.data.q,
    location: checked.data.location,
    primaryPostalCode: checked.data.location ? null : await primaryPostalCode(request, context),
  });
  if (!outcome.ok) return jsonError(400, DOCTOR_SEARCH_MESSAGES[outcome.error]);
  return privateJson(outcome.results.map((result) => ({ ...doctorJson(result), distanceMiles: result.distanceMiles })));
}

/** The name or the phone number; each must look like what it is, so a phone search is never read as a name. */
function searchTerm({ name, phoneNumber }: ProviderSearch): string {
  const byName = name?.trim() ?? "";
  const byPhone = phoneNumber?.trim() ?? "";
  if (byName && byPhone) throw jsonError(400, "Send a name or a phoneNumber, not both.");
  if (byPhone && !isPhoneShaped(byPhone)) throw jsonError(400, DOCTOR_SEARCH_MESSAGES.invalidPhone);
  if (byName && isPhoneShaped(byName)) throw jsonError(400, DOCTOR_SEARCH_MESSAGES.invalidName);
  return byName || byPhone;
}

/** "city, state postalCode", leaving out what is missing: the same text the search form takes. */
function searchLocation({ city, state, postalCode }: ProviderSearch): string {
  const place = [city?.trim(), state?.trim()].filter(Boolean).join(", ");
  return [place, postalCode?.trim()].filter(Boolean).join(" ");
}

/** Spec 2 §5: an empty location searches near the signed-in customer's primary (US) address. */
async function primaryPostalCode(request: Request, context: Route.ActionArgs["context"]): Promise<string | null> {
  const { customer } = context.get(visitorContext);
  if (!customer || (request.headers.has("Authorization") && bearerToken(request) === null)) return null;
  const primary = await getPrimaryAddress(context.get(servicesContext).db, customer.id);
  return primary && !isInternational(primary.country) ? primary.postalCode.slice(0, 5) : null;
}

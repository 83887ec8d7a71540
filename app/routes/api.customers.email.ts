import { emailPreferencesRequestSchema } from "~/models/customer-preferences";
import { saveEmailPreferences } from "~/services/accounts/customer-preferences.server";
import {
  parsePreferenceInput,
  readPreferenceBody,
  requirePreferenceCustomer,
} from "~/services/api/customer-preferences.server";
import { methodNotAllowed, privateJson } from "~/services/api/json.server";
import type { Route } from "./+types/api.customers.email";

export function loader() {
  return methodNotAllowed("POST");
}

/**
 * POST /api/customers/email {emailAddress, preferences, cordialMcId} (spec 3 §7) → 200 the address's preferences.
 * 401 NoCustomerAvailable signed out; 400 InvalidEmailPreferences.
 */
export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST") return methodNotAllowed("POST");
  const { customer, db } = requirePreferenceCustomer(request, context);
  const body = await readPreferenceBody(request, "InvalidEmailPreferences");
  const input = parsePreferenceInput(emailPreferencesRequestSchema, body, "InvalidEmailPreferences");
  return privateJson(await saveEmailPreferences(db, customer.id, input));
}

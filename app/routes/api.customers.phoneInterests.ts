import { phoneInterestsRequestSchema } from "~/models/customer-preferences";
import { savePhoneInterests } from "~/services/accounts/customer-preferences.server";
import {
  parsePreferenceInput,
  readPreferenceBody,
  requirePreferenceCustomer,
} from "~/services/api/customer-preferences.server";
import { methodNotAllowed, privateJson } from "~/services/api/json.server";
import type { Route } from "./+types/api.customers.phoneInterests";

export function loader() {
  return methodNotAllowed("POST");
}

/**
 * POST /api/customers/phoneInterests {phoneNumber, interests, source} (spec 3 §7) → 200 the number's interests.
 * 401 NoCustomerAvailable signed out; 400 InvalidPhoneInterests.
 */
export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST") return methodNotAllowed("POST");
  const { customer, db } = requirePreferenceCustomer(request, context);
  const body = await readPreferenceBody(request, "InvalidPhoneInterests");
  const input = parsePreferenceInput(phoneInterestsRequestSchema, body, "InvalidPhoneInterests");
  return privateJson(await savePhoneInterests(db, customer.id, input));
}

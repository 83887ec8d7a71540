import { rxCapturePreferenceRequestSchema } from "~/models/customer-preferences";
import { saveRxCapturePreference } from "~/services/accounts/customer-preferences.server";
import {
  parsePreferenceInput,
  readPreferenceBody,
  requirePreferenceCustomer,
} from "~/services/api/customer-preferences.server";
import { methodNotAllowed, privateJson } from "~/services/api/json.server";
import type { Route } from "./+types/api.customers.rxCapturePreference";

export function loader() {
  return methodNotAllowed("POST");
}

/**
 * POST /api/customers/rxCapturePreference [{ preferenceType: "RxCapture", isOptedIn }] (spec 3 §7) → 200
 * { preference }. 401 NoCustomerAvailable signed out; 400 InvalidRxCapturePreference.
 */
export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST") return methodNotAllowed("POST");
  const { customer, db } = requirePreferenceCustomer(request, context);
  const body = await readPreferenceBody(request, "InvalidRxCapturePreference");
  const [preference] = parsePreferenceInput(rxCapturePreferenceRequestSchema, body, "InvalidRxCapturePreference");
  return privateJson({ preference: await saveRxCapturePreference(db, customer.id, preference!.isOptedIn) });
}

import { emailPreferencesRequestSchema } from "~/models/customer-preferences";
import { saveEmailPreferences } from "~/services/accounts/customer-preferences.server";
import { preferencePost } from "~/services/api/customer-preferences.server";
import { methodNotAllowed } from "~/services/api/json.server";
import type { Route } from "./+types/api.customers.email";

export function loader() {
  return methodNotAllowed("POST");
}

/**
 * POST /api/customers/email {emailAddress, preferences, cordialMcId} (spec 3 §7) → 200 the address's preferences.
 * 401 NoCustomerAvailable signed out; 400 InvalidEmailPreferences.
 */
export function action(args: Route.ActionArgs) {
  return preferencePost(args, emailPreferencesRequestSchema, "InvalidEmailPreferences", saveEmailPreferences);
}

import { phoneInterestsRequestSchema } from "~/models/customer-preferences";
import { savePhoneInterests } from "~/services/accounts/customer-preferences.server";
import { preferencePost } from "~/services/api/customer-preferences.server";
import { methodNotAllowed } from "~/services/api/json.server";
import type { Route } from "./+types/api.customers.phoneInterests";

export function loader() {
  return methodNotAllowed("POST");
}

/**
 * POST /api/customers/phoneInterests {phoneNumber, interests, source} (spec 3 §7) → 200 the number's interests.
 * 401 NoCustomerAvailable signed out; 400 InvalidPhoneInterests.
 */
export function action(args: Route.ActionArgs) {
  return preferencePost(args, phoneInterestsRequestSchema, "InvalidPhoneInterests", savePhoneInterests);
}

import { rxCapturePreferenceRequestSchema } from "~/models/customer-preferences";
import { saveRxCapturePreference } from "~/services/accounts/customer-preferences.server";
import { preferencePost } from "~/services/api/customer-preferences.server";
import { methodNotAllowed } from "~/services/api/json.server";
import type { Route } from "./+types/api.customers.rxCapturePreference";

export function loader() {
  return methodNotAllowed("POST");
}

/**
 * POST /api/customers/rxCapturePreference [{ preferenceType: "RxCapture", isOptedIn }] (spec 3 §7) → 200
 * { preference }. 401 NoCustomerAvailable signed out; 400 InvalidRxCapturePreference.
 */
export function action(args: Route.ActionArgs) {
  return preferencePost(
    args,
    rxCapturePreferenceRequestSchema,
    "InvalidRxCapturePreference",
    async (db, customerId, [preference]) => ({
      preference: await saveRxCapturePreference(db, customerId, preference!.isOptedIn),
    }),
  );
}

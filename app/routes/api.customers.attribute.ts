import { attributeRequestSchema } from "~/models/customer-preferences";
import { saveAttribute } from "~/services/accounts/customer-preferences.server";
import { preferencePost } from "~/services/api/customer-preferences.server";
import { methodNotAllowed } from "~/services/api/json.server";
import type { Route } from "./+types/api.customers.attribute";

export function loader() {
  return methodNotAllowed("POST");
}

/**
 * POST /api/customers/attribute { attribute: { typeId, value } } (spec 3 §7; the consent attribute is type 1,
 * LegalNov2023) → 200 { attributes }. 401 NoCustomerAvailable signed out; 400 InvalidArguments.
 */
export function action(args: Route.ActionArgs) {
  return preferencePost(args, attributeRequestSchema, "InvalidArguments", async (db, customerId, { attribute }) => ({
    attributes: await saveAttribute(db, customerId, attribute),
  }));
}

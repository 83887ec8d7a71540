import { attributeRequestSchema } from "~/models/customer-preferences";
import { saveAttribute } from "~/services/accounts/customer-preferences.server";
import {
  parsePreferenceInput,
  readPreferenceBody,
  requirePreferenceCustomer,
} from "~/services/api/customer-preferences.server";
import { methodNotAllowed, privateJson } from "~/services/api/json.server";
import type { Route } from "./+types/api.customers.attribute";

export function loader() {
  return methodNotAllowed("POST");
}

/**
 * POST /api/customers/attribute { attribute: { typeId, value } } (spec 3 §7; the consent attribute is type 1,
 * LegalNov2023) → 200 { attributes }. 401 NoCustomerAvailable signed out; 400 InvalidArguments.
 */
export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST") return methodNotAllowed("POST");
  const { customer, db } = requirePreferenceCustomer(request, context);
  const body = await readPreferenceBody(request, "InvalidArguments");
  const { attribute } = parsePreferenceInput(attributeRequestSchema, body, "InvalidArguments");
  return privateJson({ attributes: await saveAttribute(db, customer.id, attribute) });
}

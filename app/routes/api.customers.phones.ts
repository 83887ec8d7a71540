import { CUSTOMER_ERROR_MESSAGES, phonesQuerySchema } from "~/models/customer-preferences";
import { phonesForEmail } from "~/services/accounts/customer-preferences.server";
import { PREFERENCE_SIGN_IN } from "~/services/api/customer-preferences.server";
import { requireApiCustomer } from "~/services/api/customer.server";
import { methodNotAllowed, parseJson, privateJson } from "~/services/api/json.server";
import { servicesContext } from "~/services/platform/context.server";
import type { Route } from "./+types/api.customers.phones";

/**
 * GET /api/customers/phones?emailAddress= (spec 3 §7) → 200 { emailAddress, phones }: the signed-in customer's
 * numbers and their text interests, when the address is one of the customer's; none for any other address.
 * 401 NoCustomerAvailable signed out; 400 InvalidArguments for a missing or malformed address.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  if (request.method !== "GET" && request.method !== "HEAD") return methodNotAllowed("GET");
  const customer = requireApiCustomer(request, context, PREFERENCE_SIGN_IN);
  const query = { emailAddress: new URL(request.url).searchParams.get("emailAddress") ?? "" };
  const { emailAddress } = parseJson(phonesQuerySchema, query, {
    code: "InvalidArguments",
    fallback: CUSTOMER_ERROR_MESSAGES.InvalidArguments,
  });
  return privateJson(await phonesForEmail(context.get(servicesContext).db, customer.id, emailAddress));
}

export function action() {
  return methodNotAllowed("GET");
}

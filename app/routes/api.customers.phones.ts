import { phonesQuerySchema } from "~/models/customer-preferences";
import { phonesForEmail } from "~/services/accounts/customer-preferences.server";
import { parsePreferenceInput, requirePreferenceCustomer } from "~/services/api/customer-preferences.server";
import { methodNotAllowed, privateJson } from "~/services/api/json.server";
import type { Route } from "./+types/api.customers.phones";

/**
 * GET /api/customers/phones?emailAddress= (spec 3 §7) → 200 { emailAddress, phones }: the signed-in customer's
 * numbers and their text interests, when the address is one of the customer's; none for any other address.
 * 401 NoCustomerAvailable signed out; 400 InvalidArguments for a missing or malformed address.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  if (request.method !== "GET" && request.method !== "HEAD") return methodNotAllowed("GET");
  const { customer, db } = requirePreferenceCustomer(request, context);
  const query = { emailAddress: new URL(request.url).searchParams.get("emailAddress") ?? "" };
  const { emailAddress } = parsePreferenceInput(phonesQuerySchema, query, "InvalidArguments");
  return privateJson(await phonesForEmail(db, customer.id, emailAddress));
}

export function action() {
  return methodNotAllowed("GET");
}

import { addressJson, readAddressBody } from "~/services/api/addresses.server";
import { requireApiCustomer } from "~/services/api/customer.server";
import { methodNotAllowed, privateJson } from "~/services/api/json.server";
import { createAddress } from "~/services/accounts/addresses.server";
import { servicesContext } from "~/services/platform/context.server";
import type { Route } from "./+types/api.addresses.v2";

export function loader() {
  return methodNotAllowed("POST");
}

/**
 * POST api/addresses/v2 {address} (spec 3 §7) → 201 { address } as the account's 'Add an address' saves it (the
 * first address becomes primary; NeedsVerification until checkout verifies it). 401 signed out; 400 bad input,
 * with the address form's messages.
 */
export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST") return methodNotAllowed("POST");
  const customer = requireApiCustomer(request, context);
  const entry = await readAddressBody(request);
  const { db } = context.get(servicesContext);
  return privateJson({ address: addressJson(await createAddress(db, customer.id, entry)) }, 201);
}

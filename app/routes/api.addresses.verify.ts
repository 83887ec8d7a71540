import { readAddressBody, verifyAddressJson } from "~/services/api/addresses.server";
import { requireApiCustomer } from "~/services/api/customer.server";
import { methodNotAllowed, privateJson } from "~/services/api/json.server";
import { servicesContext } from "~/services/platform/context.server";
import type { Route } from "./+types/api.addresses.verify";

export function loader() {
  return methodNotAllowed("POST");
}

/**
 * POST api/addresses/verify {address} (spec 2 §7: a list of matches, 5 s timeout) → 200 { matches,
 * verificationStatus, reason } (addressVerifyResponseSchema). A verifier that fails or takes longer than 5 s gives
 * no matches, never an error. 401 signed out (spec 3 §6: address calls need a customer); 400 bad input.
 */
export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST") return methodNotAllowed("POST");
  requireApiCustomer(request, context);
  const entry = await readAddressBody(request);
  return privateJson(await verifyAddressJson(context.get(servicesContext), entry));
}

import { addressJson, readAddressBody } from "~/services/api/addresses.server";
import { requireApiCustomer } from "~/services/api/customer.server";
import { jsonError, methodNotAllowed, privateJson } from "~/services/api/json.server";
import { addressIdSchema } from "~/services/api/schemas/addresses-api";
import { getAddress, updateAddress } from "~/services/accounts/addresses.server";
import { servicesContext } from "~/services/platform/context.server";
import type { Route } from "./+types/api.addresses.v2.$id";

export function loader() {
  return methodNotAllowed("PUT");
}

/**
 * PUT api/addresses/v2/{id} {address} (spec 3 §7) → 200 { address } as the account's 'Edit address' saves it (it
 * needs verifying again). 401 signed out; 400 bad input; 404 another customer's address, exactly like a missing one.
 */
export async function action({ request, params, context }: Route.ActionArgs) {
  if (request.method !== "PUT") return methodNotAllowed("PUT");
  const customer = requireApiCustomer(request, context);
  const id = addressIdSchema.safeParse(params.id);
  const notFound = () => jsonError(404, `There is no address ${params.id}.`);
  if (!id.success) return notFound();
  const entry = await readAddressBody(request);
  const { db } = context.get(servicesContext);
  if (!(await updateAddress(db, customer.id, id.data, entry))) return notFound();
  const saved = await getAddress(db, customer.id, id.data);
  return saved ? privateJson({ address: addressJson(saved) }) : notFound();
}

import { addressJson } from "~/services/api/addresses.server";
import { requireApiCustomer } from "~/services/api/customer.server";
import { jsonError, methodNotAllowed, privateJson } from "~/services/api/json.server";
import { addressIdSchema } from "~/services/api/schemas/addresses-api";
import { deleteAddress, listAddresses } from "~/services/accounts/addresses.server";
import { servicesContext } from "~/services/platform/context.server";
import type { Route } from "./+types/api.addresses.$id";

export function loader() {
  return methodNotAllowed("DELETE");
}

/**
 * DELETE api/addresses/{id} (spec 3 §7) → 200 the addresses left, as the account's address book deletes: a
 * primary address may go (the most recent remaining one becomes primary), and subscriptions keep the copy of the
 * address they ship to, so none is refused (decision 39). 401 signed out; 404 another customer's address, exactly
 * like a missing one.
 */
export async function action({ request, params, context }: Route.ActionArgs) {
  if (request.method !== "DELETE") return methodNotAllowed("DELETE");
  const customer = requireApiCustomer(request, context);
  const id = addressIdSchema.safeParse(params.id);
  if (!id.success) return jsonError(404, `There is no address ${params.id}.`);
  const { db } = context.get(servicesContext);
  if (!(await deleteAddress(db, customer.id, id.data))) return jsonError(404, `There is no address ${params.id}.`);
  return privateJson((await listAddresses(db, customer.id)).map(addressJson));
}

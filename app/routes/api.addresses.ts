import { addressJson } from "~/services/api/addresses.server";
import { requireApiCustomer } from "~/services/api/customer.server";
import { methodNotAllowed, privateJson } from "~/services/api/json.server";
import { listAddresses } from "~/services/accounts/addresses.server";
import { servicesContext } from "~/services/platform/context.server";
import type { Route } from "./+types/api.addresses";

/** GET api/addresses (spec 3 §7) → 200 the customer's addresses, the primary one first; 401 signed out. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const customer = requireApiCustomer(request, context);
  const { db } = context.get(servicesContext);
  return privateJson((await listAddresses(db, customer.id)).map(addressJson));
}

export function action() {
  return methodNotAllowed();
}

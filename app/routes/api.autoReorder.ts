import { methodNotAllowed, privateJson } from "~/services/api/json.server";
import { servicesContext } from "~/services/platform/context.server";
import { SUBSCRIPTION_SIGN_IN, subscriptionsJson } from "~/services/api/subscriptions.server";
import { listSubscriptions } from "~/services/subscriptions/subscriptions.server";
import { requireApiCustomer } from "~/services/api/customer.server";
import type { Route } from "./+types/api.autoReorder";

/**
 * GET api/autoReorder (spec 3 §7) → 200 the signed-in customer's listable subscriptions (active, with an item to
 * send; spec 3 §3), next order first, as a JSON list of subscriptions; 401 signed out.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const customer = requireApiCustomer(request, context, SUBSCRIPTION_SIGN_IN);
  const { db } = context.get(servicesContext);
  return privateJson(
    await subscriptionsJson(db, await listSubscriptions(db, customer.id), { withPaymentMethods: true }),
  );
}

export function action() {
  return methodNotAllowed("GET");
}

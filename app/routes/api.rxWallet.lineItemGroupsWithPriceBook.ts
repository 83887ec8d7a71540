import { jsonError, methodNotAllowed, privateJson } from "~/services/api/json.server";
import {
  entriesPriceBook,
  orderAgainEntries,
  plannedGroupsJson,
  readWalletEntriesCall,
} from "~/services/api/rx-wallet.server";
import { servicesContext, visitorContext } from "~/services/platform/context.server";
import { planOrderAgain, type OrderAgainPlan } from "~/services/prescriptions/wallet-cart.server";
import type { Route } from "./+types/api.rxWallet.lineItemGroupsWithPriceBook";

export function loader() {
  return methodNotAllowed("POST");
}

/**
 * POST api/rxWallet/lineItemGroupsWithPriceBook { entries, priceBook? } → 200 { priceBook, lineItemGroups }: the
 * groups 'Order again' would add for these prescriptions, priced in the price book; the cart is not touched.
 * 401 signed out; 400 bad input; 404 not the customer's prescription; 422 one that cannot be ordered.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const { customer, body } = await readWalletEntriesCall(request, context);
  const { db } = context.get(servicesContext);
  const priceBook = entriesPriceBook(body, context.get(visitorContext).priceBook);
  const plans: OrderAgainPlan[] = [];
  for (const entry of orderAgainEntries(body)) {
    const planned = await planOrderAgain(db, customer.id, entry);
    if (!planned.ok) return jsonError(planned.status, planned.message);
    plans.push(planned.plan);
  }
  return privateJson({ priceBook, lineItemGroups: await plannedGroupsJson(db, plans, priceBook) });
}

import { jsonError, methodNotAllowed, privateJson } from "~/services/api/json.server";
import { apiCartClient, cartJson } from "~/services/api/cart.server";
import { entriesPriceBook, orderAgainEntries, readWalletEntriesCall } from "~/services/api/rx-wallet.server";
import { createCart } from "~/services/cart/cart.server";
import { visitorContext } from "~/services/platform/context.server";
import { orderAgain } from "~/services/prescriptions/wallet-cart.server";
import type { Route } from "./+types/api.rxWallet";

export function loader() {
  return methodNotAllowed("POST");
}

/**
 * POST api/rxWallet { entries: [{ prescriptionId, isSubscription, rightEyeQuantity, leftEyeQuantity, pricebook,
 * alternativeQuantityProductId, rightColorId, leftColorId }] } → 200 the cart (as GET api/cart answers it) with
 * `addedLineItemGroupIds`: one lens group per entry, carrying the prescription (UPCs, parameters, patient, doctor,
 * expiration date), so the funnel skips the prescription and patient steps. All or nothing: 401 signed out; 400 bad
 * input; 404 not the customer's prescription; 422 one that cannot be ordered (expired, not yet submitted, a lens no
 * longer sold, out of stock).
 */
export async function action({ request, context }: Route.ActionArgs) {
  const { customer, body } = await readWalletEntriesCall(request, context);
  const client = await apiCartClient(request, context);
  const { session } = context.get(visitorContext);
  // A cookie client's cart is the session's (made when missing); a bearer client's is the customer's latest.
  const target = client.viaBearer
    ? { customerId: customer.id, cartId: client.cartId ?? (await createCart(client.services.db, customer.id)) }
    : { customerId: customer.id, session };
  const ordered = await orderAgain(client.services.db, target, orderAgainEntries(body));
  if (!ordered.ok) return jsonError(ordered.status, ordered.message);
  const shopper = { ...client.shopper, priceBook: entriesPriceBook(body, client.shopper.priceBook) };
  return privateJson({
    ...(await cartJson(client.services, ordered.cartId, shopper)),
    addedLineItemGroupIds: ordered.groupIds,
  });
}

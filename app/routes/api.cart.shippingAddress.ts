import { toAddressInput } from "~/models/address";
import { ensureShippingName } from "~/models/shipping-name";
import { methodNotAllowed, privateJson, readJsonBody } from "~/services/api/json.server";
import { apiCartClient, cartChangeError, cartJson, requireCartId } from "~/services/api/cart.server";
import { requireApiCustomer } from "~/services/api/customer.server";
import { cartShippingAddressRequestSchema } from "~/services/api/schemas/cart-api";
import { verifySubscriptionAddress } from "~/services/api/subscriptions.server";
import { listAddresses } from "~/services/accounts/addresses.server";
import { saveShippingAddress } from "~/services/funnel/checkout-address.server";
import type { Route } from "./+types/api.cart.shippingAddress";

export function loader() {
  return methodNotAllowed("PUT");
}

/**
 * PUT /api/cart/shippingAddress { shippingAddress, version? } (spec 2 §7; cartShippingAddressRequestSchema): the
 * address step for an API client. Signed in only (spec 2 §4: the shipping address needs a signed-in customer).
 * The address is checked by the address book's rules, its shipping name ensured, and verified as checkout
 * verifies; a client cannot answer the 'Verify your address' dialog, so the address is stored as sent — Verified
 * when the verifier matched it exactly, else NeedsVerification, with a differing match returned as `suggestion`
 * (send it to take it; POST api/addresses/verify gives the matches first). Like the address step it also goes
 * into the address book. → 200 the cart with `verification`; 401 signed out; 400 bad input; 404 no cart; 409
 * `{ error, version }` the cart changed since `version`.
 */
export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "PUT") return methodNotAllowed("PUT");
  const customer = requireApiCustomer(request, context);
  const client = await apiCartClient(request, context);
  const input = await readJsonBody(request, cartShippingAddressRequestSchema);
  const cartId = requireCartId(client);
  const { db } = client.services;
  const entry = ensureShippingName(
    toAddressInput(input.shippingAddress),
    await listAddresses(db, customer.id),
    customer,
  );
  const { snapshot, verification } = await verifySubscriptionAddress(client.services, entry);
  try {
    await saveShippingAddress(db, {
      cartId,
      customerId: customer.id,
      address: entry,
      verificationStatus: snapshot.verificationStatus,
      addressId: null,
      expectedVersion: input.version ?? null,
    });
  } catch (error) {
    return cartChangeError(error);
  }
  return privateJson({ ...(await cartJson(client.services, cartId, client.shopper)), verification });
}

import { methodNotAllowed, privateJson } from "~/services/api/json.server";
import { keepInAddressBook } from "~/services/funnel/checkout-address.server";
import {
  changeFailure,
  currentSubscriptionJson,
  requireSubscription,
  subscriptionCall,
  verifySubscriptionAddress,
} from "~/services/api/subscriptions.server";
import { setSubscriptionAddress } from "~/services/subscriptions/subscriptions.server";
import { readAddressBody } from "~/services/api/addresses.server";
import type { Route } from "./+types/api.autoReorder.$id.address";

export function loader() {
  return methodNotAllowed("PUT");
}

/**
 * PUT /api/autoReorder/:id/address { address: { firstName, lastName, address1, address2?, city, state, region?,
 * postalCode, country (default US), phone? } } (spec 3 §7), checked by the address book's rules → 200
 * { subscription, verification: { status, suggestion } }. Verified as checkout verifies; an API client cannot
 * answer the 'Verify your address' dialog, so the address is stored as sent — Verified when the verifier matched
 * it exactly, NeedsVerification otherwise — and a differing match comes back as `suggestion` (send it to take it).
 * The address also goes into the customer's address book, as at checkout.
 * 400 bad input, 404 not the customer's, 409 cancelled.
 */
export async function action({ request, params, context }: Route.ActionArgs) {
  const { customer, id, services } = subscriptionCall({ request, params, context }, { is: "PUT" });
  const entry = await readAddressBody(request);
  await requireSubscription(services.db, customer.id, id);
  const { snapshot, verification } = await verifySubscriptionAddress(services, entry);
  // Into the address book too (the same entry when it is already there), as the page and checkout do.
  const addressId = await keepInAddressBook(services.db, {
    customerId: customer.id,
    address: entry,
    verificationStatus: snapshot.verificationStatus,
    addressId: null,
  });
  const result = await setSubscriptionAddress(services.db, customer.id, id, { ...snapshot, addressId });
  if (!result.ok) return changeFailure(result);
  return privateJson({ subscription: await currentSubscriptionJson(services.db, customer.id, id), verification });
}

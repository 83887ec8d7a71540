import {
  cartInsuranceBodySchema,
  cartInsuranceDeleteSchema,
  formatDateOfBirth,
  INSURANCE_CART_MESSAGES,
} from "~/models/insurance";
import { apiCartClient, cartChangeError, cartForChange, cartJson, requireCartId } from "~/services/api/cart.server";
import { jsonError, methodNotAllowed, privateJson, readJsonBody } from "~/services/api/json.server";
import { applyBenefitFromSearch, applyOfferedBenefit, removeBenefits } from "~/services/cart/cart-insurance.server";
import { insuranceServicesFor } from "~/services/insurance/eligibility-choice.server";
import { requestInfoContext, visitorContext } from "~/services/platform/context.server";
import type { Route } from "./+types/api.cart.insurance";

export function loader() {
  return methodNotAllowed("POST", "DELETE");
}

/**
 * POST api/cart/insurance {benefitId, searchToken} applies a benefit a search found (read again by its token), or
 * {benefitId, dateOfBirth} the passive search's offer on the cart (the date verified with the provider) → 200
 * { message, cart } with orderSummary.insuranceBenefitsTotal and the Insurance_Customer group; 422 when the benefit
 * can't be applied or the date doesn't match; 429 too many tries. DELETE api/cart/insurance {benefitIds} removes it
 * → 200 { message, cart }; 404 without a cart or when the cart has none of those benefits. (Decision 54.)
 */
export async function action({ request, context }: Route.ActionArgs) {
  if (request.method === "DELETE") return remove(request, context);
  if (request.method !== "POST") return methodNotAllowed("POST", "DELETE");
  const client = await apiCartClient(request, context);
  const body = await readJsonBody(request, cartInsuranceBodySchema);
  const { shopper } = client;
  // The benefit is read again (or its member's date verified) on the visitor's eligibility service (decision 65).
  const services = insuranceServicesFor(client.services, context.get(visitorContext));
  const { cartId, commit } = await cartForChange(client, context);
  const outcome = body.searchToken
    ? await applyBenefitFromSearch(services, cartId, { benefitId: body.benefitId, searchToken: body.searchToken })
    : await applyOfferedBenefit(services, cartId, {
        benefitId: body.benefitId,
        dateOfBirth: formatDateOfBirth(body.dateOfBirth),
        clientIp: context.get(requestInfoContext).clientIp,
      });
  if (!outcome.ok) return commit(jsonError(outcome.reason === "too-many" ? 429 : 422, outcome.message));
  return commit(
    privateJson({ message: INSURANCE_CART_MESSAGES.applied, cart: await cartJson(services, cartId, shopper) }),
  );
}

async function remove(request: Request, context: Route.ActionArgs["context"]) {
  const client = await apiCartClient(request, context);
  const { benefitIds } = await readJsonBody(request, cartInsuranceDeleteSchema);
  const cartId = requireCartId(client);
  let removed: boolean;
  try {
    removed = await removeBenefits(client.services.db, cartId, benefitIds);
  } catch (error) {
    return cartChangeError(error);
  }
  if (!removed) return jsonError(404, "The cart has no such insurance benefit.");
  return privateJson({
    message: INSURANCE_CART_MESSAGES.removed,
    cart: await cartJson(client.services, cartId, client.shopper),
  });
}

import { jsonError, methodNotAllowed, privateJson, readJsonBody } from "~/services/api/json.server";
import { subscriptionSummarySchema } from "~/services/api/openapi/auto-reorder.server";
import { requireSubscription, SUBSCRIPTION_SIGN_IN, requireSubscriptionId } from "~/services/api/subscriptions.server";
import { servicesContext, visitorContext } from "~/services/platform/context.server";
import { findProductById } from "~/services/catalog/catalog.server";
import { subscriptionPrice, type SubscriptionPriceItem } from "~/services/subscriptions/subscription-pricing.server";
import { requireApiCustomer } from "~/services/api/customer.server";
import type { Route } from "./+types/api.autoReorder.summary";

export function loader() {
  return methodNotAllowed("POST");
}

/**
 * POST /api/autoReorder/summary (spec 3 §7) { subscriptionId } | { items: [{ productId, whichEye, quantity }] } →
 * 200 { subscriptionId, priceBook, subTotal, discountAmount, shipping: 0, totalAmount, promotions }: what one
 * reorder costs as an auto-reorder order — the customer's subscription, or the items of one about to be made (a
 * cart's auto-reorder group) — in the shopper's price book with the running auto-reorder promotions. Spec 3 §9:
 * shipping in the subscription summary is 0; tax is figured when the order is placed. 400 bad input; 401 a
 * subscriptionId signed out; 404 not the customer's subscription, or an unknown product; 422 a product that is not
 * sold on auto-reorder.
 */
export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST") return methodNotAllowed("POST");
  const body = await readJsonBody(request, subscriptionSummarySchema);
  const { db } = context.get(servicesContext);
  const visitor = context.get(visitorContext);
  let items: SubscriptionPriceItem[];
  let customerId = visitor.customer?.id ?? null;
  if (body.subscriptionId !== undefined) {
    const customer = requireApiCustomer(request, context, SUBSCRIPTION_SIGN_IN);
    customerId = customer.id;
    const id = requireSubscriptionId(String(body.subscriptionId));
    const view = await requireSubscription(db, customer.id, id, { allowCancelled: true });
    items = view.items.map(({ productId, whichEye, quantity }) => ({ productId, whichEye, quantity }));
  } else {
    items = body.items ?? [];
    for (const productId of new Set(items.map((item) => item.productId))) {
      const product = await findProductById(db, productId);
      if (!product || product.isHidden) return jsonError(404, `No product with id ${productId}.`);
      if (!product.allowsAutoReorder || product.discontinuedInCatalog) {
        return jsonError(422, `${product.displayName} cannot be ordered on auto-reorder.`);
      }
    }
  }
  const price = await subscriptionPrice(db, items, { customerId, priceBook: visitor.priceBook });
  return privateJson({
    subscriptionId: body.subscriptionId ?? null,
    priceBook: visitor.priceBook,
    subTotal: price.subtotalCents,
    discountAmount: price.discountCents,
    shipping: 0,
    totalAmount: price.totalCents,
    promotions: price.promotions.map(({ description, amountCents }) => ({ description, amount: amountCents })),
  });
}

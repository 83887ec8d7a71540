import { jsonError, methodNotAllowed, privateJson, readJsonBody } from "~/services/api/json.server";
import { promotionDiscounts } from "~/services/api/cart.server";
import { servicesContext, visitorContext } from "~/services/platform/context.server";
import { productDiscountsSchema } from "~/services/api/openapi/catalog.server";
import type { Route } from "./+types/api.promotions.productDiscountsWithProductSpecific";

export function loader() {
  return methodNotAllowed("POST");
}

/**
 * POST /api/promotions/productDiscountsWithProductSpecific {productDiscountItems: [{productId, quantity, color?,
 * eye?}], promotions?: [promotionId]} → [{ productId, quantity, amount (cents), eye, itemId ("item-{index}") }]:
 * the discounts the running automatic promotions give these items as one hypothetical cart, priced in the
 * shopper's book (one entry per item that gets a discount). 400 a bad payload, 404 an unknown product.
 */
export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST") return methodNotAllowed("POST");
  const input = await readJsonBody(request, productDiscountsSchema);
  const { db } = context.get(servicesContext);
  const { customer, priceBook } = context.get(visitorContext);
  const result = await promotionDiscounts(
    db,
    input.productDiscountItems,
    { customerId: customer?.id ?? null, priceBook },
    input.promotions ?? null,
  );
  if ("missing" in result) return jsonError(404, `No product with id ${result.missing}.`);
  return privateJson(result.discounts);
}

import { z } from "zod";
import { jsonError, methodNotAllowed, parseJson, privateJson, readJson } from "~/services/api/json.server";
import { promotionDiscounts } from "~/services/api/cart.server";
import { servicesContext, visitorContext } from "~/services/platform/context.server";
import type { Route } from "./+types/api.promotions.productDiscountsWithProductSpecific";

const EYES = { right: "right", r: "right", od: "right", left: "left", l: "left", os: "left", none: "none" } as const;

const discountItemSchema = z.object({
  productId: z.number({ error: "A productId is a number." }).int().min(1).max(999_999),
  quantity: z
    .number({ error: "A quantity is a whole number from 1 to 99." })
    .int({ error: "A quantity is a whole number from 1 to 99." })
    .min(1, { error: "A quantity is a whole number from 1 to 99." })
    .max(99, { error: "A quantity is a whole number from 1 to 99." }),
  // Colour does not change a price; it is accepted so the spec's payload passes.
  color: z.string().max(60).nullish(),
  eye: z
    .string()
    .trim()
    .toLowerCase()
    .refine((eye) => Object.hasOwn(EYES, eye), { error: "The eye is Right, Left or none." })
    .transform((eye) => EYES[eye as keyof typeof EYES])
    .nullish()
    .transform((eye) => eye ?? "none"),
});

const payloadSchema = z.object({
  productDiscountItems: z
    .array(discountItemSchema, { error: "Send productDiscountItems: a list of { productId, quantity }." })
    .min(1, { error: "Send at least one product discount item." })
    .max(20, { error: "Send at most 20 product discount items." }),
  promotions: z.array(z.number().int().min(1)).max(100).nullish(),
});

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
  const input = parseJson(payloadSchema, await readJson(request));
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

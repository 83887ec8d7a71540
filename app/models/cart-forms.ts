import { z } from "zod";

/** The cart page's per-line forms (intent=update-quantity, intent=remove), shared by browser and action. */
export const cartLineSchema = z.discriminatedUnion("intent", [
  z.object({
    intent: z.literal("update-quantity"),
    itemId: z.uuid({ error: "That item is no longer in your cart." }),
    quantity: z.coerce
      .number({ error: "Choose a quantity from the list." })
      .int({ error: "Choose a quantity from the list." })
      .min(1, { error: "Choose a quantity from the list." })
      .max(99, { error: "Choose a quantity from the list." }),
  }),
  z.object({
    intent: z.literal("remove"),
    itemId: z.uuid({ error: "That item is no longer in your cart." }),
  }),
]);
export type CartLineAction = z.infer<typeof cartLineSchema>;

export const CART_MESSAGES = {
  itemGone: "That item is no longer in your cart.",
  cartGone: "Your cart is empty. Add items first.",
  quantityNotOffered: "Choose a quantity from the list.",
} as const;

/** Spec 2 §8: the coupon messages, word for word. */
export const COUPON_MESSAGES = {
  invalid: "The coupon code is not valid.",
  betterApplied: "A better promotion is already applied.",
  notQualified: "Your cart does not qualify for this promotion.",
} as const;

/** Codes are trimmed and compared case-insensitively (stored upper case). */
export function normalizeCouponCode(code: string): string {
  return code.trim().toUpperCase();
}

export const couponCodeSchema = z
  .string({ error: COUPON_MESSAGES.invalid })
  .trim()
  // abort: a blank code is one mistake, so it gets one message (not the pattern's too).
  .min(1, { error: COUPON_MESSAGES.invalid, abort: true })
  .max(40, { error: COUPON_MESSAGES.invalid, abort: true })
  .regex(/^[A-Za-z0-9-]+$/, { error: COUPON_MESSAGES.invalid })
  .transform(normalizeCouponCode);

/** The cart page's coupon and shipping forms (each its own intent). */
export const couponFormSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("apply-coupon"), couponCode: couponCodeSchema }),
  z.object({ intent: z.literal("remove-coupon") }),
]);

export const shippingFormSchema = z.object({
  intent: z.literal("set-shipping"),
  shippingLevel: z.coerce
    .number({ error: "Choose a shipping method." })
    .int({ error: "Choose a shipping method." })
    .min(0, { error: "Choose a shipping method." })
    .max(4, { error: "Choose a shipping method." }),
});

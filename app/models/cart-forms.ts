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
  quantityNotOffered: "Choose a quantity from the list.",
} as const;

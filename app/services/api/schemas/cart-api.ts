import { z } from "zod";
import type { ShippingLevel } from "~/models/shipping";
import { addressSchema, addressSnapshotSchema, addressVerificationSchema } from "./addresses-api";

/**
 * The request and response schemas of the cart calls (spec 2 §7): GET and POST api/cart, POST api/cart/items,
 * PUT api/lineItemGroups/quantity, DELETE api/lineItemGroups/{id}, PUT api/cart/shippingAddress. The routes parse
 * with these (parseJson), and the OpenAPI document (openapi/cart.server.ts) is built from them: the one cart answer
 * every cart call gives is `cartResponseSchema`. Pure zod: no server code.
 */

const QUANTITY_MESSAGE = "A quantity is a whole number from 1 to 99.";
const VERSION_MESSAGE = "The cart's version is a whole number from 0.";

export const quantitySchema = z
  .number({ error: QUANTITY_MESSAGE })
  .int({ error: QUANTITY_MESSAGE })
  .min(1, { error: QUANTITY_MESSAGE })
  .max(99, { error: QUANTITY_MESSAGE });

/** The cart's version as the client read it (GET api/cart); a change made since then is a 409. */
export const cartVersionSchema = z
  .number({ error: VERSION_MESSAGE })
  .int({ error: VERSION_MESSAGE })
  .min(0, { error: VERSION_MESSAGE });

const SHIPPING_LEVEL_MESSAGE = "The shipping level must be 0, 1, 2, 3 or 4.";

/** Spec: 0 Standard, 1 Expedited, 2 NextDay, 3 NextDayByNoon, 4 SameDay. */
export const SHIPPING_LEVEL_SCHEMA_NOTE = "0 Standard, 1 Expedited, 2 NextDay, 3 NextDayByNoon, 4 SameDay.";
export const shippingLevelInputSchema = z
  .number({ error: SHIPPING_LEVEL_MESSAGE })
  .int({ error: SHIPPING_LEVEL_MESSAGE })
  .min(0, { error: SHIPPING_LEVEL_MESSAGE })
  .max(4, { error: SHIPPING_LEVEL_MESSAGE })
  .transform((level) => level as ShippingLevel)
  .describe(SHIPPING_LEVEL_SCHEMA_NOTE);

// --- Adding a product ------------------------------------------------------------------------------------------

const EYE_MESSAGE = 'whichEye is "Right" or "Left" for a lens, "none" (or left out) for solution.';

/**
 * A new line: the product, the eye (spec: Right/Left in cart payloads; "none" for solution), the lens parameters by
 * their names (power, baseCurve, diameter, axis, cylinder, addPower, color, monovisionCode) and the quantity.
 */
export const newLineItemSchema = z.object({
  productId: z.number({ error: "Send the productId." }).int().min(1).max(999_999),
  whichEye: z
    .string({ error: EYE_MESSAGE })
    .transform((eye) => eye.toLowerCase())
    .pipe(z.enum(["right", "left", "none"], { error: EYE_MESSAGE }))
    .optional(),
  parameters: z.record(z.string().max(40), z.string().max(40)).optional(),
  quantity: quantitySchema,
});
export type NewLineItemInput = z.output<typeof newLineItemSchema>;

/**
 * A new line item group: one product, one line per eye (or one solution line). `prescriptionLater` adds the lenses
 * without parameters, as the product page's 'enter it later' button does (the RxDetails step asks for them).
 */
export const newLineItemGroupSchema = z.object({
  lineItems: z
    .array(newLineItemSchema, { error: "Send the group's lineItems." })
    .min(1, { error: "A new group needs at least one line item." })
    .max(2, { error: "A new group has at most two line items (right and left eye)." }),
  autoReorder: z
    .object({ reorderFrequencyInDays: z.number().int().min(1).max(999) })
    .nullable()
    .optional(),
  prescriptionLater: z.boolean().optional(),
});
export type NewLineItemGroupInput = z.output<typeof newLineItemGroupSchema>;

/** POST api/cart/items: one new group; `version`, when sent, must be the cart's. */
export const cartItemsRequestSchema = newLineItemGroupSchema.extend({ version: cartVersionSchema.optional() });

/** An item already in the cart, with its (new) quantity. */
const existingLineItemSchema = z.object({ itemId: z.string().min(1).max(100), quantity: quantitySchema });

/**
 * A group of POST api/cart: one already in the cart (its `id`, each item by `itemId`), or a new one (no `id`; items
 * naming `productId`). Unknown fields are ignored, so a client may send back what GET gave it.
 */
export const existingLineItemGroupSchema = z.object({
  id: z.string().min(1).max(100),
  lineItems: z.array(existingLineItemSchema).max(50),
});
export const modifiedLineItemGroupSchema = z.union([
  existingLineItemGroupSchema,
  newLineItemGroupSchema.extend({ id: z.undefined().optional() }),
]);

/** POST api/cart: the client's modified cart at the version it read. */
export const modifiedCartSchema = z.object({
  version: z.number({ error: "Send the cart's version." }).int().min(0),
  lineItemGroups: z.array(modifiedLineItemGroupSchema).max(50).optional(),
  coupon: z
    .object({ couponCode: z.string().max(100) })
    .nullable()
    .optional(),
  selectedShippingMethod: z.object({ shippingLevel: shippingLevelInputSchema }).optional(),
});

// --- Line item groups ------------------------------------------------------------------------------------------

/** PUT api/lineItemGroups/quantity: items (by their itemId) and new quantities; the others stay as they are. */
export const lineItemQuantitiesRequestSchema = z.object({
  version: cartVersionSchema.optional(),
  lineItemQuantities: z
    .array(z.object({ id: z.string({ error: "Send each item's id." }).min(1).max(100), quantity: quantitySchema }), {
      error: "Send lineItemQuantities: a list of { id, quantity }.",
    })
    .min(1, { error: "Send at least one line item quantity." })
    .max(100),
});

/** DELETE api/lineItemGroups/{id}: the group's id in the path; `?version=` optional. */
export const lineItemGroupIdSchema = z.string().min(1).max(100);
export const versionQuerySchema = z
  .string()
  .regex(/^[0-9]{1,9}$/, { error: VERSION_MESSAGE })
  .transform(Number)
  .optional();

/** PUT api/cart/shippingAddress: the address (the address book's fields); `version` optional. */
export const cartShippingAddressRequestSchema = z.object({
  version: cartVersionSchema.optional(),
  shippingAddress: addressSchema,
});

// --- The cart (responses) --------------------------------------------------------------------------------------

const cents = z.number().int().describe("Integer cents.");

const rewardSchema = z.object({
  rewardType: z.string(),
  amount: cents,
  description: z.string(),
  itemIds: z.array(z.string()),
});

/** The cart's totals (spec 2 §9), as the order summary shows them. */
export const cartOrderSummarySchema = z.object({
  subTotal: cents,
  discountAmount: cents,
  shipping: cents.describe("What the shopper pays for shipping (price less the shipping discount)."),
  shippingDiscount: cents,
  taxAmount: cents,
  rebateTotal: cents,
  insuranceBenefitsTotal: cents,
  customerCredits: cents,
  totalAmount: cents,
  totalAfterCredits: cents,
  totalBeforeDiscounts: cents,
  totalAfterRebates: cents,
});

/**
 * The cart as every cart call answers it (spec 2 "Cart"): GET api/cart (a missing cart is this shape empty, cartId
 * null), and the changes. Every amount is integer cents.
 */
export const cartResponseSchema = z.object({
  cartId: z.string().nullable(),
  version: z.number().int(),
  lineItemGroups: z.array(
    z.object({
      id: z.string(),
      type: z.enum(["Lens", "Solution"]),
      autoReorder: z.object({ reorderFrequencyInDays: z.number().int() }).nullable(),
      examVoucherToken: z.string().nullable(),
      isExamNeededPostOrder: z.boolean(),
      subTotal: cents,
      lineItems: z.array(
        z.object({
          itemId: z.string(),
          whichEye: z.enum(["Right", "Left", "none"]),
          product: z.object({
            productId: z.number().int(),
            productType: z.number().int(),
            displayName: z.string(),
            brand: z.string(),
            url: z.string().nullable(),
            imageUrl: z.string().nullable(),
            price: cents.nullable(),
            quantityPerPackage: z.number().int(),
            maximumQuantity: z.number().int(),
            wearTime: z.number().int(),
          }),
          upc: z.string().nullable().describe("Null until the lens parameters are entered (prescriptionLater)."),
          quantity: z.number().int(),
          classification: z.enum(["lens", "solution"]),
          parameters: z.array(z.object({ label: z.string(), value: z.string() })),
          supply: z.string().nullable(),
          stock: z.string().nullable(),
          lineTotal: cents,
          discountAmount: cents,
          isSkuDiscontinued: z.boolean(),
        }),
      ),
    }),
  ),
  promotions: z.array(
    z.object({
      id: z.number().int(),
      description: z.string(),
      amount: cents,
      rewards: z.array(rewardSchema),
      expiration: z.string().nullable().describe("ISO 8601 date and time."),
      expirationLabel: z.string().nullable(),
    }),
  ),
  coupon: z
    .object({
      couponCode: z.string(),
      couponName: z.string(),
      description: z.string(),
      status: z.string(),
      amount: cents,
      message: z.string().nullable(),
      expiration: z.string().nullable().describe("ISO 8601 date and time."),
      expirationLabel: z.string().nullable(),
    })
    .nullable(),
  rebates: z.array(
    z.object({ promotionId: z.number().int(), description: z.string(), offer: z.string(), amount: cents }),
  ),
  shippingMethods: z.array(
    z.object({
      shippingLevel: z.number().int(),
      name: z.string(),
      label: z.string(),
      amount: cents,
      priceLabel: z.string(),
      estimatedDelivery: z.string(),
      selected: z.boolean(),
    }),
  ),
  selectedShippingMethod: z.object({ shippingLevel: z.number().int(), amount: cents }),
  shippingAddress: addressSnapshotSchema.nullable(),
  customerCredits: cents,
  customerGroups: z.array(z.string()),
  cartInsuranceBenefits: z
    .array(
      z.object({
        benefitId: z.string(),
        insuranceBenefitAmount: cents,
        isCoinsurance: z.boolean(),
        planName: z.string(),
        provider: z.string(),
      }),
    )
    .describe("The applied insurance benefit (at most one); it adds the Insurance_Customer group."),
  orderSummary: cartOrderSummarySchema,
});

/** POST api/cart: the cart with the coupon's notice (null when there is none) and the ids of groups it added. */
export const modifiedCartResponseSchema = cartResponseSchema.extend({
  notice: z.object({ kind: z.enum(["success", "info"]), message: z.string() }).nullable(),
  addedLineItemGroupIds: z.array(z.string()),
});

/** POST api/cart/items: the cart and the new group's id. */
export const cartItemsResponseSchema = cartResponseSchema.extend({ addedLineItemGroupIds: z.array(z.string()) });

/** PUT api/cart/shippingAddress: the cart, and how the address was verified (a differing match as `suggestion`). */
export const cartShippingAddressResponseSchema = cartResponseSchema.extend({ verification: addressVerificationSchema });

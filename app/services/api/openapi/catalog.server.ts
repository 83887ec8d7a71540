import { z } from "zod";
import { PRICE_BOOKS } from "~/models/catalog";
import { UNIQUE_COUPON_RATE_LIMIT } from "~/models/rate-limits";
import { productIdSchema, upcSchema } from "../json.server";
import { cents, errors, isoDateTime, operation, parametersSchema, type ApiOperation } from "./registry.server";

/** The catalog, promotions and coupons (spec 3 §7 "Catalog and rebates", spec 2 §7): schemas and answers. */

const tag = "Catalog";
const BAD_ID = "The product id is not 1 to 6 digits.";
const NO_PRODUCT = "No such product (or it is hidden).";

// --- Requests --------------------------------------------------------------------------------------------------

export const productParams = z.object({ id: productIdSchema });
export const upcParams = z.object({ upc: upcSchema });
/** `priceBook` (the spec also writes `pricebook`); "none" when left out. */
export const priceBookQuery = z.object({
  priceBook: z.enum(PRICE_BOOKS).optional(),
  pricebook: z.enum(PRICE_BOOKS).optional(),
});

export const couponNameSchema = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^[A-Z0-9-]{1,40}$/, { error: "The couponName must be 1 to 40 letters, digits or hyphens." });

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

/** POST /api/promotions/productDiscountsWithProductSpecific. */
export const productDiscountsSchema = z.object({
  productDiscountItems: z
    .array(discountItemSchema, { error: "Send productDiscountItems: a list of { productId, quantity }." })
    .min(1, { error: "Send at least one product discount item." })
    .max(20, { error: "Send at most 20 product discount items." }),
  promotions: z.array(z.number().int().min(1)).max(100).nullish(),
});

// --- Answers ---------------------------------------------------------------------------------------------------

const lensParameterSchema = z.object({
  name: z.string(),
  displayName: z.string(),
  options: z.array(z.object({ value: z.string(), label: z.string() })),
});
export const rewardSchema = z.looseObject({
  rewardType: z.enum(["Rebate", "InstantRebate", "DollarOff", "PercentOff", "Shipping"]),
});

const productSchema = z.object({
  productId: z.number().int(),
  vanityUrl: z.string(),
  url: z.string(),
  productType: z.number().int().describe("1 lens, 2 solution."),
  displayName: z.string(),
  displayNameSubHeading: z.string().nullable(),
  brand: z.string(),
  manufacturerName: z.string().nullable(),
  categories: z.array(z.string()),
  descriptorPackSize: z.string().nullable(),
  supply: z.object({
    wearTime: z.number().int(),
    quantityPerPackage: z.number().int(),
    maximumQuantity: z.number().int(),
  }),
  isPrivateLabel: z.boolean(),
  discontinuedInCatalog: z.boolean(),
  isHidden: z.boolean(),
  allowsAutoReorder: z.boolean(),
  priceBook: z.enum(PRICE_BOOKS),
  price: cents.nullable(),
  imageUrl: z.string().nullable(),
  parameters: z.array(lensParameterSchema),
});

/** A product in the catalog list: the product's own fields, fewer of them (one declaration, picked). */
const productSummarySchema = productSchema.pick({
  productId: true,
  vanityUrl: true,
  url: true,
  productType: true,
  displayName: true,
  brand: true,
  categories: true,
  imageUrl: true,
  price: true,
});

const get = (
  path: string,
  summary: string,
  schema: z.ZodType,
  more: Partial<ApiOperation> = {},
  failures: Record<number, string> = { 400: BAD_ID, 404: NO_PRODUCT },
): ApiOperation =>
  operation({
    method: "GET",
    path,
    summary,
    tag,
    auth: "none",
    ...more,
    responses: { 200: { description: "The answer.", schema }, ...errors(failures) },
  });

export const operations: ApiOperation[] = [
  get(
    "/api/catalog",
    "Every product with a public page, priced in a price book",
    z.object({
      priceBook: z.enum(PRICE_BOOKS),
      products: z.array(productSummarySchema),
    }),
    { query: priceBookQuery },
    { 400: "An unknown price book." },
  ),
  get("/api/catalog/{id}", "One product with its price and parameters", productSchema, {
    params: productParams,
    query: priceBookQuery,
  }),
  get(
    "/api/catalog/{id}/parameters",
    "A product's lens parameters and their options",
    z.object({ productId: z.number().int(), parameters: z.array(lensParameterSchema) }),
    { params: productParams },
  ),
  get(
    "/api/catalog/{id}/pricing",
    "A product's price in each price book, and per quantity offered",
    z.object({
      productId: z.number().int(),
      quantityOptions: z.array(z.object({ quantity: z.number().int(), label: z.string() })),
      prices: z.array(
        z.object({
          priceBook: z.enum(PRICE_BOOKS),
          unitPrice: cents,
          quantities: z.array(z.object({ quantity: z.number().int(), total: cents })),
        }),
      ),
    }),
    { params: productParams },
  ),
  get(
    "/api/catalog/{id}/discontinued",
    "Whether a product can no longer be ordered (discontinued or hidden)",
    z.object({ productId: z.number().int(), discontinued: z.boolean() }),
    { params: productParams, alsoAt: ["/catalog/{id}/discontinued"] },
    { 400: BAD_ID, 404: "No such product." },
  ),
  get(
    "/api/catalog/{id}/match",
    "The lens (UPC) a complete set of parameters resolves to",
    z.object({ upc: z.string(), isActive: z.boolean(), stockQuantity: z.number().int() }),
    {
      params: productParams,
      query: z.looseObject({}).describe("One query parameter per lens parameter: name=value."),
    },
    { 400: "A malformed id, or parameters missing, unknown or not offered.", 404: "No lens is made so." },
  ),
  get(
    "/api/catalog/upc/{upc}",
    "A lens by its UPC",
    z.object({
      upc: z.string(),
      productId: z.number().int(),
      parameters: parametersSchema,
      isActive: z.boolean(),
      stockQuantity: z.number().int(),
      discontinued: z.boolean(),
    }),
    { params: upcParams },
    { 400: "The UPC is not 11 to 14 digits.", 404: "No lens has this UPC." },
  ),
  get(
    "/api/catalog/upc/{upc}/discontinued",
    "Whether a lens can no longer be ordered",
    z.object({ upc: z.string(), discontinued: z.boolean() }),
    { params: upcParams },
    { 400: "The UPC is not 11 to 14 digits.", 404: "No lens has this UPC." },
  ),
  operation({
    method: "GET",
    path: "/api/promotions/all",
    summary: "The running promotions anyone can earn (no coupon ones)",
    tag: "Promotions",
    auth: "none",
    responses: {
      200: {
        description: "The promotions.",
        schema: z.array(
          z.object({
            id: z.number().int(),
            description: z.string(),
            rewards: z.array(rewardSchema),
            expiration: isoDateTime.nullable(),
            isPrivateLabelTrial: z.boolean(),
          }),
        ),
      },
    },
  }),
  operation({
    method: "POST",
    path: "/api/promotions/productDiscountsWithProductSpecific",
    summary: "The discounts the running promotions give these items as one hypothetical cart",
    tag: "Promotions",
    auth: "optional",
    body: productDiscountsSchema,
    responses: {
      200: {
        description: "One entry per item that gets a discount.",
        schema: z.array(
          z.object({
            productId: z.number().int(),
            quantity: z.number().int(),
            amount: cents,
            eye: z.string(),
            itemId: z.string(),
          }),
        ),
      },
      ...errors({ 400: "Bad input.", 404: "An unknown product." }),
    },
  }),
  operation({
    method: "GET",
    path: "/api/promotions/rebates/{productId}",
    summary: "A product's rebates by quantity breakpoint",
    tag: "Promotions",
    auth: "optional",
    params: z.object({ productId: productIdSchema }),
    query: priceBookQuery,
    responses: {
      200: {
        description: "The rebates.",
        schema: z.array(
          z.object({
            amountSaved: cents,
            quantityBreakpoint: z.number().int(),
            type: z.enum(["Rebate", "InstantRebate"]),
            description: z.string(),
          }),
        ),
      },
      ...errors({ 400: BAD_ID, 404: "An unknown product." }),
    },
  }),
  operation({
    method: "GET",
    path: "/api/coupon/unique",
    summary: "A new single-use code of the running promotion that issues codes under a name",
    tag: "Promotions",
    auth: "none",
    query: z.object({ couponName: couponNameSchema }),
    responses: {
      200: {
        description: "The new code.",
        schema: z.object({ couponCode: z.string(), couponName: z.string(), expiration: isoDateTime.nullable() }),
      },
      ...errors({
        400: "A malformed name.",
        404: "No running promotion issues codes under this name.",
        429: `Past ${UNIQUE_COUPON_RATE_LIMIT.limit} requests in ${UNIQUE_COUPON_RATE_LIMIT.windowSeconds / 60} minutes from one address (Retry-After).`,
      }),
    },
  }),
];

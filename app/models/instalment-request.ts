import { z } from "zod";

/**
 * The pay-in-4 calls' bodies (spec 3 §3 "Instalment checkout request", §7 `POST api/afterpay` and
 * `POST api/afterpay/billingAgreement`), in the provider's shape: money as { amount: "12.50", currency: "USD" }.
 */

const text = (max: number) => z.string().trim().min(1).max(max);
const optionalText = (max: number) => z.string().trim().max(max).optional();

export const moneySchema = z.object({
  amount: z.string().regex(/^\d{1,7}\.\d{2}$/, { error: 'An amount is written like "12.50".' }),
  currency: z.literal("USD", { error: "Amounts are in USD." }),
});

export const consumerSchema = z.object({
  email: z.email().max(254),
  givenNames: optionalText(35),
  surname: optionalText(35),
  phoneNumber: optionalText(20),
});

const addressSchema = z.object({
  name: text(70),
  line1: text(100),
  line2: optionalText(100),
  area1: text(50),
  region: text(50),
  postcode: text(10),
  countryCode: z.string().regex(/^[A-Z]{2}$/),
  phoneNumber: optionalText(20),
});

/** Where the provider sends the shopper back: absolute URLs (the route checks they are the store's own pages). */
export const merchantSchema = z.object({
  redirectConfirmUrl: z.url().max(2000),
  redirectCancelUrl: z.url().max(2000),
});

const agreementsSchema = z
  .array(z.object({ type: text(40), merchantReference: optionalText(100) }))
  .min(1)
  .max(5);

export const instalmentCheckoutSchema = z.object({
  amount: moneySchema,
  consumer: consumerSchema,
  billing: addressSchema.optional(),
  shipping: addressSchema.optional(),
  items: z
    .array(
      z.object({
        name: text(200),
        sku: optionalText(64),
        quantity: z.number().int().min(1).max(999),
        pageUrl: z.url().max(2000).optional(),
        imageUrl: z.url().max(2000).optional(),
        price: moneySchema,
        preorder: z.boolean().optional(),
      }),
    )
    .max(100)
    .optional(),
  discounts: z
    .array(z.object({ displayName: text(100), amount: moneySchema }))
    .max(20)
    .optional(),
  merchant: merchantSchema,
  /** The cart id. */
  merchantReference: text(100),
  taxAmount: moneySchema.optional(),
  shippingAmount: moneySchema.optional(),
  agreements: agreementsSchema.optional(),
});
export type InstalmentCheckoutBody = z.output<typeof instalmentCheckoutSchema>;

export const billingAgreementSchema = z.object({
  consumer: consumerSchema,
  agreements: agreementsSchema,
  merchantReference: text(100),
  merchant: merchantSchema,
});
export type BillingAgreementBody = z.output<typeof billingAgreementSchema>;

/** The redirect URLs must be the store's own pages (the provider sends the shopper there). */
export function isOwnPage(url: string, siteUrl: string): boolean {
  return URL.canParse(url) && new URL(url).origin === new URL(siteUrl).origin;
}

export const INSTALMENT_API_MESSAGES = {
  foreignRedirect: "The redirect URLs must be pages of this store.",
  amount: "The amount must be above 0.00.",
  provider: "The pay-in-4 provider could not be reached. Please try again.",
} as const;

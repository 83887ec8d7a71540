import { z } from "zod";
import { billingAgreementSchema, instalmentCheckoutSchema } from "~/models/instalment-request";
import { errors, operation, SIGNED_OUT, type ApiOperation } from "./registry.server";

/** Pay in 4 (issue 27; spec 3 §7 "Wallet and payments", decision 53): the provider's tokens, through the store. */

const tag = "Payments";

const tokenSchema = z.object({
  token: z.string().describe("The provider's checkout token (saved with POST api/paymentMethods/afterpay…)."),
  expires: z.string().nullable().describe("When the token expires (ISO 8601), as the provider says."),
  redirectCheckoutUrl: z.string().describe("The provider's page the shopper approves on."),
});

export const operations: ApiOperation[] = [
  operation({
    method: "POST",
    path: "/api/afterpay",
    summary: "A pay-in-4 checkout for the shopper's order: its token",
    description:
      "The instalment checkout request (amount, consumer, billing, shipping, items, discounts, merchant redirect " +
      "URLs, merchantReference = the cart id, taxAmount, shippingAmount, an optional billing agreement). Money is " +
      '{ amount: "12.50", currency: "USD" }; the redirect URLs must be pages of this store. The shopper pays in 4 ' +
      "payments, each the total's quarter rounded up to the cent.",
    tag,
    auth: "customer",
    body: instalmentCheckoutSchema,
    responses: {
      200: { description: "The checkout's token.", schema: tokenSchema },
      ...errors({
        400: "Bad input, redirect URLs off the store, or refused by the provider.",
        401: SIGNED_OUT,
        502: "The provider could not be reached.",
        503: "Pay in 4 is not available: no provider is configured.",
      }),
    },
  }),
  operation({
    method: "POST",
    path: "/api/afterpay/billingAgreement",
    summary: "A pay-in-4 billing agreement's checkout: its token",
    description:
      "{consumer, agreements, merchantReference, merchant}. The approval token the provider returns is saved with " +
      "POST api/paymentMethods/afterpayBillingAgreement.",
    tag,
    auth: "customer",
    body: billingAgreementSchema,
    responses: {
      200: { description: "The agreement's checkout token.", schema: tokenSchema },
      ...errors({
        400: "Bad input, redirect URLs off the store, or refused by the provider.",
        401: SIGNED_OUT,
        502: "The provider could not be reached.",
        503: "Pay in 4 is not available: no provider is configured.",
      }),
    },
  }),
];

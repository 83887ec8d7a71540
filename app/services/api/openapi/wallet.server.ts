import {
  afterpayTokenSchema,
  billingAgreementTokenSchema,
  clientKeyResponseSchema,
  deletePaymentMethodSchema,
  encryptionKeyResponseSchema,
  nonceRequestSchema,
  savedPaymentMethodResponseSchema,
  saveCardRequestSchema,
  walletResponseSchema,
} from "../schemas/wallet-api";
import { errors, operation, SIGNED_OUT, type ApiOperation } from "./registry.server";

/**
 * The wallet and payment calls (spec 3 §7 'Wallet and payments', §5, §8; decision 56). The routes parse and answer
 * with `schemas/wallet-api.ts`, imported here. Paths match case-insensitively: the spec's DELETE
 * api/paymentmethods is the DELETE of /api/paymentMethods.
 */

const tag = "Wallet";

export const operations: ApiOperation[] = [
  operation({
    method: "GET",
    path: "/api/wallet",
    summary: "The customer's saved payment methods, the preferred one first",
    tag,
    auth: "customer",
    responses: {
      200: {
        description: "The wallet, each method with the timeBasedToken that deletes it.",
        schema: walletResponseSchema,
      },
      ...errors({ 401: SIGNED_OUT }),
    },
  }),
  operation({
    method: "POST",
    path: "/api/paymentMethods",
    summary: "Save a card (under the card lock: 10 failed saves or the lock cookie refuse saving for 30 minutes)",
    description:
      "The card as fields, or `encryptedCard` (base64 RSA-OAEP SHA-256 to the key of GET " +
      "sitePreferences/ccgEncryptionKey). `shouldUpdateSubscriptions` moves the active subscriptions to the new card.",
    tag,
    auth: "customer",
    body: saveCardRequestSchema,
    responses: {
      200: { description: "The saved card's vault token.", schema: savedPaymentMethodResponseSchema },
      ...errors({
        400: "'Invalid card', or the issuer's decline; the failure counts against the card lock.",
        401: SIGNED_OUT,
        429: "'Too many invalid attempts. Please try again later.' (sets the lock cookie).",
      }),
    },
  }),
  operation({
    method: "DELETE",
    path: "/api/paymentMethods",
    summary: "Delete a payment method (the spec's DELETE api/paymentmethods) by its timeBasedToken",
    tag,
    auth: "customer",
    body: deletePaymentMethodSchema,
    responses: {
      200: { description: "The wallet left.", schema: walletResponseSchema },
      ...errors({
        400: "A timeBasedToken that is malformed, expired (15 minutes) or not this customer's.",
        401: SIGNED_OUT,
        404: "The method is already gone.",
      }),
    },
  }),
  operation({
    method: "POST",
    path: "/api/paymentMethods/nonce",
    summary: "Save the payment a wallet nonce (Apple Pay, through the vault) stands for",
    tag,
    auth: "customer",
    body: nonceRequestSchema,
    responses: {
      200: { description: "The saved method's token.", schema: savedPaymentMethodResponseSchema },
      ...errors({ 400: "'Invalid nonce': missing, unknown, used or expired.", 401: SIGNED_OUT }),
    },
  }),
  operation({
    method: "POST",
    path: "/api/paymentMethods/afterpay",
    summary: "Save a pay-in-4 checkout token as a payment method (type Afterpay, 15)",
    tag,
    auth: "customer",
    body: afterpayTokenSchema,
    responses: {
      200: { description: "The saved token.", schema: savedPaymentMethodResponseSchema },
      ...errors({
        400: "'Invalid paymentToken': missing, another customer's, or a checkout the provider does not know, that the shopper did not approve, or that was already captured.",
        401: SIGNED_OUT,
        503: "The pay-in-4 provider did not answer the check; nothing was saved.",
      }),
    },
  }),
  operation({
    method: "POST",
    path: "/api/paymentMethods/afterpayBillingAgreement",
    summary: "Save an approved pay-in-4 billing agreement (type AfterpayBillingAgreement, 16)",
    tag,
    auth: "customer",
    body: billingAgreementTokenSchema,
    responses: {
      200: {
        description: "The saved billing agreement's token (the agreement the provider made from the approval token).",
        schema: savedPaymentMethodResponseSchema,
      },
      ...errors({
        400: "'Token is required to save billing agreement': missing, another customer's, or an approval the provider does not know or the shopper did not approve.",
        401: SIGNED_OUT,
        503: "The pay-in-4 provider did not answer; nothing was saved.",
      }),
    },
  }),
  operation({
    method: "GET",
    path: "/api/sitePreferences/ccgEncryptionKey",
    alsoAt: ["/sitePreferences/ccgEncryptionKey"],
    summary: "The public key card payloads are encrypted to (fetched once)",
    tag,
    auth: "none",
    responses: { 200: { description: "The configured vault's public key.", schema: encryptionKeyResponseSchema } },
  }),
  operation({
    method: "GET",
    path: "/api/sitePreferences/brainTree",
    summary: "The payment SDK's client key (cached)",
    tag,
    auth: "none",
    responses: { 200: { description: "The configured vault's client key.", schema: clientKeyResponseSchema } },
  }),
];

import type { RedirectPaymentProvider } from "../payments/redirect-provider";

/**
 * PayPal (Orders v2, Pay Later included: the shopper picks it on PayPal's page). An order is created with intent
 * CAPTURE and the store's return and cancel URLs; PayPal sends the shopper back to the return URL with `token` (the
 * order id) and `PayerID`, or to the cancel URL with `token`; the store then captures the order. Implemented by the
 * real client (paypal-client.server.ts) and by the embedded simulated provider (simulated-provider.server.ts).
 */
export type PayPalProvider = RedirectPaymentProvider;

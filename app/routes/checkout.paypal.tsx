import { redirect } from "react-router";
import { z } from "zod";
import { finishProviderPayment } from "~/services/checkout/provider-payments.server";
import { rememberPlacedOrder } from "~/services/checkout/placed-orders.server";
import { PROVIDER_MESSAGES } from "~/models/payment-options";
import { servicesContext, visitorContext } from "~/services/platform/context.server";
import { flashToast } from "~/services/platform/session.server";
import type { Route } from "./+types/checkout.paypal";

/**
 * PayPal's return to the store (decision 53): `?token={order id}&PayerID=…` after the shopper approved, or
 * `?cancelled=1&token=…` from the cancel URL. It captures and confirms the order (or releases it) and redirects: to
 * the thank-you page, or back to checkout with the message. A GET because PayPal redirects with one; replaying it is
 * harmless (the same capture, one order), and the token is unguessable.
 */

const returnSchema = z.object({
  token: z.string().regex(/^[A-Za-z0-9-]{1,64}$/),
  cancelled: z.literal("1").optional(),
});

export async function loader({ request, context }: Route.LoaderArgs) {
  const services = context.get(servicesContext);
  const { session, customer } = context.get(visitorContext);
  const query = Object.fromEntries(new URL(request.url).searchParams);
  const parsed = returnSchema.safeParse({ token: query.token, cancelled: query.cancelled });
  if (!parsed.success) {
    flashToast(session, "error", PROVIDER_MESSAGES.unknown);
    throw redirect("/checkout");
  }
  const result = await finishProviderPayment(services, {
    provider: "paypal",
    token: parsed.data.token,
    outcome: parsed.data.cancelled ? "cancelled" : "approved",
  });
  if (!result.ok) {
    flashToast(session, result.reason === "cancelled" ? "info" : "error", result.message);
    throw redirect("/checkout");
  }
  if (customer?.id === result.customerId) rememberPlacedOrder(session, result.orderNumber);
  throw redirect(`/thank-you?oid=${encodeURIComponent(result.orderNumber)}`);
}

/** Never shown (the loader always redirects); a page module, so a client-side navigation here runs the loader. */
export default function PayPalReturn() {
  return null;
}

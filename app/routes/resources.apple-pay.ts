import { data } from "react-router";
import { applePayStepSchema, APPLE_PAY_MESSAGES } from "~/models/apple-pay";
import { savePaymentNonce } from "~/services/checkout/wallet.server";
import { readJson } from "~/services/api/json.server";
import { servicesContext, visitorContext } from "~/services/platform/context.server";
import { paymentSwitches } from "~/services/scenarios/feature-switches.server";
import type { Route } from "./+types/resources.apple-pay";

export function loader() {
  throw data(null, { status: 405, headers: { Allow: "POST" } });
}

/**
 * The Apple Pay sheet's two server steps, called by the browser's Payment Request handlers (JavaScript only, as
 * Apple Pay is): `validate-merchant` answers the merchant session from the payment adapter (400 when the adapter
 * refuses: the browser aborts the session); `authorize` hands the payment token to the adapter, which turns it into
 * a nonce, and saves the nonce as an Apple Pay card (400 when declined or unreadable: the sheet completes as failed).
 * Signed in only.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const { customer, session } = context.get(visitorContext);
  if (!customer) throw data({ error: "Please sign in to add Apple Pay." }, { status: 401 });
  const services = context.get(servicesContext);
  if (!(await paymentSwitches(services, session)).applePay) {
    throw data({ error: APPLE_PAY_MESSAGES.merchant }, { status: 404 });
  }
  const parsed = applePayStepSchema.safeParse(await readJson(request));
  if (!parsed.success) throw data({ error: APPLE_PAY_MESSAGES.failed }, { status: 400 });
  const step = parsed.data;
  if (step.step === "validate-merchant") {
    const session = await services.payments.validateMerchant({
      validationUrl: step.validationURL,
      domain: new URL(services.config.siteUrl).hostname,
    });
    if (!session) throw data({ error: APPLE_PAY_MESSAGES.merchant }, { status: 400 });
    return Response.json(session, { headers: { "Cache-Control": "private, no-store" } });
  }
  const accepted = await services.payments.tokenizeWalletPayment(step.token);
  if (!accepted.ok) throw data({ error: APPLE_PAY_MESSAGES.failed }, { status: 400 });
  const saved = await savePaymentNonce(services, customer.id, {
    nonce: accepted.nonce,
    nameOnCard: (step.payerName ?? "").trim().slice(0, 50),
    billingPostalCode: (step.postalCode ?? "").trim().slice(0, 10),
  });
  if (!saved.ok) throw data({ error: APPLE_PAY_MESSAGES.failed }, { status: 400 });
  // The saved method's id: checkout places the order with it straight away (decision 56).
  return Response.json(
    { saved: true, paymentMethodId: saved.entry.id },
    { headers: { "Cache-Control": "private, no-store" } },
  );
}

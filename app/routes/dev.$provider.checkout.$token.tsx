import { redirect } from "react-router";
import { z } from "zod";
import { SimulatedProviderPage } from "~/components/checkout/SimulatedProviderPage";
import type { PageHandle } from "~/models/page";
import { instalmentLabel, type PaymentProviderName } from "~/models/payment-options";
import { decideSimulatedCheckout, simulatedCheckout } from "~/services/adapters/payments/simulated-redirect.server";
import { notFound } from "~/services/content/content-pages.server";
import { servicesContext } from "~/services/platform/context.server";
import { readForm } from "~/services/platform/http.server";
import type { Route } from "./+types/dev.$provider.checkout.$token";

/**
 * The simulated PayPal and pay-in-4 pages (decision 53): /dev/paypal/checkout/… and /dev/pay-in-4/checkout/…, the
 * embedded providers' checkouts, outside production unless PAYMENT_SIMULATOR=true. The token in the path is the only
 * key, as the real provider's link is.
 */

export const handle: PageHandle = {
  pageName: "SimulatedPaymentProvider",
  headerType: "simple",
  footerSimplified: true,
};

const PROVIDER_NAMES: Record<PaymentProviderName, string> = { paypal: "PayPal", "pay-in-4": "Afterpay" };

const isProvider = (value: string): value is PaymentProviderName => Object.hasOwn(PROVIDER_NAMES, value);

export const meta: Route.MetaFunction = ({ data }) => [
  { title: `${data ? PROVIDER_NAMES[data.provider] : "Payment"} (simulated) | Lenslane` },
  { name: "robots", content: "noindex" },
];

const decisionSchema = z.object({ decision: z.enum(["approve", "cancel", "decline"]) });

async function checkoutOf(context: Route.LoaderArgs["context"], request: Request, params: Route.LoaderArgs["params"]) {
  const services = context.get(servicesContext);
  const { provider, token } = params;
  if (!services.config.paymentSimulator || !isProvider(provider)) notFound(services, request);
  const row = await simulatedCheckout(services.db, provider, token);
  // Pay in 4 has billing agreements too: approved here like a checkout (decision 57).
  if (!row || (row.kind !== "checkout" && !(provider === "pay-in-4" && row.kind === "agreement"))) {
    notFound(services, request);
  }
  return { services, provider, row };
}

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { provider, row } = await checkoutOf(context, request, params);
  return {
    provider,
    agreement: row.kind === "agreement",
    amountCents: row.amountCents,
    merchantReference: row.merchantReference,
    status: row.status,
  };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const { services, provider, row } = await checkoutOf(context, request, params);
  const parsed = decisionSchema.safeParse(Object.fromEntries(await readForm(request)));
  if (!parsed.success) throw redirect(request.url, 303);
  const target = await decideSimulatedCheckout(services.db, provider, row.token, parsed.data.decision);
  if (!target) notFound(services, request);
  // Back to the store (its own path: the simulator serves only this store).
  const url = new URL(target);
  return redirect(`${url.pathname}${url.search}`, 303);
}

export default function SimulatedProviderCheckoutPage({ loaderData }: Route.ComponentProps) {
  return (
    <SimulatedProviderPage
      providerName={PROVIDER_NAMES[loaderData.provider]}
      agreement={loaderData.agreement}
      amountCents={loaderData.amountCents}
      instalments={loaderData.provider === "pay-in-4" ? instalmentLabel(loaderData.amountCents) : null}
      merchantReference={loaderData.merchantReference}
      status={loaderData.status}
    />
  );
}

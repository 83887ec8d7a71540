import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, Link, redirect } from "react-router";
import { RapidReorderForm } from "~/components/checkout/RapidReorderForm";
import { RapidReorderInsurance } from "~/components/checkout/RapidReorderInsurance";
import { CARD_MESSAGES } from "~/models/card";
import { insuranceEntry } from "~/models/insurance-campaigns";
import type { PageHandle } from "~/models/page";
import {
  choiceFromSearch,
  choiceSearch,
  pricedPart,
  RAPID_REORDER_MESSAGES,
  RAPID_REORDER_PATH,
  rapidReorderSchema,
  type RapidReorderChoice,
} from "~/models/rapid-reorder";
import { SHIPPING_METHODS, type ShippingLevel } from "~/models/shipping";
import { requireCustomer } from "~/services/accounts/auth/guard.server";
import { shopperOf } from "~/services/cart/cart-pricing.server";
import { benefitForAnotherOrder } from "~/services/cart/cart-insurance.server";
import { journeyOf, updateJourney } from "~/services/funnel/funnel.server";
import {
  choiceProblems,
  placeRapidReorder,
  placedWithKey,
  rapidReorderBasis,
  rapidReorderTotals,
  type RapidReorderBasis,
  type RapidReorderProblem,
} from "~/services/checkout/rapid-reorder.server";
import type { Database } from "~/services/db/client.server";
import { servicesContext, visitorContext, type Visitor } from "~/services/platform/context.server";
import { readForm } from "~/services/platform/http.server";
import { flashToast } from "~/services/platform/session.server";
import styles from "~/styles/checkout.css?url";
import type { Route } from "./+types/rapid-reorder";

export const handle: PageHandle = { pageName: "RapidReorder", headerType: "standard" };

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: styles }];

export const meta: Route.MetaFunction = () => [
  { title: "Rapid reorder | Lenslane" },
  { name: "robots", content: "noindex" },
];

/** Orders this browser remembers placing (as checkout keeps them). */
const REMEMBERED_ORDERS = 20;

/** What the page says instead of the form, and where it sends the customer. */
function problemView(problem: RapidReorderProblem): { message: string; links: Array<{ to: string; text: string }> } {
  switch (problem.kind) {
    case "no-order":
      return { message: RAPID_REORDER_MESSAGES.noOrder, links: [{ to: "/lenses", text: "Shop contact lenses" }] };
    case "unavailable":
      return {
        message: RAPID_REORDER_MESSAGES.unavailable(problem.names),
        links: [{ to: "/lenses", text: "Choose another lens" }],
      };
    case "out-of-stock":
      return {
        message: RAPID_REORDER_MESSAGES.outOfStock(problem.names),
        links: [{ to: "/lenses", text: "Choose another lens" }],
      };
    case "prescription":
      return {
        message: problem.expired
          ? RAPID_REORDER_MESSAGES.prescriptionExpired(problem.patientName)
          : RAPID_REORDER_MESSAGES.prescriptionMissing(problem.patientName),
        links: [
          { to: "/exam", text: "Take an online eye exam" },
          { to: "/upload-rx", text: "Upload your prescription" },
        ],
      };
    case "no-address":
      return {
        message: RAPID_REORDER_MESSAGES.noAddress,
        links: [{ to: "/account/addresses/new", text: "Add an address" }],
      };
    case "no-card":
      return { message: RAPID_REORDER_MESSAGES.noCard, links: [{ to: "/checkout", text: "Go to checkout" }] };
  }
}

/**
 * The rapid reorder insurance switch (decision 65): where the page offers insurance (paths A and B), the reorder takes
 * the benefit applied to the customer's cart (what is left of it); on the control path, as before, it takes none.
 */
async function reorderInsurance(services: { db: Database }, visitor: Visitor, customerId: number, now: Date) {
  const entry = insuranceEntry("rapid-reorder", visitor.campaignVariations);
  const benefit =
    entry === "none"
      ? null
      : await benefitForAnotherOrder(services.db, customerId, visitor.session.get("cartId") ?? null, now);
  return { entry, benefit };
}

/** The URL's state, where it names what this customer may choose; anything else keeps the default. */
function allowedChoice(basis: RapidReorderBasis, url: URL): RapidReorderChoice {
  const asked = choiceFromSearch(url.searchParams, basis.defaults);
  const allowed = choiceProblems(basis, asked);
  return {
    quantities: allowed.quantities ? asked.quantities : basis.defaults.quantities,
    addressId: allowed.address ? asked.addressId : basis.defaults.addressId,
    shippingLevel: asked.shippingLevel,
    paymentMethodId: allowed.card ? asked.paymentMethodId : basis.defaults.paymentMethodId,
  };
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const customer = requireCustomer(context, request);
  const services = context.get(servicesContext);
  const visitor = context.get(visitorContext);
  const now = new Date();
  const found = await rapidReorderBasis(services.db, customer, now);
  if (!found.ok) return { ready: false as const, problem: problemView(found.problem) };
  const { basis } = found;
  const choice = allowedChoice(basis, new URL(request.url));
  const insurance = await reorderInsurance(services, visitor, customer.id, now);
  const totals = await rapidReorderTotals(
    services,
    customer.id,
    basis,
    choice,
    shopperOf(visitor),
    now,
    insurance.benefit,
  );
  const lineTotal = (groupIndex: number, whichEye: string) => {
    if (!totals.ok) return null;
    const groupId = totals.groupIds[groupIndex];
    const item = totals.priced.groups
      .find((group) => group.id === groupId)
      ?.items.find((candidate) => candidate.whichEye === whichEye);
    return item ? item.lineTotalCents - item.discountCents : null;
  };
  return {
    ready: true as const,
    orderNumber: basis.orderNumber,
    groups: basis.groups.map((group, index) => ({
      heading: group.type === "Lens" ? `Contact lenses for ${group.patientName ?? "you"}` : "Lens care",
      expiresOn: group.expiresOn,
      lines: basis.lines.flatMap((line, lineIndex) =>
        line.groupIndex === index
          ? [
              {
                index: lineIndex,
                productName: line.productName,
                eyeLabel: line.eyeLabel,
                parameters: line.parameters.join(", "),
                options: line.options,
                totalCents: lineTotal(index, line.whichEye),
              },
            ]
          : [],
      ),
    })),
    lineOptions: basis.lines.map((line) => line.options),
    addresses: basis.addresses,
    cards: basis.cards,
    shippingMethods: totals.ok
      ? totals.priced.shippingMethods.map(({ shippingLevel, label, priceLabel, estimatedDelivery }) => ({
          shippingLevel,
          label,
          priceLabel,
          estimatedDelivery,
        }))
      : SHIPPING_METHODS.map((method) => ({
          shippingLevel: method.level,
          label: method.label,
          priceLabel: "",
          estimatedDelivery: "",
        })),
    choice,
    shown: pricedPart(choice, insurance.benefit),
    totals: totals.ok ? { summary: totals.priced.orderSummary, taxKnown: totals.priced.taxState !== null } : null,
    totalsProblem: totals.ok ? null : totals.message,
    insurance: {
      entry: insurance.entry,
      applied: insurance.benefit
        ? {
            planName: insurance.benefit.planName,
            provider: insurance.benefit.provider,
            amountCents: totals.ok ? totals.priced.orderSummary.insuranceBenefitsTotal : 0,
          }
        : null,
      providers: services.insurance.providers,
    },
    // A new key for every rendering of the page: resubmitting this rendering's form is the same order.
    idempotencyKey: crypto.randomUUID(),
  };
}

function reply(result: SubmissionResult<string[]>) {
  return data({ result }, { status: 400 });
}

export async function action({ request, context }: Route.ActionArgs) {
  const customer = requireCustomer(context, request);
  const services = context.get(servicesContext);
  const visitor = context.get(visitorContext);
  const { session } = visitor;
  const formData = await readForm(request);
  const found = await rapidReorderBasis(services.db, customer);
  // Nothing to reorder any more: the page says why.
  if (!found.ok) return redirect(RAPID_REORDER_PATH, 303);
  const { basis } = found;
  const submission = parseWithZod(formData, { schema: rapidReorderSchema(basis.lines.map((line) => line.options)) });
  if (submission.status !== "success") return reply(submission.reply());
  const value = submission.value;
  const choice: RapidReorderChoice = {
    quantities: value.quantities,
    addressId: value.addressId,
    shippingLevel: value.shippingLevel as ShippingLevel,
    paymentMethodId: value.paymentMethodId,
  };
  // The form can name any id: only this customer's own address and card are taken.
  const owned = choiceProblems(basis, choice);
  if (!owned.address || !owned.card) {
    return reply(
      submission.reply({
        fieldErrors: {
          ...(owned.address ? {} : { addressId: [RAPID_REORDER_MESSAGES.chooseAddress] }),
          ...(owned.card ? {} : { paymentMethodId: [CARD_MESSAGES.cardGone] }),
        },
      }),
    );
  }
  const next = `${RAPID_REORDER_PATH}${choiceSearch(choice)}`;
  if (value.intent === "update-totals") return redirect(next, 303);

  // Placed only as the totals were shown: changed choices (or what is left of the insurance benefit) show their
  // totals first.
  const insurance = await reorderInsurance(services, visitor, customer.id, new Date());
  const shown = formData.get("shown") === pricedPart(choice, insurance.benefit);
  // A resubmit of a placed order is answered with it (its own use of the benefit changed what is left).
  if (!shown && !(await placedWithKey(services.db, value.idempotencyKey!))) {
    flashToast(session, "info", RAPID_REORDER_MESSAGES.totalsChanged);
    return redirect(next, 303);
  }
  const result = await placeRapidReorder(services, {
    customer,
    basis,
    choice,
    idempotencyKey: value.idempotencyKey!,
    shopper: shopperOf(visitor),
    benefit: insurance.benefit,
  });
  if (!result.ok) return reply(submission.reply({ formErrors: [result.message] }));
  const placed = (journeyOf(session).placedOrderNumbers ?? []).filter((number) => number !== result.orderNumber);
  updateJourney(session, { placedOrderNumbers: [...placed, result.orderNumber].slice(-REMEMBERED_ORDERS) });
  return redirect(`/thank-you?oid=${encodeURIComponent(result.orderNumber)}`, 303);
}

export default function RapidReorderPage({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <section className="checkout rapid-reorder">
      <h1>Rapid reorder</h1>
      {loaderData.ready ? (
        <>
          <RapidReorderForm
            // A new state from the URL starts the form afresh from it.
            key={`${loaderData.shown}|${loaderData.choice.paymentMethodId}`}
            page={loaderData}
            lastResult={actionData?.result}
          />
          <RapidReorderInsurance {...loaderData.insurance} />
        </>
      ) : (
        <div className="notice" data-testid="rapid-reorder-problem">
          <p role="status">{loaderData.problem.message}</p>
          <ul>
            {loaderData.problem.links.map((link) => (
              <li key={link.to}>
                <Link to={link.to}>{link.text}</Link>
              </li>
            ))}
          </ul>
        </div>
      )}
    </section>
  );
}

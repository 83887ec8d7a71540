import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { useMemo, type ReactNode } from "react";
import { data, Form, Link, redirect, useNavigation } from "react-router";
import { FormErrors } from "~/components/account/FormFields";
import { OrderSummary } from "~/components/cart/OrderSummary";
import { CARD_MESSAGES } from "~/models/card";
import { formatCents } from "~/models/catalog";
import type { PageHandle } from "~/models/page";
import {
  choiceFromSearch,
  choiceSearch,
  pricedPart,
  RAPID_REORDER_MESSAGES,
  RAPID_REORDER_PATH,
  rapidReorderSchema,
  sentQuantities,
  type RapidReorderChoice,
} from "~/models/rapid-reorder";
import { SHIPPING_METHODS, type ShippingLevel } from "~/models/shipping";
import { requireCustomer } from "~/services/accounts/auth/guard.server";
import { journeyOf, updateJourney } from "~/services/checkout/funnel.server";
import {
  choiceProblems,
  placeRapidReorder,
  rapidReorderBasis,
  rapidReorderTotals,
  type RapidReorderBasis,
  type RapidReorderProblem,
} from "~/services/checkout/rapid-reorder.server";
import { servicesContext, visitorContext } from "~/services/platform/context.server";
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
  const { priceBook } = context.get(visitorContext);
  const now = new Date();
  const found = await rapidReorderBasis(services.db, customer, now);
  if (!found.ok) return { ready: false as const, problem: problemView(found.problem) };
  const { basis } = found;
  const choice = allowedChoice(basis, new URL(request.url));
  const totals = await rapidReorderTotals(
    services,
    customer.id,
    basis,
    choice,
    { customerId: customer.id, priceBook },
    now,
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
    shown: pricedPart(choice),
    totals: totals.ok ? { summary: totals.priced.orderSummary, taxKnown: totals.priced.taxState !== null } : null,
    totalsProblem: totals.ok ? null : totals.message,
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
  const { session, priceBook } = context.get(visitorContext);
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

  // Placed only as the totals were shown: changed choices show their totals first.
  if (formData.get("shown") !== pricedPart(choice)) {
    flashToast(session, "info", RAPID_REORDER_MESSAGES.totalsChanged);
    return redirect(next, 303);
  }
  const result = await placeRapidReorder(services, {
    customer,
    basis,
    choice,
    idempotencyKey: value.idempotencyKey!,
    shopper: { customerId: customer.id, priceBook },
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
        <RapidReorderForm
          // A new state from the URL starts the form afresh from it.
          key={`${loaderData.shown}|${loaderData.choice.paymentMethodId}`}
          page={loaderData}
          lastResult={actionData?.result}
        />
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

type ReadyPage = Extract<Route.ComponentProps["loaderData"], { ready: true }>;

function RapidReorderForm({
  page,
  lastResult,
}: {
  page: ReadyPage;
  lastResult: SubmissionResult<string[]> | undefined;
}) {
  const schema = useMemo(() => rapidReorderSchema(page.lineOptions), [page.lineOptions]);
  // A refused post comes back with what it sent; the form keeps one quantity list per line whatever that was.
  const result = useMemo(
    () =>
      lastResult?.initialValue
        ? {
            ...lastResult,
            initialValue: {
              ...lastResult.initialValue,
              quantities: sentQuantities(lastResult.initialValue.quantities, page.lineOptions.length),
            },
          }
        : lastResult,
    [lastResult, page.lineOptions.length],
  );
  const [form, fields] = useForm({
    id: "rapid-reorder",
    lastResult: result,
    defaultValue: {
      quantities: page.choice.quantities.map(String),
      addressId: String(page.choice.addressId),
      shippingLevel: String(page.choice.shippingLevel),
      paymentMethodId: String(page.choice.paymentMethodId),
    },
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
    shouldValidate: "onSubmit",
  });
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formMethod === "POST";
  const placing = busy && navigation.formData?.get("intent") === "place-order";
  const quantities = fields.quantities.getFieldList();
  const checked = (field: { initialValue?: unknown }, value: number) => field.initialValue === String(value);
  return (
    <Form method="post" {...getFormProps(form)} className="rapid-reorder-form" data-testid="rapid-reorder-form">
      <p>
        Your last order, <Link to={`/account/order-history/${page.orderNumber}`}>{page.orderNumber}</Link>, ready to
        send again. Change anything below, update the totals, and place your order.
      </p>
      <input type="hidden" name="idempotencyKey" value={page.idempotencyKey} />
      <input type="hidden" name="shown" value={page.shown} />
      <FormErrors errors={form.errors} id={form.errorId} />
      {page.totalsProblem ? (
        <p className="field-error" role="alert">
          {page.totalsProblem}
        </p>
      ) : null}

      <section className="checkout-section" aria-labelledby="lenses-heading">
        <h2 id="lenses-heading">Your lenses</h2>
        <FormErrors errors={fields.quantities.errors} id={fields.quantities.errorId} />
        {page.groups.map((group) => (
          <div key={group.heading} className="checkout-group" data-testid="rapid-group">
            <h3>{group.heading}</h3>
            {group.expiresOn ? <p>Prescription expires {group.expiresOn}</p> : null}
            {group.lines.map((line) => {
              const field = quantities[line.index]!;
              return (
                <fieldset key={line.index} className="rapid-line" data-testid="rapid-line">
                  <legend>
                    {line.eyeLabel ? `${line.eyeLabel}: ` : ""}
                    {line.productName}
                  </legend>
                  {line.parameters ? <p>{line.parameters}</p> : null}
                  <p className="form-field">
                    <label htmlFor={field.id}>Quantity</label>{" "}
                    <select
                      id={field.id}
                      name={field.name}
                      key={field.key}
                      defaultValue={String(field.initialValue ?? "")}
                      aria-invalid={field.errors ? true : undefined}
                      aria-describedby={field.errors ? field.errorId : undefined}
                    >
                      {line.options.map((option) => (
                        <option key={option} value={option}>
                          {option === 0 ? "None" : option === 1 ? "1 box" : `${option} boxes`}
                        </option>
                      ))}
                    </select>
                    {field.errors ? (
                      <span className="field-error" id={field.errorId} role="alert">
                        {field.errors.join(" ")}
                      </span>
                    ) : null}
                  </p>
                  {line.totalCents !== null ? (
                    <p data-testid="rapid-line-total">Line total {formatCents(line.totalCents)}</p>
                  ) : null}
                </fieldset>
              );
            })}
          </div>
        ))}
      </section>

      <ChoiceFieldset legend="Ship to" field={fields.addressId}>
        {page.addresses.map((address) => (
          <div key={address.id}>
            <label className="saved-card">
              <input
                type="radio"
                name={fields.addressId.name}
                value={address.id}
                defaultChecked={checked(fields.addressId, address.id)}
                required
              />{" "}
              <span>{address.lines.join(", ")}</span>
            </label>
          </div>
        ))}
        <p>
          <Link to="/account/addresses/new">Add an address</Link>
        </p>
      </ChoiceFieldset>

      <ChoiceFieldset legend="Shipping method" field={fields.shippingLevel}>
        {page.shippingMethods.map((method) => (
          <div key={method.shippingLevel}>
            {/* Laid out as the address and card choices (a box per choice, its estimate under its name); the space
                and the <br> keep the parts apart without CSS. */}
            <label className="saved-card shipping-option">
              <input
                type="radio"
                name={fields.shippingLevel.name}
                value={method.shippingLevel}
                defaultChecked={checked(fields.shippingLevel, method.shippingLevel)}
                required
              />{" "}
              <span className="shipping-option-text">
                <span>{method.label}</span> <span className="shipping-option-price">{method.priceLabel}</span>
              </span>
              {method.estimatedDelivery ? (
                <>
                  <br />
                  <span className="saved-card-expiry">Estimated delivery {method.estimatedDelivery}</span>
                </>
              ) : null}
            </label>
          </div>
        ))}
      </ChoiceFieldset>

      <ChoiceFieldset legend="Pay with" field={fields.paymentMethodId}>
        {page.cards.map((card) => (
          <div key={card.id}>
            <label className="saved-card" data-testid="saved-card">
              <input
                type="radio"
                name={fields.paymentMethodId.name}
                value={card.id}
                defaultChecked={checked(fields.paymentMethodId, card.id)}
                required
              />{" "}
              <span className="saved-card-label">{card.label}</span>{" "}
              <span className="saved-card-expiry">
                Expires {card.expiry}
                {card.isPreferred ? " · Preferred" : ""}
              </span>
            </label>
          </div>
        ))}
      </ChoiceFieldset>

      <p>
        <button type="submit" name="intent" value="update-totals" className="button" disabled={busy}>
          Update totals
        </button>
      </p>
      {page.totals ? <OrderSummary summary={page.totals.summary} taxKnown={page.totals.taxKnown} /> : null}
      {page.totals ? (
        <p className="place-order-total">
          Order total:{" "}
          <strong data-testid="place-order-total">{formatCents(page.totals.summary.totalAfterCredits)}</strong>
        </p>
      ) : null}
      <button
        type="submit"
        name="intent"
        value="place-order"
        className="button button-primary place-order-button"
        disabled={busy || !page.totals}
      >
        {placing ? "Placing your order…" : "Place order"}
      </button>
    </Form>
  );
}

function ChoiceFieldset({
  legend,
  field,
  children,
}: {
  legend: string;
  field: { errors?: string[]; errorId: string };
  children: ReactNode;
}) {
  return (
    <fieldset className="checkout-section saved-cards" aria-describedby={field.errors ? field.errorId : undefined}>
      <legend>{legend}</legend>
      {children}
      {field.errors ? (
        <span className="field-error" id={field.errorId} role="alert">
          {field.errors.join(" ")}
        </span>
      ) : null}
    </fieldset>
  );
}

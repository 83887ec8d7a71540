import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { useMemo, type ReactNode } from "react";
import { Form, Link } from "react-router";
import { OrderSummary } from "~/components/cart/OrderSummary";
import { SavedCardChoices } from "~/components/checkout/SavedCardChoices";
import { describedByErrors, FieldError } from "~/components/forms/FieldError";
import { StatusButton } from "~/components/forms/StatusButton";
import { useIsPending } from "~/components/forms/use-is-pending";
import type { CardChoice } from "~/models/card-choice";
import { formatCents } from "~/models/catalog";
import type { OrderSummary as Summary } from "~/models/order-summary";
import { rapidReorderSchema, sentQuantities, type RapidReorderChoice } from "~/models/rapid-reorder";

/** What the rapid-reorder page shows when there is an order to send again (its loader's answer). */
export interface RapidReorderPage {
  orderNumber: string;
  groups: Array<{
    heading: string;
    expiresOn: string | null;
    lines: Array<{
      index: number;
      productName: string;
      eyeLabel: string | null;
      parameters: string;
      options: number[];
      totalCents: number | null;
    }>;
  }>;
  lineOptions: number[][];
  addresses: Array<{ id: number; lines: string[] }>;
  cards: CardChoice[];
  shippingMethods: Array<{ shippingLevel: number; label: string; priceLabel: string; estimatedDelivery: string }>;
  choice: RapidReorderChoice;
  /** The priced part of the choice the totals were worked out for (the form sends it back). */
  shown: string;
  totals: { summary: Summary; taxKnown: boolean } | null;
  totalsProblem: string | null;
  idempotencyKey: string;
}

/**
 * The rapid reorder's one form (decision 34): the last order's lines with their quantities, where it ships, how fast,
 * the card; 'Update totals' (intent=update-totals) prices a changed choice, 'Place order' (intent=place-order) places
 * it as the totals showed it.
 */
export function RapidReorderForm({
  page,
  lastResult,
}: {
  page: RapidReorderPage;
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
  // Either button's post holds both: the totals and the order go out one at a time.
  const busy = useIsPending();
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
      <FieldError as="p" field={form} />
      <FieldError as="p" errors={page.totalsProblem} />

      <section className="checkout-section" aria-labelledby="lenses-heading">
        <h2 id="lenses-heading">Your lenses</h2>
        <FieldError as="p" field={fields.quantities} />
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
                      aria-describedby={describedByErrors(field)}
                    >
                      {line.options.map((option) => (
                        <option key={option} value={option}>
                          {option === 0 ? "None" : option === 1 ? "1 box" : `${option} boxes`}
                        </option>
                      ))}
                    </select>
                    <FieldError field={field} />
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

      <SavedCardChoices
        field={fields.paymentMethodId}
        cards={page.cards}
        selectedId={Number(fields.paymentMethodId.initialValue) || null}
        className="checkout-section"
      />

      <p>
        <StatusButton name="intent" value="update-totals" className="button" disabled={busy}>
          Update totals
        </StatusButton>
      </p>
      {page.totals ? <OrderSummary summary={page.totals.summary} taxKnown={page.totals.taxKnown} /> : null}
      {page.totals ? (
        <p className="place-order-total">
          Order total:{" "}
          <strong data-testid="place-order-total">{formatCents(page.totals.summary.totalAfterCredits)}</strong>
        </p>
      ) : null}
      <StatusButton
        name="intent"
        value="place-order"
        pendingText="Placing your order…"
        className="button button-primary place-order-button"
        disabled={busy || !page.totals}
      >
        Place order
      </StatusButton>
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
    <fieldset className="checkout-section saved-cards" aria-describedby={describedByErrors(field)}>
      <legend>{legend}</legend>
      {children}
      <FieldError field={field} />
    </fieldset>
  );
}

import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Form, Link, useNavigation } from "react-router";
import { FormErrors } from "~/components/account/FormFields";
import { cardLabel, placeOrderSchema } from "~/models/card";

export interface CardChoice {
  id: number;
  brand: string;
  lastFour: string;
  expirationMonth: number;
  expirationYear: number;
  isPreferred: boolean;
  expired: boolean;
}

/**
 * Pay with a saved card and place the order (intent=place-order). The idempotency key was made when the page was
 * rendered, so a double click or a resubmitted form places one order. With JavaScript the button also waits.
 */
export function PlaceOrderForm({
  cards,
  selectedId,
  idempotencyKey,
  totalLabel,
  lastResult,
}: {
  cards: CardChoice[];
  selectedId: number | null;
  idempotencyKey: string;
  totalLabel: string;
  lastResult: SubmissionResult<string[]> | undefined;
}) {
  const [form, fields] = useForm({
    id: "place-order",
    lastResult,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: placeOrderSchema }),
    shouldValidate: "onSubmit",
  });
  const navigation = useNavigation();
  const placing = navigation.state !== "idle" && navigation.formData?.get("intent") === "place-order";
  const field = fields.paymentMethodId;
  return (
    <Form method="post" {...getFormProps(form)} className="place-order-form" data-testid="place-order-form">
      <input type="hidden" name="intent" value="place-order" />
      <input type="hidden" name="idempotencyKey" value={idempotencyKey} />
      <fieldset className="saved-cards" aria-describedby={field.errors ? field.errorId : undefined}>
        <legend>Pay with</legend>
        {cards.map((card) => (
          <label key={card.id} className="saved-card" data-testid="saved-card">
            <input
              type="radio"
              name={field.name}
              value={card.id}
              defaultChecked={card.id === selectedId}
              disabled={card.expired}
              required
            />
            <span className="saved-card-label">{cardLabel(card)}</span>
            <span className="saved-card-expiry">
              {card.expired ? "Expired " : "Expires "}
              {String(card.expirationMonth).padStart(2, "0")}/{card.expirationYear}
              {card.isPreferred ? " · Preferred" : ""}
            </span>
          </label>
        ))}
        {field.errors ? (
          <span className="field-error" id={field.errorId} role="alert">
            {field.errors.join(" ")}
          </span>
        ) : null}
      </fieldset>
      <p>
        <Link to="?card=new#card-form" preventScrollReset>
          Use a new card
        </Link>
      </p>
      <FormErrors errors={form.errors} id={form.errorId} />
      <p className="place-order-total">
        Order total: <strong data-testid="place-order-total">{totalLabel}</strong>
      </p>
      <button type="submit" className="button button-primary place-order-button" disabled={placing}>
        {placing ? "Placing your order…" : "Place order"}
      </button>
    </Form>
  );
}

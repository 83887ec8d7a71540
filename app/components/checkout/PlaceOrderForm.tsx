import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Form, Link } from "react-router";
import { StatusButton } from "~/components/forms/StatusButton";
import { placeOrderSchema } from "~/models/card";
import type { CardChoice } from "~/models/card-choice";
import { SavedCardChoices } from "./SavedCardChoices";
import { FieldError } from "~/components/forms/FieldError";

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
  return (
    <Form method="post" {...getFormProps(form)} className="place-order-form" data-testid="place-order-form">
      <input type="hidden" name="intent" value="place-order" />
      <input type="hidden" name="idempotencyKey" value={idempotencyKey} />
      <SavedCardChoices field={fields.paymentMethodId} cards={cards} selectedId={selectedId} />
      <p>
        <Link to="?card=new#card-form" preventScrollReset>
          Use a new card
        </Link>
      </p>
      <FieldError as="p" field={form} />
      <p className="place-order-total">
        Order total: <strong data-testid="place-order-total">{totalLabel}</strong>
      </p>
      <StatusButton
        intent="place-order"
        pendingText="Placing your order…"
        className="button button-primary place-order-button"
      >
        Place order
      </StatusButton>
    </Form>
  );
}

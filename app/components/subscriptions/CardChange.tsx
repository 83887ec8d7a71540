import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { Form, Link } from "react-router";
import { CardForm } from "~/components/checkout/CardForm";
import { SavedCardChoices } from "~/components/checkout/SavedCardChoices";
import { CARD_MESSAGES } from "~/models/card";
import { savedCardSchema, type BillingDefaults, type CardChoice } from "~/models/card-choice";
import { FieldError } from "~/components/forms/FieldError";

type Result = SubmissionResult<string[]> | undefined;

/**
 * Change card: one of the saved cards (an expired one cannot be chosen), or a new card through checkout's card form
 * (intent=save-card, the same card lock), which then pays for the subscription. The card form opens from the URL
 * (?card=new), or by itself when there is no card to choose.
 */
export function CardChange({
  cards,
  selectedId,
  showCardForm,
  savedResult,
  cardResult,
  enteredLastFour,
  billingDefaults,
  yearOptions,
  locked,
}: {
  cards: CardChoice[];
  selectedId: number | null;
  showCardForm: boolean;
  savedResult: Result;
  cardResult: Result;
  enteredLastFour: string | null;
  billingDefaults: BillingDefaults;
  yearOptions: number[];
  locked: boolean;
}) {
  const usable = cards.some((card) => !card.expired);
  return (
    <>
      {usable ? <SavedCardForm cards={cards} selectedId={selectedId} lastResult={savedResult} /> : null}
      {showCardForm || !usable ? (
        // CardForm's own id is "card-form", the anchor of 'Use a new card'.
        <div>
          <CardForm
            lastResult={cardResult}
            enteredLastFour={enteredLastFour}
            billingDefaults={billingDefaults}
            yearOptions={yearOptions}
            locked={locked}
            lockedMessage={CARD_MESSAGES.tooManyAttempts}
            cancelable={false}
          />
        </div>
      ) : (
        <p>
          <Link to="?card=new#card-form" preventScrollReset>
            Use a new card
          </Link>
        </p>
      )}
    </>
  );
}

function SavedCardForm({
  cards,
  selectedId,
  lastResult,
}: {
  cards: CardChoice[];
  selectedId: number | null;
  lastResult: Result;
}) {
  const [form, fields] = useForm({
    id: "subscription-saved-card",
    defaultNoValidate: false,
    lastResult,
    constraint: getZodConstraint(savedCardSchema),
    onValidate: ({ formData }) => parseWithZod(formData, { schema: savedCardSchema }),
    shouldValidate: "onSubmit",
  });
  return (
    <Form method="post" {...getFormProps(form)} className="subscription-form">
      <input type="hidden" name="intent" value="use-saved-card" />
      <SavedCardChoices field={fields.paymentMethodId} cards={cards} selectedId={selectedId} />
      <FieldError as="p" field={form} />
      <button type="submit" className="button">
        Pay with this card
      </button>
    </Form>
  );
}

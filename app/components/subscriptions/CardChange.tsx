import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { Form, Link } from "react-router";
import { z } from "zod";
import { FormErrors } from "~/components/account/FormFields";
import { CardForm, type BillingDefaults } from "~/components/checkout/CardForm";
import type { CardChoice } from "~/components/checkout/PlaceOrderForm";
import { isInternational } from "~/models/address";
import { CARD_MESSAGES, cardLabel, isCardExpired } from "~/models/card";

type Result = SubmissionResult<string[]> | undefined;

/** Shared by the saved-card form and the details action (intent=use-saved-card). */
export const savedCardSchema = z.object({
  paymentMethodId: z.coerce
    .number({ error: CARD_MESSAGES.chooseCard })
    .int({ error: CARD_MESSAGES.chooseCard })
    .min(1, { error: CARD_MESSAGES.chooseCard })
    .max(2_147_483_647, { error: CARD_MESSAGES.chooseCard }),
});

/** The wallet as the form's choices (an expired card shows, but cannot be chosen). */
export function cardChoices(
  cards: ReadonlyArray<Omit<CardChoice, "expired"> & { nameOnCard?: string }>,
  now: Date,
): CardChoice[] {
  return cards.map((card) => ({
    id: card.id,
    brand: card.brand,
    lastFour: card.lastFour,
    expirationMonth: card.expirationMonth,
    expirationYear: card.expirationYear,
    isPreferred: card.isPreferred,
    expired: isCardExpired(card.expirationMonth, card.expirationYear, now),
  }));
}

/** A new card's billing address starts as the subscription's (US) shipping address. */
export function billingDefaultsFor(
  shipping: { address1: string; city: string; state: string; postalCode: string; country: string } | null,
): BillingDefaults {
  return shipping && !isInternational(shipping.country)
    ? {
        billingAddress1: shipping.address1,
        billingCity: shipping.city,
        billingState: shipping.state,
        billingPostalCode: shipping.postalCode,
      }
    : { billingAddress1: "", billingCity: "", billingState: "", billingPostalCode: "" };
}

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
  const field = fields.paymentMethodId;
  return (
    <Form method="post" {...getFormProps(form)} className="subscription-form">
      <input type="hidden" name="intent" value="use-saved-card" />
      <fieldset className="saved-cards" aria-describedby={field.errors ? field.errorId : undefined}>
        <legend>Pay with</legend>
        {cards.map((card) => (
          <label key={card.id} className="saved-card" data-testid="saved-card">
            <input
              type="radio"
              name={field.name}
              value={card.id}
              defaultChecked={card.id === selectedId && !card.expired}
              disabled={card.expired}
              required
            />{" "}
            <span className="saved-card-label">{cardLabel(card)}</span>{" "}
            <span className="saved-card-expiry">
              {card.expired ? "Expired " : "Expires "}
              {String(card.expirationMonth).padStart(2, "0")}/{card.expirationYear}
            </span>
          </label>
        ))}
        {field.errors ? (
          <span className="field-error" id={field.errorId} role="alert">
            {field.errors.join(" ")}
          </span>
        ) : null}
      </fieldset>
      <FormErrors errors={form.errors} id={form.errorId} />
      <button type="submit" className="button">
        Pay with this card
      </button>
    </Form>
  );
}

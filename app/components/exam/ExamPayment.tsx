import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Form, Link } from "react-router";
import { CardForm } from "~/components/checkout/CardForm";
import { SavedCardChoices } from "~/components/checkout/SavedCardChoices";
import { FieldError } from "~/components/forms/FieldError";
import { StatusButton } from "~/components/forms/StatusButton";
import type { BillingDefaults, CardChoice } from "~/models/card-choice";
import { examPaySchema } from "~/models/exam-forms";
import type { ExamPaymentChoice } from "~/models/exam-payments";

export interface ExamPaymentView {
  path: string;
  choice: ExamPaymentChoice;
  patientName: string;
  lenses: string[];
  isRecapture: boolean;
  amount: string;
  /** The fee shown, sent back with the pay form: the server charges its own price, and only when it is this one. */
  priceCents: number;
  cards: CardChoice[];
  selectedCardId: number | null;
  idempotencyKey: string;
  showCardForm: boolean;
  cardLocked: boolean;
  billingDefaults: BillingDefaults;
  yearOptions: number[];
}

/**
 * The exam's pay step: what the exam is for and its fee (FSA/HSA eligible), the saved cards, and a new card's form.
 * The pay form carries the page's idempotency key, so a double click or a resubmit pays once.
 */
export function ExamPayment({
  view,
  payResult,
  cardResult,
  lockedMessage,
  fsaHsa,
}: {
  view: ExamPaymentView;
  payResult: SubmissionResult<string[]> | undefined;
  cardResult: { result: SubmissionResult<string[]>; enteredLastFour: string | null } | null;
  lockedMessage: string;
  fsaHsa: string;
}) {
  const [form, fields] = useForm({
    id: "exam-pay",
    lastResult: payResult,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: examPaySchema }),
    shouldValidate: "onSubmit",
  });
  const usableCards = view.cards.filter((card) => !card.expired);
  const showCardForm = view.showCardForm || cardResult !== null;
  const { choice } = view;
  return (
    <section className="narrow-page exam-payment">
      <h1>Pay for your exam</h1>
      <section aria-labelledby="exam-fee-heading">
        <h2 id="exam-fee-heading">Online vision exam for {view.patientName}</h2>
        {view.lenses.length > 0 ? (
          <ul>
            {view.lenses.map((lens) => (
              <li key={lens}>{lens}</li>
            ))}
          </ul>
        ) : null}
        <p>
          Exam fee: <strong data-testid="exam-fee">{view.amount}</strong>
        </p>
        <p data-testid="exam-fsa-hsa">{fsaHsa}</p>
        <p>You pay now, before the exam starts. If the doctor can&apos;t take your exam, we refund the fee.</p>
      </section>
      <section aria-labelledby="exam-pay-heading">
        <h2 id="exam-pay-heading">Payment</h2>
        {usableCards.length > 0 ? (
          <Form method="post" {...getFormProps(form)} className="place-order-form" data-testid="exam-pay-form">
            <input type="hidden" name="intent" value="pay" />
            <input type="hidden" name="idempotencyKey" value={view.idempotencyKey} />
            <input type="hidden" name="shownPriceCents" value={view.priceCents} />
            {"orderNumber" in choice ? (
              <input type="hidden" name="orderNumber" value={choice.orderNumber} />
            ) : (
              <>
                <input type="hidden" name="patientId" value={choice.patientId} />
                {choice.rightUpc ? <input type="hidden" name="rightUpc" value={choice.rightUpc} /> : null}
                {choice.leftUpc ? <input type="hidden" name="leftUpc" value={choice.leftUpc} /> : null}
              </>
            )}
            <SavedCardChoices field={fields.paymentMethodId} cards={view.cards} selectedId={view.selectedCardId} />
            <p>
              <Link to={`${view.path}&card=new#card-form`} preventScrollReset>
                Use a new card
              </Link>
            </p>
            <FieldError as="p" field={form} />
            <StatusButton intent="pay" pendingText="Paying…" className="button button-primary place-order-button">
              Pay {view.amount} and start your exam
            </StatusButton>
          </Form>
        ) : (
          <p className="checkout-no-card">Add a card to pay for your exam. It is saved securely for next time.</p>
        )}
        {showCardForm ? (
          <CardForm
            lastResult={cardResult?.result}
            enteredLastFour={cardResult?.enteredLastFour ?? null}
            billingDefaults={view.billingDefaults}
            yearOptions={view.yearOptions}
            locked={view.cardLocked}
            lockedMessage={lockedMessage}
            cancelable={view.cards.length > 0}
            cancelHref={view.path}
          />
        ) : null}
      </section>
    </section>
  );
}

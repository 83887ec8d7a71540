import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect } from "react-router";
import { ExamPayment } from "~/components/exam/ExamPayment";
import {
  CARD_MESSAGES,
  cardDetailsFromForm,
  cardFormSchema,
  cardLabel,
  dropCardSecrets,
  expiryYearOptions,
  lastFour,
  SECRET_CARD_FIELDS,
} from "~/models/card";
import { billingDefaultsFor, cardChoices } from "~/models/card-choice";
import { formatCents } from "~/models/catalog";
import { examPaySchema } from "~/models/exam-forms";
import { EXAM_PAYMENT_MESSAGES, examPaymentPath, type ExamPaymentChoice } from "~/models/exam-payments";
import { EXAM_START_PATH } from "~/models/exams";
import { isOrderNumberShaped } from "~/models/order-status";
import type { PageHandle } from "~/models/page";
import { getPrimaryAddress } from "~/services/accounts/addresses.server";
import { isCardSavingLocked } from "~/services/checkout/card-lock.server";
import { saveCardUnderLock } from "~/services/checkout/card-save.server";
import { walletOf } from "~/services/checkout/payment-methods.server";
import { examBrowserGuard } from "~/services/exams/exam-browser.server";
import { payForExamChoice } from "~/services/exams/exam-payments.server";
import { examPriceFor } from "~/services/exams/exam-campaigns.server";
import { examPurchaseFor, redirectToExam, requireExamCustomer } from "~/services/exams/exam-start.server";
import { expressExamEligible } from "~/services/orders/recapture.server";
import { servicesContext, visitorContext } from "~/services/platform/context.server";
import { readForm } from "~/services/platform/http.server";
import { flashToast } from "~/services/platform/session.server";
import styles from "~/styles/checkout.css?url";
import type { Route } from "./+types/exam.payment";

/**
 * The exam's pay step (issue 27, decision 55): the visitor's exam price (the provider's, or their exam price
 * variation's: decision 64), paid with a saved card (or a new one, saved under the card lock as checkout saves it)
 * before the provider creates the exam. What the exam is for is URL state (?patient=&right=&left=, or ?order= for a
 * held order), checked again on every request. The form carries the price it showed; a different price now is
 * refused, not charged.
 */
export const handle: PageHandle = { pageName: "ExamPayment", headerType: "simple", footerSimplified: true };

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: styles }];

export const meta: Route.MetaFunction = () => [
  { title: "Pay for your online vision exam | Lenslane" },
  { name: "robots", content: "noindex" },
];

// The card lock's cookie rides on the action's answer, whichever way the page is rendered.
export const headers: Route.HeadersFunction = ({ actionHeaders }) => {
  const headers = new Headers();
  for (const cookie of actionHeaders.getSetCookie()) headers.append("Set-Cookie", cookie);
  return headers;
};

const ID = /^[1-9][0-9]{0,9}$/;
const UPC = /^[0-9A-Za-z-]{1,40}$/;

/** The choice the URL names, or null when it names none (shape only: the service checks what it names). */
function choiceOf(url: URL): ExamPaymentChoice | null {
  const order = url.searchParams.get("order");
  if (order !== null) return isOrderNumberShaped(order) ? { orderNumber: order } : null;
  const patient = url.searchParams.get("patient");
  const upc = (name: string) => {
    const value = url.searchParams.get(name);
    return value && UPC.test(value) ? value : null;
  };
  if (!patient || !ID.test(patient)) return null;
  return { patientId: Number(patient), rightUpc: upc("right"), leftUpc: upc("left") };
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const services = context.get(servicesContext);
  const visitor = context.get(visitorContext);
  const { session } = visitor;
  examBrowserGuard(request, session);
  const customer = requireExamCustomer(context, request);
  const url = new URL(request.url);
  const choice = choiceOf(url);
  if (!choice) throw redirect(EXAM_START_PATH);
  const { db } = services;
  const now = new Date();
  const [eligible, purchase, wallet, locked, price, primary] = await Promise.all([
    expressExamEligible(services, customer.id),
    examPurchaseFor(services, customer, choice),
    walletOf(db, customer.id),
    isCardSavingLocked(db, customer.id, request.headers.get("Cookie"), now),
    examPriceFor(services, visitor),
    getPrimaryAddress(db, customer.id),
  ]);
  if (!eligible) throw redirect(EXAM_START_PATH);
  if (!purchase.ok) {
    flashToast(session, "error", purchase.message);
    throw redirect("patientId" in choice ? `${EXAM_START_PATH}?patient=${choice.patientId}` : EXAM_START_PATH);
  }
  const path = examPaymentPath(choice);
  const cards = cardChoices(wallet.cards, now);
  return {
    path,
    choice,
    patientName: purchase.patientName,
    lenses: purchase.lenses,
    isRecapture: "orderNumber" in choice,
    amount: formatCents(price.priceCents),
    priceCents: price.priceCents,
    cards,
    selectedCardId: wallet.selected?.id ?? null,
    // A new key for every rendering of the page: resubmitting this rendering's form is the same payment.
    idempotencyKey: crypto.randomUUID(),
    // No card that can pay (none, or all expired): the new card's form is the way on.
    showCardForm: cards.every((card) => card.expired) || url.searchParams.get("card") === "new",
    cardLocked: locked,
    billingDefaults: billingDefaultsFor(primary),
    yearOptions: expiryYearOptions(now),
  };
}

type PayForm = "card" | "pay";

function reply(
  form: PayForm,
  result: SubmissionResult<string[]>,
  enteredLastFour: string | null = null,
  init?: HeadersInit,
) {
  return data({ form, result, enteredLastFour }, { status: 400, headers: init });
}

export async function action({ request, context }: Route.ActionArgs) {
  const services = context.get(servicesContext);
  const visitor = context.get(visitorContext);
  const { session } = visitor;
  examBrowserGuard(request, session);
  const customer = requireExamCustomer(context, request);
  const url = new URL(request.url);
  const formData = await readForm(request, { cardFields: true });
  const intent = formData.get("intent");
  if (intent !== "save-card") dropCardSecrets(formData);

  if (intent === "save-card") {
    const submission = parseWithZod(formData, { schema: cardFormSchema() });
    const entered = lastFour(String(formData.get("cardNumber") ?? ""));
    const saved = await saveCardUnderLock(services, {
      customerId: customer.id,
      cookieHeader: request.headers.get("Cookie"),
      card: submission.status === "success" ? cardDetailsFromForm(submission.value) : null,
    });
    if (saved.ok) {
      flashToast(session, "success", `${cardLabel(saved.card)} saved.`);
      const choice = choiceOf(url);
      return redirect(choice ? examPaymentPath(choice) : EXAM_START_PATH, 303);
    }
    // Never echo the number or the CVV back into the page.
    return reply(
      "card",
      submission.reply({ formErrors: saved.formError ? [saved.formError] : undefined, hideFields: SECRET_CARD_FIELDS }),
      entered,
      saved.setCookie ? { "Set-Cookie": saved.setCookie } : undefined,
    );
  }

  const submission = parseWithZod(formData, { schema: examPaySchema });
  if (submission.status !== "success") {
    // The hidden fields have no place on the page to show their error: the form says the page expired.
    const expired = ["idempotencyKey", "shownPriceCents"].some((name) => submission.error?.[name]);
    return reply("pay", submission.reply(expired ? { formErrors: [EXAM_PAYMENT_MESSAGES.keyReused] } : undefined));
  }
  const { orderNumber, patientId, rightUpc, leftUpc, idempotencyKey, paymentMethodId, shownPriceCents } =
    submission.value;
  const choice: ExamPaymentChoice =
    orderNumber !== undefined
      ? { orderNumber }
      : { patientId: patientId!, rightUpc: rightUpc ?? null, leftUpc: leftUpc ?? null };
  const price = await examPriceFor(services, visitor);
  const paid = await payForExamChoice(services, {
    customer,
    choice,
    paymentMethodId,
    idempotencyKey,
    price,
    shownPriceCents,
  });
  if (!paid.ok) return reply("pay", submission.reply({ formErrors: [paid.message] }));
  return redirectToExam(services, session, paid.voucher.token);
}

export default function ExamPaymentPage({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <ExamPayment
      view={loaderData}
      payResult={actionData?.form === "pay" ? actionData.result : undefined}
      cardResult={actionData?.form === "card" ? actionData : null}
      lockedMessage={CARD_MESSAGES.tooManyAttempts}
      fsaHsa={EXAM_PAYMENT_MESSAGES.fsaHsa}
    />
  );
}

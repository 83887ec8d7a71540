import { parseWithZod } from "@conform-to/zod/v4";
import { data, Form, Link, redirect } from "react-router";
import { AccountNav, SavedNotice } from "~/components/account/FormFields";
import { CardForm } from "~/components/checkout/CardForm";
import { ApplePayButton } from "~/components/account/ApplePayButton";
import { UrlDialog } from "~/components/ui/UrlDialog";
import { useInDialogSlot } from "~/components/ui/DialogSlot";
import {
  CARD_MESSAGES,
  cardDetailsFromForm,
  cardFormSchema,
  dropCardSecrets,
  expiryYearOptions,
  lastFour,
  SECRET_CARD_FIELDS,
} from "~/models/card";
import { billingDefaultsFor } from "~/models/card-choice";
import { expiryLabel, paymentMethodLabel, WALLET_MESSAGES, walletFormSchema } from "~/models/payment-methods";
import type { PageHandle } from "~/models/page";
import { getPrimaryAddress } from "~/services/accounts/addresses.server";
import { signedInCustomer } from "~/services/accounts/auth/signed-in.server";
import { isCardSavingLocked } from "~/services/checkout/card-lock.server";
import { saveCardUnderLock } from "~/services/checkout/card-save.server";
import { deletePaymentMethod, listWallet, makePreferred } from "~/services/checkout/wallet.server";
import { servicesContext, visitorContext } from "~/services/platform/context.server";
import { paymentSwitches } from "~/services/scenarios/feature-switches.server";
import { readForm } from "~/services/platform/http.server";
import type { Route } from "./+types/account.settings.payment-methods";

/**
 * The saved payment methods (spec 3 §3 Wallet and payments; issue 27): each card (brand, last four, expiry) or
 * provider token, the preferred one marked and listed first (checkout selects it first), with 'Make preferred' and
 * Delete as plain forms; Delete asks first in a dialog held in the URL (?delete=<id>). A new card is saved through
 * checkout's card form, under the same card lock. Apple Pay is offered only on Apple platforms with JavaScript.
 */

export const handle: PageHandle = { pageName: "Account", pageDialog: true };

const PATH = "/account/settings/payment-methods";

const SAVED_MESSAGES = {
  card: "Your card is saved.",
  deleted: WALLET_MESSAGES.deleted,
  preferred: WALLET_MESSAGES.preferred,
} as const;

export const meta: Route.MetaFunction = () => [
  { title: "Payment methods | Lenslane" },
  { name: "robots", content: "noindex" },
];

/** Signed-in only (spec 6). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const customer = signedInCustomer(context);
  const { db } = context.get(servicesContext);
  const now = new Date();
  const url = new URL(request.url);
  const [wallet, locked, primary] = await Promise.all([
    listWallet(db, customer.id, now),
    isCardSavingLocked(db, customer.id, request.headers.get("Cookie"), now),
    getPrimaryAddress(db, customer.id),
  ]);
  const methods = wallet.map((entry) => ({
    id: entry.id,
    label: paymentMethodLabel(entry),
    expiry: expiryLabel(entry),
    isExpired: entry.isExpired,
    isPreferred: entry.isPreferred,
  }));
  const saved = url.searchParams.get("saved");
  const deleteId = Number(url.searchParams.get("delete"));
  return {
    methods,
    confirmDelete: methods.find((method) => method.id === deleteId) ?? null,
    applePayOn: (await paymentSwitches(context.get(servicesContext), context.get(visitorContext).session)).applePay,
    saved: saved && Object.hasOwn(SAVED_MESSAGES, saved) ? SAVED_MESSAGES[saved as keyof typeof SAVED_MESSAGES] : null,
    card: {
      locked,
      yearOptions: expiryYearOptions(now),
      billingDefaults: billingDefaultsFor(primary),
    },
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const customer = signedInCustomer(context);
  const services = context.get(servicesContext);
  const formData = await readForm(request, { cardFields: true });
  const intent = formData.get("intent");

  if (intent === "save-card") {
    const now = new Date();
    const submission = parseWithZod(formData, { schema: cardFormSchema(now) });
    const entered = lastFour(String(formData.get("cardNumber") ?? ""));
    const saved = await saveCardUnderLock(services, {
      customerId: customer.id,
      cookieHeader: request.headers.get("Cookie"),
      card: submission.status === "success" ? cardDetailsFromForm(submission.value) : null,
      now,
    });
    if (saved.ok) return redirect(`${PATH}?saved=card`, 303);
    const result = submission.reply({
      formErrors: saved.formError ? [saved.formError] : undefined,
      hideFields: SECRET_CARD_FIELDS,
    });
    return data(
      { result, enteredLastFour: entered },
      {
        status: saved.formError === CARD_MESSAGES.tooManyAttempts ? 429 : 400,
        headers: saved.setCookie ? { "Set-Cookie": saved.setCookie } : undefined,
      },
    );
  }

  dropCardSecrets(formData);
  const submission = parseWithZod(formData, { schema: walletFormSchema });
  if (submission.status !== "success") {
    throw data({ error: "We couldn't change your payment methods. Please try again." }, { status: 400 });
  }
  const { intent: chosen, paymentMethodId } = submission.value;
  const done =
    chosen === "delete-payment-method"
      ? await deletePaymentMethod(services.db, customer.id, paymentMethodId)
      : await makePreferred(services.db, customer.id, paymentMethodId);
  // Another customer's method is not found, exactly like one that does not exist.
  if (!done) throw data({ error: WALLET_MESSAGES.notFound }, { status: 404 });
  return redirect(`${PATH}?saved=${chosen === "delete-payment-method" ? "deleted" : "preferred"}`, 303);
}

export default function PaymentMethodsPage({ loaderData, actionData }: Route.ComponentProps) {
  const inDialogSlot = useInDialogSlot();
  const { methods, confirmDelete, card } = loaderData;
  if (inDialogSlot) return confirmDelete ? <DeleteDialog method={confirmDelete} /> : null;
  return (
    <section className="account-page">
      <h1>Payment methods</h1>
      <AccountNav />
      <p>
        <Link to="/account/settings">← Account settings</Link>
      </p>
      <SavedNotice message={loaderData.saved} />
      {methods.length === 0 ? (
        <p>You have no saved payment methods yet.</p>
      ) : (
        <ul className="payment-method-list" data-testid="payment-methods">
          {methods.map((method) => (
            <li key={method.id} className="payment-method" data-testid="payment-method">
              <p>
                <strong>{method.label}</strong>
                {method.isPreferred ? <span className="address-badge"> (Preferred)</span> : null}
              </p>
              {method.expiry ? <p>{method.isExpired ? `Expired ${method.expiry.slice(8)}` : method.expiry}</p> : null}
              <div className="address-actions">
                {method.isPreferred ? null : (
                  <Form method="post" action={PATH}>
                    <input type="hidden" name="intent" value="make-preferred" />
                    <input type="hidden" name="paymentMethodId" value={method.id} />
                    <button type="submit" className="link-button" aria-label={`Make ${method.label} preferred`}>
                      Make preferred
                    </button>
                  </Form>
                )}
                <Link to={`${PATH}?delete=${method.id}`} preventScrollReset aria-label={`Delete ${method.label}`}>
                  Delete
                </Link>
              </div>
            </li>
          ))}
        </ul>
      )}
      <ApplePayButton switchedOn={loaderData.applePayOn} />
      <CardForm
        lastResult={actionData?.result}
        enteredLastFour={actionData?.enteredLastFour ?? null}
        billingDefaults={card.billingDefaults}
        yearOptions={card.yearOptions}
        locked={card.locked}
        lockedMessage={CARD_MESSAGES.tooManyAttempts}
        cancelable={false}
      />
    </section>
  );
}

function DeleteDialog({ method }: { method: { id: number; label: string } }) {
  return (
    <UrlDialog titleId="delete-payment-method-title" title="Delete this payment method?" closeHref={PATH}>
      <p>{method.label} will be removed from your wallet. Subscriptions paid with it will need another card.</p>
      <Form method="post" action={PATH}>
        <input type="hidden" name="intent" value="delete-payment-method" />
        <input type="hidden" name="paymentMethodId" value={method.id} />
        <button type="submit" className="button button-primary">
          Delete {method.label}
        </button>{" "}
        <Link to={PATH} replace preventScrollReset>
          Keep it
        </Link>
      </Form>
    </UrlDialog>
  );
}

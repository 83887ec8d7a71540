import type { SubmissionResult } from "@conform-to/react";
import type { ReactNode } from "react";
import { Link } from "react-router";
import type { SavedAddressChoice } from "~/components/checkout/AddressStepSaved";
import type { BillingDefaults, CardChoice } from "~/models/card-choice";
import type { AddressFormDefaults } from "~/models/address";
import { VerifyAddressDialog } from "../checkout/VerifyAddressDialog";
import { useInDialogSlot } from "../ui/DialogSlot";
import { AddressChange } from "./AddressChange";
import { CancelForm } from "./CancelForm";
import { CardChange } from "./CardChange";
import { OrderNowForm } from "./OrderNowForm";
import { QuantitiesForm, type quantityFields } from "./QuantitiesForm";
import { FrequencyForm, NextDateForm, SnoozeForm, type scheduleDefaults } from "./ScheduleForms";
import { SubscriptionFacts, type SubscriptionSummaryView } from "./SubscriptionSummary";
import { FieldError } from "~/components/forms/FieldError";

/** The details page's forms; "page" is a refusal that belongs to no form (e.g. the subscription was cancelled). */
export type SubscriptionFormName =
  | "page"
  | "quantities"
  | "frequency"
  | "next-date"
  | "snooze"
  | "saved-address"
  | "new-address"
  | "verify"
  | "saved-card"
  | "card"
  | "order-now"
  | "cancel";

export interface ManageActionData {
  form: SubscriptionFormName;
  result: SubmissionResult<string[]>;
  enteredLastFour: string | null;
}

export interface ManagePage {
  summary: SubscriptionSummaryView;
  href: string;
  /** The order just placed with 'Order now' (from the redirect), to link to. */
  ordered: string | null;
  /** Null when the subscription is cancelled: nothing to change. */
  forms:
    | (ReturnType<typeof scheduleDefaults> & {
        quantities: ReturnType<typeof quantityFields>;
        address: {
          addresses: SavedAddressChoice[];
          selectedId: number | null;
          showNewForm: boolean;
          newAddressDefaults: AddressFormDefaults;
          verify: { closeHref: string; entryLines: string[]; suggestionLines: string[] } | null;
        };
        card: {
          cards: CardChoice[];
          selectedId: number | null;
          showCardForm: boolean;
          locked: boolean;
          billingDefaults: BillingDefaults;
          yearOptions: number[];
        };
        orderNow: { confirming: boolean };
      })
    | null;
}

/** The subscription details page: its facts, then one section per change (each a plain POST form). */
export function SubscriptionManage({
  page,
  actionData,
}: {
  page: ManagePage;
  actionData: ManageActionData | undefined;
}) {
  const { summary, forms, href } = page;
  const resultFor = (form: SubscriptionFormName) => (actionData?.form === form ? actionData.result : undefined);
  const pageErrors = resultFor("page")?.error?.[""] ?? null;
  // Rendered twice (DialogSlot.tsx): the dialog in the slot after the header, the page in <main>.
  const inDialogSlot = useInDialogSlot();
  if (inDialogSlot) {
    const verify = forms?.address.verify;
    return verify ? (
      <VerifyAddressDialog
        action={`${href}?verify=address`}
        closeHref={verify.closeHref}
        entryLines={verify.entryLines}
        suggestionLines={verify.suggestionLines}
        lastResult={resultFor("verify")}
      />
    ) : null;
  }
  return (
    <section className="orders-page subscription-page">
      <p>
        <Link to="/account/subscriptions">← All subscriptions</Link>
      </p>
      <div className="order-card-head">
        <h1>{summary.heading}</h1>
        <span
          className={`order-status ${summary.cancelled ? "order-status-unsupported" : "order-status-shipped"}`}
          data-testid="subscription-status"
        >
          {summary.cancelled ? "Cancelled" : "Active"}
        </span>
      </div>
      <FieldError as="p" errors={pageErrors} />
      {page.ordered ? (
        <p className="notice notice-success" role="status">
          Order {page.ordered} is placed.{" "}
          <Link to={`/account/order-history/${encodeURIComponent(page.ordered)}`}>View order {page.ordered}</Link>
        </p>
      ) : null}
      {summary.cancelled ? (
        <p className="subscription-note" data-testid="subscription-cancelled">
          Cancelled{summary.cancelled.date ? ` on ${summary.cancelled.date}` : ""}. Reason: {summary.cancelled.reason}.
          No more orders will be placed.
        </p>
      ) : null}
      <SubscriptionFacts summary={summary} detailed />
      {forms ? (
        <>
          <Section id="quantities" title="Quantities">
            <QuantitiesForm
              eyes={forms.quantities.eyes}
              schemaOptions={forms.quantities.options}
              lastResult={resultFor("quantities")}
            />
          </Section>
          <Section id="schedule" title="Schedule">
            <FrequencyForm {...forms.frequency} lastResult={resultFor("frequency")} />
            <NextDateForm {...forms.nextDate} lastResult={resultFor("next-date")} />
            <SnoozeForm {...forms.snooze} lastResult={resultFor("snooze")} />
          </Section>
          <Section id="address" title="Shipping address">
            <AddressChange
              detailsHref={href}
              currentLines={summary.addressLines}
              {...forms.address}
              showNewForm={forms.address.showNewForm || actionData?.form === "new-address"}
              savedResult={resultFor("saved-address")}
              newResult={resultFor("new-address")}
            />
          </Section>
          <Section id="card" title="Payment">
            <CardChange
              {...forms.card}
              showCardForm={forms.card.showCardForm || actionData?.form === "card"}
              savedResult={resultFor("saved-card")}
              cardResult={resultFor("card")}
              enteredLastFour={actionData?.form === "card" ? actionData.enteredLastFour : null}
            />
          </Section>
          <Section id="order-now" title="Order now">
            <OrderNowForm
              confirming={forms.orderNow.confirming}
              detailsHref={href}
              price={summary.price?.total ?? null}
              card={summary.card}
              shipTo={summary.shipTo}
              lastResult={resultFor("order-now")}
            />
          </Section>
          <Section id="cancel" title="Cancel subscription">
            <CancelForm lastResult={resultFor("cancel")} />
          </Section>
        </>
      ) : null}
    </section>
  );
}

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section id={id} className="order-section subscription-section" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{title}</h2>
      {children}
    </section>
  );
}

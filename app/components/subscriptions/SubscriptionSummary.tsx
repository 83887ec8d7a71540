import { groupHeading } from "~/models/line-item-group";
import { addressLines, type AddressInput } from "~/models/address";
import { cardLabel } from "~/models/card";
import { formatCents } from "~/models/catalog";
import { EYE_NAMES, isLensParameterName, LENS_PARAMETER_LABELS } from "~/models/lens-parameters";
import {
  businessToday,
  cancelReasonLabel,
  FAILURE_MESSAGES,
  formatReorderDate,
  formatShortDate,
  type SubscriptionFailure,
} from "~/models/subscription";

/** What the summary reads of a subscription (the service's SubscriptionView has all of it). */
export interface SummarySource {
  id: number;
  status: "Active" | "Cancelled";
  type: "Lens" | "Solution";
  frequencyLabel: string;
  nextReorderDate: string;
  patient: { firstName: string; lastName: string } | null;
  doctor: { name: string; clinicName: string } | null;
  items: ReadonlyArray<{
    whichEye: "right" | "left" | "none";
    productName: string;
    quantity: number;
    parameters: Record<string, string>;
  }>;
  shippingAddress: (Omit<AddressInput, "country"> & { country: string }) | null;
  card: { brand: string; lastFour: string; expired: boolean } | null;
  prescriptionExpired: boolean;
  lastFailure: { reason: SubscriptionFailure; message: string } | null;
  cancelReason: string | null;
  cancelledAt: string | null;
}

export interface PriceSource {
  subtotalCents: number;
  discountCents: number;
  totalCents: number;
  promotions: ReadonlyArray<{ description: string; amountCents: number }>;
}

/** A subscription in words and dollars, for the list and the details page. */
export function summarizeSubscription(view: SummarySource, price: PriceSource | null) {
  const address = view.shippingAddress as AddressInput | null;
  const lines = address ? addressLines(address) : [];
  const patient = view.patient ? `${view.patient.firstName} ${view.patient.lastName}` : null;
  return {
    id: view.id,
    heading: groupHeading(view.type, view.patient),
    cancelled:
      view.status === "Cancelled"
        ? {
            reason: cancelReasonLabel(view.cancelReason) ?? "No reason given",
            date: view.cancelledAt ? formatShortDate(businessToday(new Date(view.cancelledAt))) : null,
          }
        : null,
    items: view.items.map((item, index) => ({
      key: `${item.whichEye}-${index}`,
      eye: item.whichEye === "none" ? null : EYE_NAMES[item.whichEye],
      productName: item.productName,
      quantity: item.quantity === 0 ? "Paused" : `Qty ${item.quantity}`,
      parameters: Object.entries(item.parameters)
        .map(([name, value]) => `${isLensParameterName(name) ? LENS_PARAMETER_LABELS[name] : name} ${value}`)
        .join(", "),
    })),
    patient,
    doctor: view.doctor ? [view.doctor.name, view.doctor.clinicName].filter(Boolean).join(", ") : null,
    frequency: view.frequencyLabel,
    nextReorderDate: formatReorderDate(view.nextReorderDate),
    // Name, street, city line: enough to recognise it in the list.
    shipTo: address ? [lines[0], address.address1, `${address.city}, ${address.state}`].join(", ") : null,
    addressLines: lines,
    card: view.card ? `${cardLabel(view.card)}${view.card.expired ? " (expired)" : ""}` : null,
    cardExpired: view.card?.expired ?? false,
    price: price
      ? {
          total: formatCents(price.totalCents),
          subtotal: price.discountCents > 0 ? formatCents(price.subtotalCents) : null,
          promotions: price.promotions.map((promotion) => ({
            description: promotion.description,
            amount: `−${formatCents(promotion.amountCents)}`,
          })),
        }
      : null,
    notes: statusNotes(view),
  };
}
export type SubscriptionSummaryView = ReturnType<typeof summarizeSubscription>;

/** 'Prescription expired' wins over the failure it causes; otherwise the last failure's own words. */
function statusNotes(view: SummarySource): string[] {
  if (view.status === "Cancelled") return [];
  if (view.prescriptionExpired || view.lastFailure?.reason === "prescription-expired") {
    return [FAILURE_MESSAGES["prescription-expired"]];
  }
  return view.lastFailure ? [view.lastFailure.message] : [];
}

/** The subscription's facts; `detailed` adds the lens parameters and the doctor. */
export function SubscriptionFacts({ summary, detailed }: { summary: SubscriptionSummaryView; detailed: boolean }) {
  return (
    <>
      {summary.notes.map((note) => (
        <p key={note} className="subscription-note" role="status" data-testid="subscription-note">
          {note}
        </p>
      ))}
      <ul className="order-lines">
        {summary.items.map((item) => (
          // Blocks, not spans: without CSS (the flex row) the parameters and the quantity read on lines of their own.
          <li key={item.key} className="order-line" data-testid="subscription-item">
            <div>
              {item.eye ? <strong>{item.eye}: </strong> : null}
              {item.productName}
              {detailed && item.parameters ? <div className="order-line-parameters">{item.parameters}</div> : null}
            </div>
            <div>{item.quantity}</div>
          </li>
        ))}
      </ul>
      <dl className="order-facts">
        {summary.patient ? <Fact term="Patient" value={summary.patient} /> : null}
        {detailed && summary.doctor ? <Fact term="Doctor" value={summary.doctor} /> : null}
        <Fact term="Frequency" value={summary.frequency} />
        {summary.cancelled ? null : <Fact term="Next order" value={summary.nextReorderDate} testId="next-order" />}
        {summary.shipTo ? <Fact term="Ships to" value={summary.shipTo} /> : null}
        <Fact term="Card" value={summary.card ?? "No card"} />
        {summary.price ? <Fact term="Price per order" value={summary.price.total} testId="subscription-price" /> : null}
      </dl>
      {summary.price && summary.price.promotions.length > 0 ? (
        <ul className="subscription-promotions">
          {summary.price.subtotal ? <li>Before savings: {summary.price.subtotal}</li> : null}
          {summary.price.promotions.map((promotion) => (
            <li key={promotion.description}>
              {promotion.description}: {promotion.amount}
            </li>
          ))}
        </ul>
      ) : null}
    </>
  );
}

function Fact({ term, value, testId }: { term: string; value: string; testId?: string }) {
  return (
    <div>
      <dt>{term}</dt>
      <dd data-testid={testId}>{value}</dd>
    </div>
  );
}

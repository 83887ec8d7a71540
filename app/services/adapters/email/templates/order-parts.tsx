import { DateTime } from "luxon";
import type { CSSProperties, ReactNode } from "react";
import { addressLines, type AddressInput } from "~/models/address";
import { BUSINESS_TIME_ZONE } from "~/models/business-time";
import { EYE_NAMES } from "~/models/lens-parameters";
import type { PlacedOrderLine } from "~/models/order-status";
import { formatDeliveryDate } from "~/models/shipping";
import { H2, List, TEXT_COLOR } from "./parts";

/**
 * What the order e-mails share: the shape of an order they read (the order pages' view, structurally: this adapter
 * imports no domain), how a group and a line are named, and the table rows of the confirmation.
 */

export type OrderEmailLine = PlacedOrderLine;

export interface OrderEmailGroup {
  type: string;
  patient: { firstName: string; lastName: string } | null;
  prescriptionStatus: string | null;
  lines: OrderEmailLine[];
}

/** A stored address (its country one of the model's codes: it passed the address rules when saved). */
export type OrderEmailAddress = Omit<AddressInput, "country"> & { country: string };

export interface OrderEmailView {
  orderNumber: string;
  groups: OrderEmailGroup[];
  totals: { subTotal: number; discountAmount: number; shipping: number; taxAmount: number; totalAmount: number };
  shippingAddress: OrderEmailAddress;
  estimatedDeliveryDate: string | null;
  expectedDeliveryDate: string;
}

export const shippingLines = (address: OrderEmailAddress) => addressLines(address as AddressInput);

export function groupHeading(group: OrderEmailGroup): string {
  if (group.type !== "Lens") return "Lens care";
  return group.patient ? `Contact lenses for ${group.patient.firstName} ${group.patient.lastName}` : "Contact lenses";
}

/** "Acuvue Oasys (Right eye)" */
export function lineName(line: OrderEmailLine): string {
  const eye = line.whichEye === "right" || line.whichEye === "left" ? ` (${EYE_NAMES[line.whichEye]})` : "";
  return `${line.productName}${eye}`;
}

/** A date as stored (ISO) in the shopper's words: "Thu, Mar 5". */
export const deliveryDay = (isoDate: string) =>
  formatDeliveryDate(DateTime.fromISO(isoDate, { zone: BUSINESS_TIME_ZONE }));

/** What a group holds, box counts only (the on-hold and shipped notices): "2 × Acuvue Oasys (Right eye)". */
export function GroupItems(props: { group: OrderEmailGroup }) {
  return (
    <>
      <H2>{groupHeading(props.group)}</H2>
      <List prefix="  " items={props.group.lines.map((line) => `${line.quantity} × ${lineName(line)}`)} />
    </>
  );
}

/** A table whose rows read "label: value" in the text body (render.ts). */
export function RowsTable(props: { children: ReactNode; style?: CSSProperties }) {
  return (
    <table role="presentation" data-text="rows" style={{ width: "100%", borderCollapse: "collapse", ...props.style }}>
      <tbody>{props.children}</tbody>
    </table>
  );
}

/**
 * A row: `indent` and `separator` shape its line in the text ("  name: 2 × $42.99 = $85.98"); a `nested` row (a
 * line's discount and total) is indented under its line in both bodies.
 */
export function Row(props: {
  cells: [ReactNode, ReactNode];
  indent?: number;
  separator?: string;
  strong?: boolean;
  nested?: boolean;
}) {
  const cell = (align: "left" | "right", content: ReactNode, extra?: CSSProperties) => (
    <td
      style={{ padding: "6px 0", fontSize: "15px", lineHeight: "20px", color: TEXT_COLOR, textAlign: align, ...extra }}
    >
      {props.strong ? <strong>{content}</strong> : content}
    </td>
  );
  return (
    <tr data-text-indent={props.nested ? 4 : props.indent} data-text-sep={props.separator}>
      {cell("left", props.cells[0], props.nested ? { paddingLeft: "16px" } : undefined)}
      {cell("right", props.cells[1])}
    </tr>
  );
}

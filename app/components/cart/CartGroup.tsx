import type { SubmissionResult } from "@conform-to/react";
import { Link } from "react-router";
import { formatCents } from "~/models/catalog";
import type { GroupType } from "~/models/line-item-group";
import { lensGroupHeading, type PatientName } from "~/models/patient";
import type { otherEyeOffer } from "~/models/product-order";
import { CartLine, type CartLineData } from "./CartLine";

export interface CartGroupData {
  id: string;
  type: GroupType;
  patient: PatientName | null;
  autoReorder: string | null;
  items: CartLineData[];
  otherEye: ReturnType<typeof otherEyeOffer>;
  subtotalCents: number;
}

/** One group of the cart (a patient's lenses, or solution): its lines in a table, the eye rule's offer, its subtotal. */
export function CartGroup({
  group,
  lineResult,
  eagerLineId,
}: {
  group: CartGroupData;
  /** A failed line form's answer, shown on its line. */
  lineResult: { itemId: string | null; result: SubmissionResult<string[]> } | null;
  /** The first line with an image loads it eagerly (the page's largest image). */
  eagerLineId: string | undefined;
}) {
  return (
    <section className="cart-group" aria-labelledby={`group-${group.id}`} data-testid="cart-group">
      <h2 id={`group-${group.id}`}>{group.type === "Lens" ? lensGroupHeading(group.patient) : "Lens solution"}</h2>
      {group.autoReorder ? <p className="cart-group-autoreorder">Auto-reorder: {group.autoReorder}</p> : null}
      <table className="cart-table">
        <thead>
          <tr>
            <th scope="col">
              <span className="visually-hidden">Eye</span>
            </th>
            <th scope="col">Product</th>
            <th scope="col">Quantity</th>
            <th scope="col">Price</th>
            <th scope="col">Total</th>
            <th scope="col">
              <span className="visually-hidden">Remove</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {group.items.map((item) => (
            <CartLine
              key={`${item.id}-${item.quantity}`}
              line={item}
              lastResult={lineResult?.itemId === item.id ? lineResult.result : undefined}
              eager={item.id === eagerLineId}
            />
          ))}
        </tbody>
      </table>
      {group.otherEye ? (
        <p className="notice cart-group-other-eye" data-testid="other-eye-needed">
          {group.otherEye.message} <Link to={group.otherEye.href}>{group.otherEye.linkText}</Link>
        </p>
      ) : null}
      <p className="cart-group-subtotal">Subtotal: {formatCents(group.subtotalCents)}</p>
    </section>
  );
}

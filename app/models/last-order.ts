import { isExamNeededPostOrder } from "./prescriptions";

/**
 * The last-order view (spec 2 §3): the last order's summary plus isOld, product, productIds, lensProductIds,
 * prescriptionIds and isExamNeeded. The summary and isOld come from the order-status model; these are the rest.
 */

export interface LastOrderGroupInput {
  type: string;
  prescriptionStatus: string | null;
  prescriptionId?: number | null;
  lines: ReadonlyArray<{ productId: number; productName: string }>;
}

export interface LastOrderFacts {
  /** The product the order is known by: its first lens, else its first item. */
  product: { productId: number; productName: string } | null;
  productIds: number[];
  lensProductIds: number[];
  prescriptionIds: number[];
  /** A prescription of the order is still to be sent (spec: exam needed after the order). */
  isExamNeeded: boolean;
}

const unique = (ids: readonly number[]) => [...new Set(ids)];

export function lastOrderFacts(groups: readonly LastOrderGroupInput[]): LastOrderFacts {
  const lensGroups = groups.filter((group) => group.type === "Lens");
  const lines = groups.flatMap((group) => group.lines);
  const lensLines = lensGroups.flatMap((group) => group.lines);
  const first = lensLines[0] ?? lines[0] ?? null;
  return {
    product: first ? { productId: first.productId, productName: first.productName } : null,
    productIds: unique(lines.map((line) => line.productId)),
    lensProductIds: unique(lensLines.map((line) => line.productId)),
    prescriptionIds: unique(
      lensGroups.flatMap((group) => (group.prescriptionId == null ? [] : [group.prescriptionId])),
    ),
    isExamNeeded: isExamNeededPostOrder(lensGroups.map((group) => group.prescriptionStatus)),
  };
}

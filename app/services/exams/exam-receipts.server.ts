import { and, eq, inArray } from "drizzle-orm";
import { BUSINESS_TIME_ZONE } from "~/models/business-time";
import { formatCents } from "~/models/catalog";
import type { Database } from "../db/client.server";
import { examPayments } from "../db/schema";

/** The exam fee's records as pages read them (decision 55): the customer's receipt, and the fee per exam for staff. */

/** The exam's receipt (the customer's own voucher only): what was paid, with which card, and whether it went back. */
export interface ExamReceipt {
  amount: string;
  card: string;
  paidOn: string;
  reference: string;
  refunded: boolean;
  refundPending: boolean;
}

export async function examReceipt(db: Database, customerId: number, voucherToken: string): Promise<ExamReceipt | null> {
  const [row] = await db
    .select()
    .from(examPayments)
    .where(and(eq(examPayments.voucherToken, voucherToken), eq(examPayments.customerId, customerId)));
  if (!row?.chargeId || !row.paidAt) return null;
  return {
    amount: formatCents(row.amountCents),
    card: `${row.paymentBrand} ending in ${row.paymentLastFour}`,
    paidOn: row.paidAt.toLocaleDateString("en-US", {
      year: "numeric",
      month: "long",
      day: "numeric",
      timeZone: BUSINESS_TIME_ZONE,
    }),
    reference: row.chargeId,
    refunded: row.state === "refunded",
    refundPending: row.state === "refund_due" || row.state === "refund_failed",
  };
}

/** The store's fee for each of these exams (for the dev page): paid, refunded, …; exams without a fee are left out. */
export async function examFeeStates(db: Database, voucherTokens: readonly string[]): Promise<Map<string, string>> {
  if (voucherTokens.length === 0) return new Map();
  const rows = await db
    .select({ token: examPayments.voucherToken, state: examPayments.state, amountCents: examPayments.amountCents })
    .from(examPayments)
    .where(inArray(examPayments.voucherToken, [...voucherTokens]));
  return new Map(rows.map((row) => [row.token!, `${formatCents(row.amountCents)} ${row.state.replace("_", " ")}`]));
}

import { DateTime } from "luxon";
import { and, asc, desc, eq } from "drizzle-orm";
import { BUSINESS_TIME_ZONE } from "~/models/business-time";
import type { ExamStatus } from "~/models/exams";
import type { PrescriptionEyeRecord } from "~/models/prescriptions";
import type { Database } from "~/services/db/client.server";
import { products, simulatedExams, skus, type SimulatedIssuedPrescription } from "~/services/db/schema";
import type { ExamProvider } from "./exam-provider";
import { SIMULATED_DOCTOR, SIMULATED_EXAM_PRICE_CENTS, type SimulatedExamRow } from "./simulated-provider.server";

/**
 * The simulated provider's back office, for /dev/exams: the exams it holds, and the doctor's (or the provider's own)
 * moves — issue, decline, ask for a retake, expire, cancel — any status, as a developer needs to try the store's
 * pages in each. Issuing writes the doctor's prescription from the lenses the exam renews.
 */

export async function recentSimulatedExams(db: Database, limit: number): Promise<SimulatedExamRow[]> {
  return db.select().from(simulatedExams).orderBy(desc(simulatedExams.createdAt)).limit(limit);
}

/** A year from the business day of `now` (the usual life of a contact-lens prescription). */
export function issuedExpirationDate(now: Date): string {
  return DateTime.fromJSDate(now, { zone: BUSINESS_TIME_ZONE }).startOf("day").plus({ years: 1 }).toISODate()!;
}

/** One eye of the prescription, from the UPC the exam renews (the SKU names the product and its parameters). */
async function eyeFromUpc(db: Database, upc: string | null): Promise<PrescriptionEyeRecord | null> {
  if (!upc) return null;
  const [sku] = await db
    .select({ upc: skus.upc, productId: skus.productId, parameters: skus.parameters })
    .from(skus)
    .where(eq(skus.upc, upc));
  if (!sku) return null;
  // One box is what a prescription record names per eye; the shopper picks the quantity when ordering.
  return { productId: sku.productId, upc: sku.upc, quantity: 1, parameters: { ...sku.parameters } };
}

export async function issuedPrescriptionFor(
  db: Database,
  row: Pick<SimulatedExamRow, "rightUpc" | "leftUpc">,
  now: Date,
): Promise<SimulatedIssuedPrescription | null> {
  const [rightEye, leftEye] = await Promise.all([eyeFromUpc(db, row.rightUpc), eyeFromUpc(db, row.leftUpc)]);
  if (!rightEye && !leftEye) return null;
  return { rightEye, leftEye, expirationDate: issuedExpirationDate(now), prescriber: { ...SIMULATED_DOCTOR } };
}

export type DoctorOutcome = { ok: true; message: string } | { ok: false; message: string };

/**
 * Moves an exam to `status`. Issued writes the prescription (refused when the catalog knows neither eye's lens);
 * leaving Issued takes it away. Taken without an exam date gets one (as if the shopper had just finished).
 */
export async function setSimulatedExamStatus(
  db: Database,
  token: string,
  status: ExamStatus,
  now: Date = new Date(),
): Promise<DoctorOutcome> {
  const [row] = await db.select().from(simulatedExams).where(eq(simulatedExams.token, token));
  if (!row) return { ok: false, message: "No such exam." };
  let issuedPrescription: SimulatedIssuedPrescription | null = null;
  if (status === "Issued") {
    issuedPrescription = row.status === "Issued" ? row.issuedPrescription : await issuedPrescriptionFor(db, row, now);
    if (!issuedPrescription) {
      return {
        ok: false,
        message: "The catalog knows neither eye's lens on this exam, so there is nothing to prescribe.",
      };
    }
  }
  await db
    .update(simulatedExams)
    .set({
      status,
      statusDate: row.status === status ? row.statusDate : now,
      issuedPrescription,
      ...(status === "Taken" && row.examDate === null ? { examDate: now } : {}),
      updatedAt: now,
    })
    .where(eq(simulatedExams.token, token));
  return { ok: true, message: `Exam ${token.slice(0, 6)}… is now ${status}.` };
}

/**
 * A test exam made from the dev page (no store voucher): a made-up patient wearing two lenses of the first lens
 * product that has SKUs, so the exam pages can be tried without going through the store.
 */
export async function createDevExam(db: Database, provider: ExamProvider): Promise<string> {
  const [lens] = await db
    .select({ id: products.id })
    .from(products)
    .where(and(eq(products.productType, 1), eq(products.isHidden, false)))
    .orderBy(asc(products.ordinal), asc(products.id))
    .limit(1);
  const upcs = lens
    ? await db
        .select({ upc: skus.upc })
        .from(skus)
        .where(and(eq(skus.productId, lens.id), eq(skus.isActive, true)))
        .orderBy(asc(skus.upc))
        .limit(2)
    : [];
  const exam = await provider.createExam({
    customerRef: "dev",
    patient: { firstName: "Pat", lastName: "Tester", email: "pat.tester@example.com", phone: null },
    rightUpc: upcs[0]?.upc ?? null,
    leftUpc: upcs[1]?.upc ?? upcs[0]?.upc ?? null,
    rbCode: null,
    priceCents: SIMULATED_EXAM_PRICE_CENTS,
    originalPriceCents: SIMULATED_EXAM_PRICE_CENTS,
  });
  return exam.examVoucherToken;
}

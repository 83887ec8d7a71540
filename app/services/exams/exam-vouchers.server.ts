import { and, desc, eq, gte } from "drizzle-orm";
import {
  EXAM_DETAILS_CACHE_MS,
  EXAM_FALLBACK_PRICE,
  examToContinue,
  shouldDiscardVoucher,
  type ChoiceExam,
} from "~/models/exams";
import { fullName } from "~/models/patient";
import type { ProviderExam } from "../adapters/exam-provider/exam-provider";
import type { Database, Executor } from "../db/client.server";
import { examVouchers } from "../db/schema";
import { customerPatients } from "../funnel/group-steps.server";
import type { AppServices } from "../platform/context.server";
import { syncExamVoucher, type ExamVoucherRow, type SyncServices } from "./exam-sync.server";

/**
 * The store's side of the online exam (issue 16): the vouchers it asked the exam provider for, each for one of a
 * customer's patients, and what it last read of each exam. Every read filters by the customer's id.
 */

export type { ExamVoucherRow };
type ExamServices = Pick<AppServices, "db" | "examProvider" | "logger">;

/** Spec GET api/examInfo/price: the price in dollars, 20 for both when the provider cannot say. */
export async function examPrice(services: ExamServices): Promise<{ price: number; originalPrice: number }> {
  try {
    const { priceCents, originalPriceCents } = await services.examProvider.price();
    return { price: priceCents / 100, originalPrice: originalPriceCents / 100 };
  } catch (error) {
    services.logger.warn({ err: error }, "exam price: the provider did not answer; showing the usual price");
    return { price: EXAM_FALLBACK_PRICE, originalPrice: EXAM_FALLBACK_PRICE };
  }
}

/** The customer's vouchers, newest first (`since`: created from then on). */
export async function customerVouchers(db: Database, customerId: number, since?: Date): Promise<ExamVoucherRow[]> {
  return db
    .select()
    .from(examVouchers)
    .where(and(eq(examVouchers.customerId, customerId), since ? gte(examVouchers.createdAt, since) : undefined))
    .orderBy(desc(examVouchers.createdAt));
}

export async function customerVoucher(db: Database, customerId: number, token: string): Promise<ExamVoucherRow | null> {
  const [row] = await db
    .select()
    .from(examVouchers)
    .where(and(eq(examVouchers.token, token), eq(examVouchers.customerId, customerId)));
  return row ?? null;
}

/**
 * The exam as the store knows it, read again from the provider when the copy is older than 3 minutes (spec: exam
 * details are cached 3 minutes) or when `fresh` (the shopper just came back from the exam). Null when the voucher
 * is not this customer's. A provider that does not answer leaves the last copy.
 */
export async function examDetails(
  services: SyncServices,
  customerId: number,
  token: string,
  options: { now?: Date; fresh?: boolean } = {},
): Promise<ExamVoucherRow | null> {
  const now = options.now ?? new Date();
  const row = await customerVoucher(services.db, customerId, token);
  if (!row) return null;
  const stale = !row.syncedAt || now.getTime() - row.syncedAt.getTime() >= EXAM_DETAILS_CACHE_MS;
  if (!stale && !options.fresh) return row;
  try {
    await syncExamVoucher(services, token, now);
  } catch (error) {
    services.logger.warn({ err: error }, "exam details: the provider did not answer; using the last copy");
    return row;
  }
  return customerVoucher(services.db, customerId, token);
}

export interface NewExam {
  customer: { id: number; email: string; phone?: string | null };
  patient: { patientId: number | null; firstName: string; lastName: string };
  rightUpc: string | null;
  leftUpc: string | null;
  rbCode?: string | null;
  /** For a held order (recapture). */
  orderId?: number | null;
}

export interface ExamPrice {
  priceCents: number;
  originalPriceCents: number;
}

/** Spec POST api/examInfo/create: asks the provider for an exam and records the voucher; null when that fails. */
export async function createExamVoucher(
  services: ExamServices,
  input: NewExam,
  now: Date = new Date(),
): Promise<ExamVoucherRow | null> {
  const price = await examPrice(services);
  const cents = {
    priceCents: Math.round(price.price * 100),
    originalPriceCents: Math.round(price.originalPrice * 100),
  };
  const exam = await requestProviderExam(services, input, cents);
  return exam ? insertExamVoucher(services.db, input, exam, cents, now) : null;
}

/** Asks the provider to create the exam; null when it refuses or does not answer (logged). */
export async function requestProviderExam(
  services: ExamServices,
  input: NewExam,
  price: ExamPrice,
): Promise<ProviderExam | null> {
  try {
    return await services.examProvider.createExam({
      customerRef: String(input.customer.id),
      patient: {
        firstName: input.patient.firstName,
        lastName: input.patient.lastName,
        email: input.customer.email,
        phone: input.customer.phone ?? null,
      },
      rightUpc: input.rightUpc,
      leftUpc: input.leftUpc,
      rbCode: input.rbCode ?? null,
      priceCents: price.priceCents,
      originalPriceCents: price.originalPriceCents,
    });
  } catch (error) {
    services.logger.error({ err: error }, "exam create: the provider refused or did not answer");
    return null;
  }
}

/** Records the voucher of an exam the provider created (in the caller's transaction when it has one). */
export async function insertExamVoucher(
  db: Executor,
  input: NewExam,
  exam: ProviderExam,
  price: ExamPrice,
  now: Date,
): Promise<ExamVoucherRow> {
  const [row] = await db
    .insert(examVouchers)
    .values({
      token: exam.examVoucherToken,
      customerId: input.customer.id,
      patientId: input.patient.patientId,
      patientFirstName: input.patient.firstName,
      patientLastName: input.patient.lastName,
      rightUpc: input.rightUpc,
      leftUpc: input.leftUpc,
      rbCode: input.rbCode ?? null,
      priceCents: price.priceCents,
      originalPriceCents: price.originalPriceCents,
      isRecapture: input.orderId != null,
      orderId: input.orderId ?? null,
      status: exam.status,
      statusDate: new Date(exam.statusDate),
      potentialEvidence: exam.potentialEvidence,
      examDate: exam.examDate ? new Date(exam.examDate) : null,
      providerId: exam.providerId,
      syncedAt: now,
      createdAt: now,
      updatedAt: now,
    })
    .returning();
  return row!;
}

export function choiceExamOf(row: ExamVoucherRow): ChoiceExam {
  return {
    status: row.status,
    potentialEvidence: row.potentialEvidence,
    isRecapture: row.isRecapture,
    examVoucherToken: row.token,
  };
}

/** Spec "Patient choice": id, patientName, patient, and the exam to continue for that patient (if any). */
export interface PatientChoice {
  id: string;
  patientName: string;
  patient: { patientId: number; firstName: string; lastName: string } | null;
  exam: ChoiceExam | null;
}

export const NEW_PATIENT_CHOICE = "new";

/**
 * 'Who is taking the exam?': the customer's patients (sorted by name), each with the exam to continue by the spec's
 * ranking, then 'New patient'. A voucher whose exam is done (approved, declined or pending) is never continued: the
 * spec discards its token and starts a new exam.
 */
export async function patientChoices(db: Database, customerId: number): Promise<PatientChoice[]> {
  const [patients, vouchers] = await Promise.all([customerPatients(db, customerId), customerVouchers(db, customerId)]);
  const choices = patients.map((patient): PatientChoice => {
    const exams = vouchers
      .filter((voucher) => voucher.patientId === patient.patientId && !shouldDiscardVoucher(voucher.status))
      .map(choiceExamOf);
    return {
      id: String(patient.patientId),
      patientName: fullName(patient),
      patient: { patientId: patient.patientId, firstName: patient.firstName, lastName: patient.lastName },
      exam: examToContinue(exams),
    };
  });
  return [...choices, { id: NEW_PATIENT_CHOICE, patientName: "New patient", patient: null, exam: null }];
}

/** The choice chosen for the shopper (exactly one): the patient whose exam ranks highest, else the first listed. */
export function chosenPatientChoice(choices: readonly PatientChoice[]): PatientChoice {
  const withExam = choices.filter((choice) => choice.exam);
  const best = examToContinue(withExam.map((choice) => choice.exam!));
  return (best && withExam.find((choice) => choice.exam === best)) || choices[0]!;
}

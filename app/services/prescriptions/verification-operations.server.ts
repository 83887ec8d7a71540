import { desc, eq } from "drizzle-orm";
import { DateTime } from "luxon";
import { formatBusinessMoment } from "~/models/business-hours";
import { EYE_NAMES, isLensParameterName, LENS_PARAMETER_LABELS } from "~/models/lens-parameters";
import type { VerificationState } from "~/models/verification";
import type { VerificationEye } from "~/models/verification";
import {
  answerSimulatedRequest,
  findSimulatedRequest,
  type SimulatedAnswer,
} from "../adapters/prescriber-verification/simulated-prescriber.server";
import type { Executor } from "../db/client.server";
import { orderGroups, orders, prescriptionVerifications, simulatedPrescriberRequests } from "../db/schema";
import { runVerificationPass, type VerificationServices } from "./verification.server";

/**
 * The development page /dev/verifications (outside production, with the simulated prescriber): the store's
 * verifications with what the simulated office received, and the doctor's answers given from the page.
 */

export interface VerificationOperationsRow {
  id: number;
  orderNumber: string;
  state: VerificationState;
  doctor: string;
  patient: string;
  /** "Right eye: Acuvue Oasys — Power/sphere -1.00, BC 8.4" per eye asked about. */
  asked: string[];
  /** The simulated office's reference, once sent. */
  reference: string | null;
  sent: string | null;
  deadline: string | null;
  /** The doctor's answer as the office recorded it (the store may not have read it yet). */
  answer: string | null;
  /** The eyes asked about and their parameters (the correction form starts from them). */
  eyes: { right: Record<string, string> | null; left: Record<string, string> | null };
}

const moment = (date: Date | null) => (date ? formatBusinessMoment(DateTime.fromJSDate(date)) : null);

function askedLine(eye: "right" | "left", asked: VerificationEye | null): string[] {
  if (!asked) return [];
  const parameters = Object.entries(asked.parameters)
    .map(([name, value]) => `${isLensParameterName(name) ? LENS_PARAMETER_LABELS[name] : name} ${value}`)
    .join(", ");
  return [`${EYE_NAMES[eye]}: ${asked.productName}${parameters ? ` — ${parameters}` : ""}`];
}

/** The latest verifications, newest first. */
export async function recentVerifications(db: Executor, limit: number): Promise<VerificationOperationsRow[]> {
  const rows = await db
    .select({
      verification: prescriptionVerifications,
      orderNumber: orders.orderNumber,
      doctor: orderGroups.doctor,
      patient: orderGroups.patient,
      request: simulatedPrescriberRequests,
    })
    .from(prescriptionVerifications)
    .innerJoin(orders, eq(orders.id, prescriptionVerifications.orderId))
    .innerJoin(orderGroups, eq(orderGroups.id, prescriptionVerifications.orderGroupId))
    .leftJoin(
      simulatedPrescriberRequests,
      eq(simulatedPrescriberRequests.reference, prescriptionVerifications.reference),
    )
    .orderBy(desc(prescriptionVerifications.id))
    .limit(limit);
  return rows.map(({ verification, orderNumber, doctor, patient, request }) => ({
    id: verification.id,
    orderNumber,
    state: verification.state as VerificationState,
    doctor: doctor ? `Dr. ${doctor.firstName} ${doctor.lastName}, ${doctor.clinicName}` : "",
    patient: patient ? `${patient.firstName} ${patient.lastName}` : "",
    asked: request ? [...askedLine("right", request.rightEye), ...askedLine("left", request.leftEye)] : [],
    reference: verification.reference,
    sent: moment(verification.sentAt),
    deadline: moment(verification.deadlineAt),
    answer: request?.answer ?? null,
    eyes: { right: request?.rightEye?.parameters ?? null, left: request?.leftEye?.parameters ?? null },
  }));
}

export type DoctorAnswerInput =
  | { kind: "confirm" | "invalid" | "expired"; reference: string }
  | { kind: "correct"; reference: string; eye: "right" | "left"; parameter: string; value: string };

export type DoctorAnswerResult = { ok: true; message: string } | { ok: false; status: 400 | 409; message: string };

const ANSWER_WORDS = { confirm: "confirmed", correct: "corrected", invalid: "invalid", expired: "expired" } as const;

/**
 * Answers a request as the doctor, then runs one verification pass so the store acts on it at once. A correction
 * changes one parameter of one eye asked about: the eye's parameters as asked, with that one changed.
 */
export async function answerAsDoctor(
  services: VerificationServices,
  input: DoctorAnswerInput,
  now: Date = new Date(),
): Promise<DoctorAnswerResult> {
  const request = await findSimulatedRequest(services.db, input.reference);
  if (!request) return { ok: false, status: 400, message: `There is no verification request ${input.reference}.` };
  let answer: SimulatedAnswer;
  if (input.kind === "correct") {
    const asked = input.eye === "right" ? request.rightEye : request.leftEye;
    if (!asked) return { ok: false, status: 400, message: `That request asks about no ${input.eye} eye.` };
    if (asked.parameters[input.parameter] === input.value) {
      return { ok: false, status: 400, message: "That is the value asked; choose Confirm instead." };
    }
    const corrected = { ...asked.parameters, [input.parameter]: input.value };
    answer = {
      kind: "correct",
      rightEye: input.eye === "right" ? corrected : null,
      leftEye: input.eye === "left" ? corrected : null,
    };
  } else {
    answer = { kind: input.kind };
  }
  const recorded = await answerSimulatedRequest(services.db, input.reference, answer, now);
  if (recorded === "answered")
    return { ok: false, status: 409, message: "The doctor has already answered that request." };
  if (recorded === "unknown")
    return { ok: false, status: 400, message: `There is no verification request ${input.reference}.` };
  const pass = await runVerificationPass(services, now);
  const resolved = Object.values(pass.resolved).reduce((sum, n) => sum + n, 0);
  return {
    ok: true,
    message: `Order ${request.storeReference}: the doctor's answer (${ANSWER_WORDS[input.kind]}) is recorded; the verification job acted on ${resolved} answer${resolved === 1 ? "" : "s"}.`,
  };
}

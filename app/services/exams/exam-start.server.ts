import { and, asc, eq, inArray } from "drizzle-orm";
import { redirect, type RouterContextProvider } from "react-router";
import { EXAM_START_MESSAGES } from "~/models/exam-forms";
import {
  EXAM_PAYMENT_MESSAGES,
  examPaymentPath,
  type ExamPaymentChoice,
  type ExamPurchase,
} from "~/models/exam-payments";
import { fullName } from "~/models/patient";
import { EXAM_COMPLETE_PATH, EXAM_LANDING_PATH, EXAM_SIGN_IN_MESSAGE } from "~/models/exams";
import { allParametersSelected, EYE_NAMES, type LensParameter } from "~/models/lens-parameters";
import type { Eye } from "~/models/line-item-group";
import { needsRecapture, RECAPTURE_PRESCRIPTION_STATUSES } from "~/models/recapture";
import { signInHref } from "~/models/sign-in-url";
import { PRODUCT_TYPE } from "~/models/catalog";
import { SUBMIT_AND_SKIP_UPC } from "~/models/stock";
import { findProductById, findSkuByUpc, matchSku, productParametersOf } from "../catalog/catalog.server";
import { updateJourney } from "../funnel/funnel.server";
import type { Database } from "../db/client.server";
import { orderGroups, orderLines, orders, patients } from "../db/schema";
import { visitorContext, type AppServices, type VisitorCustomer } from "../platform/context.server";
import type { StoreSession } from "../platform/session.server";
import { findCustomerPrescription } from "../prescriptions/prescription-records.server";
import { recaptureCandidates } from "../orders/recapture.server";

/**
 * Starting the online exam (issue 16): who may, for whom, and which lenses it renews. The exam needs sign-in (the
 * new prescription is saved to the account): a signed-out visitor gets the sign-in dialog on the create-account
 * slide with the spec's message, and comes back here once signed in.
 */

export function requireExamCustomer(context: Readonly<RouterContextProvider>, request: Request): VisitorCustomer {
  const { customer, session } = context.get(visitorContext);
  if (customer) return customer;
  const url = new URL(request.url);
  session.flash("signInNotice", EXAM_SIGN_IN_MESSAGE);
  throw redirect(signInHref(EXAM_LANDING_PATH, "create-account", { redirectTo: `${url.pathname}${url.search}` }), 303);
}

/** Where the shopper comes back to after the exam. */
export function examReturnPath(token: string): string {
  return `${EXAM_COMPLETE_PATH}?examvouchertoken=${encodeURIComponent(token)}`;
}

/** Sends the shopper to the provider's exam for this voucher, remembering it in the journey (spec examOptions). */
export function redirectToExam(services: Pick<AppServices, "examProvider">, session: StoreSession, token: string) {
  updateJourney(session, { examVoucherToken: token });
  return redirect(services.examProvider.examUrl(token, examReturnPath(token)), 303);
}

export async function customerPatient(db: Database, customerId: number, patientId: number) {
  const [row] = await db
    .select({ patientId: patients.id, firstName: patients.firstName, lastName: patients.lastName })
    .from(patients)
    .where(and(eq(patients.id, patientId), eq(patients.customerId, customerId)));
  return row ?? null;
}

/** A start form's outcome: the pay step for the exam it chose (the exam is created once it is paid), or why not. */
export type StartResult = { ok: true; paymentPath: string } | { ok: false; field?: string; message: string };

type StartServices = Pick<AppServices, "db" | "examProvider" | "logger">;

function toPayment(patientId: number, upcs: { right: string | null; left: string | null }): StartResult {
  return { ok: true, paymentPath: examPaymentPath({ patientId, rightUpc: upcs.right, leftUpc: upcs.left }) };
}

const realUpc = (upc: string | null | undefined) => (upc && upc !== SUBMIT_AND_SKIP_UPC ? upc : null);

/** An exam renewing a prescription the store has for this patient (its lenses per eye). */
export async function startFromPrescription(
  services: StartServices,
  customer: VisitorCustomer,
  input: { patientId: number; prescriptionId: number },
): Promise<StartResult> {
  const patient = await customerPatient(services.db, customer.id, input.patientId);
  if (!patient) return { ok: false, field: "patientId", message: EXAM_START_MESSAGES.choosePatient };
  const prescription = await findCustomerPrescription(services.db, customer.id, input.prescriptionId);
  const upcs = { right: realUpc(prescription?.rightEye?.upc), left: realUpc(prescription?.leftEye?.upc) };
  if (!prescription || prescription.patientId !== patient.patientId || (!upcs.right && !upcs.left)) {
    return { ok: false, field: "prescriptionId", message: EXAM_START_MESSAGES.choosePrescription };
  }
  return toPayment(patient.patientId, upcs);
}

/** The parameters of a lens the exam can renew (a visible lens product), or null. */
export async function examLensParameters(db: Database, productId: number): Promise<LensParameter[] | null> {
  const product = await findProductById(db, productId);
  if (!product || product.productType !== PRODUCT_TYPE.lens) return null;
  return productParametersOf(db, productId);
}

/** An exam renewing lenses picked from the catalog with each eye's parameters. */
export async function startFromLenses(
  services: StartServices,
  customer: VisitorCustomer,
  input: {
    patientId: number;
    productId: number;
    eyes: "both" | "right" | "left";
    right?: Record<string, string>;
    left?: Record<string, string>;
  },
): Promise<StartResult> {
  const patient = await customerPatient(services.db, customer.id, input.patientId);
  if (!patient) return { ok: false, field: "patientId", message: EXAM_START_MESSAGES.choosePatient };
  const parameters = await examLensParameters(services.db, input.productId);
  if (!parameters) return { ok: false, field: "productId", message: EXAM_START_MESSAGES.chooseLens };
  const eyes: Eye[] = input.eyes === "both" ? ["right", "left"] : [input.eyes];
  const upcs: { right: string | null; left: string | null } = { right: null, left: null };
  for (const eye of eyes) {
    const chosen = input[eye] ?? {};
    const values: Record<string, string> = {};
    for (const parameter of parameters.filter((candidate) => candidate.options.length > 0)) {
      const value = chosen[parameter.name];
      if (!value || !parameter.options.some((option) => option.value === value)) {
        return {
          ok: false,
          field: `${eye}.${parameter.name}`,
          message: EXAM_START_MESSAGES.chooseParameter(parameter.displayName, EYE_NAMES[eye]),
        };
      }
      values[parameter.name] = value;
    }
    if (!allParametersSelected(parameters, values)) return { ok: false, message: EXAM_START_MESSAGES.chooseLens };
    const sku = await matchSku(services.db, input.productId, values);
    if (!sku || !sku.isActive) {
      return {
        ok: false,
        field: eye,
        message: `This lens isn't made with those values for your ${EYE_NAMES[eye].toLowerCase()}.`,
      };
    }
    upcs[eye] = sku.upc;
  }
  return toPayment(patient.patientId, upcs);
}

/** The held order a recapture exam is for: the customer's, needing a prescription, with its patient and lenses. */
export async function heldOrderForExam(db: Database, customerId: number, orderNumber: string, now: Date = new Date()) {
  const candidates = await recaptureCandidates(db, customerId, now);
  const candidate = candidates.find((order) => order.orderNumber === orderNumber);
  if (!candidate || !needsRecapture(candidate, now)) return null;
  const [order] = await db
    .select({ id: orders.id, orderNumber: orders.orderNumber })
    .from(orders)
    .where(and(eq(orders.orderNumber, orderNumber), eq(orders.customerId, customerId)));
  if (!order) return null;
  const [group] = await db
    .select({ id: orderGroups.id, patient: orderGroups.patient })
    .from(orderGroups)
    .where(
      and(
        eq(orderGroups.orderId, order.id),
        eq(orderGroups.type, "Lens"),
        inArray(orderGroups.prescriptionStatus, [...RECAPTURE_PRESCRIPTION_STATUSES]),
      ),
    )
    .orderBy(asc(orderGroups.position))
    .limit(1);
  if (!group?.patient) return null;
  const lines = await db
    .select({ whichEye: orderLines.whichEye, upc: orderLines.upc, productName: orderLines.productName })
    .from(orderLines)
    .where(eq(orderLines.orderGroupId, group.id));
  const upcOf = (eye: Eye) => realUpc(lines.find((line) => line.whichEye === eye)?.upc);
  return {
    orderId: order.id,
    orderNumber: order.orderNumber,
    patient: group.patient,
    upcs: { right: upcOf("right"), left: upcOf("left") },
    lenses: [...new Set(lines.map((line) => line.productName))],
  };
}

/** A recapture exam for a held order: its patient and lenses, the voucher tied to the order. */
export async function startForOrder(
  services: StartServices,
  customer: VisitorCustomer,
  orderNumber: string,
): Promise<StartResult> {
  const held = await heldOrderForExam(services.db, customer.id, orderNumber);
  if (!held || (!held.upcs.right && !held.upcs.left)) return { ok: false, message: EXAM_START_MESSAGES.orderGone };
  return { ok: true, paymentPath: examPaymentPath({ orderNumber: held.orderNumber }) };
}

export type PurchaseResult =
  { ok: true; purchase: ExamPurchase; patientName: string; lenses: string[] } | { ok: false; message: string };

/**
 * What the pay step's choice (from its URL, or the pay form's hidden fields) is for, checked again as the start forms
 * checked it: the customer's patient and lens SKUs, or the customer's held order still needing a prescription.
 */
export async function examPurchaseFor(
  services: StartServices,
  customer: VisitorCustomer,
  choice: ExamPaymentChoice,
): Promise<PurchaseResult> {
  if ("orderNumber" in choice) {
    const held = await heldOrderForExam(services.db, customer.id, choice.orderNumber);
    if (!held || (!held.upcs.right && !held.upcs.left)) return { ok: false, message: EXAM_START_MESSAGES.orderGone };
    const patientId =
      held.patient.patientId != null && (await customerPatient(services.db, customer.id, held.patient.patientId))
        ? held.patient.patientId
        : null;
    return {
      ok: true,
      purchase: {
        patient: { patientId, firstName: held.patient.firstName, lastName: held.patient.lastName },
        upcs: held.upcs,
        orderId: held.orderId,
      },
      patientName: fullName(held.patient),
      lenses: held.lenses,
    };
  }
  const gone = { ok: false as const, message: EXAM_PAYMENT_MESSAGES.choiceGone };
  const patient = await customerPatient(services.db, customer.id, choice.patientId);
  if (!patient) return { ok: false, message: EXAM_START_MESSAGES.choosePatient };
  const upcs = { right: realUpc(choice.rightUpc), left: realUpc(choice.leftUpc) };
  if (!upcs.right && !upcs.left) return gone;
  const lenses: string[] = [];
  for (const eye of ["right", "left"] as const) {
    const upc = upcs[eye];
    if (!upc) continue;
    const sku = await findSkuByUpc(services.db, upc);
    const product = sku ? await findProductById(services.db, sku.productId) : null;
    if (!product || product.productType !== PRODUCT_TYPE.lens) return gone;
    lenses.push(`${EYE_NAMES[eye]}: ${product.displayName}`);
  }
  return {
    ok: true,
    purchase: { patient, upcs, orderId: null },
    patientName: fullName(patient),
    lenses,
  };
}

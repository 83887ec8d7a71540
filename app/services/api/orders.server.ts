import { groupHeading } from "~/models/line-item-group";
import { and, asc, countDistinct, desc, eq, inArray, ne, sql } from "drizzle-orm";
import { DateTime } from "luxon";
import { orderPaymentLabel } from "~/models/payment-options";
import { awaitsPrescription, uploadRxPathFor } from "~/models/file-type";
import {
  businessDay,
  businessIsoDate,
  DELETED_CODE,
  orderDoctorLabel,
  orderNextSteps,
  prescriptionStatusText,
  PRESCRIPTION_STATUSES,
  type PrescriptionStatus,
} from "~/models/order-status";
import { sortPatients } from "~/models/patient";
import { isExamNeededPostOrder, isExpired, sortPrescriptions } from "~/models/prescriptions";
import { formatDeliveryDate } from "~/models/shipping";
import { isOrderOnHold } from "~/models/held-order";
import { verificationNotice } from "~/models/verification";
import type { Executor } from "../db/client.server";
import { orderGroups, orderLines, orders, patients, prescriptions } from "../db/schema";
import { orderDetails, orderDetailsJson, orderHeadlineJson, orderHistory } from "../orders/order-history.server";
import { orderVerifications } from "../prescriptions/verification.server";
import { ORDER_SUMMARY_LIMIT } from "./schemas/orders-api";

/**
 * The patient and order calls of the JSON API (spec 2 §7). Every read filters by the signed-in customer's id, so
 * another customer's order or patient is simply not found (DESIGN §9), exactly like a missing one.
 */

/** The 401 of the order calls (`requireApiCustomer`). */
export const ORDERS_SIGN_IN = { message: "Sign in to see your orders." } as const;

/** GET api/patients: the customer's patients by name (spec 2 §4: case-insensitive), each with their prescriptions. */
export async function patientsJson(db: Executor, customerId: number, now = new Date()) {
  const [rows, saved] = await Promise.all([
    db
      .select({ patientId: patients.id, firstName: patients.firstName, lastName: patients.lastName })
      .from(patients)
      .where(eq(patients.customerId, customerId)),
    db
      .select({
        id: prescriptions.id,
        patientId: prescriptions.patientId,
        status: prescriptions.status,
        expirationDate: prescriptions.expirationDate,
      })
      .from(prescriptions)
      .where(eq(prescriptions.customerId, customerId)),
  ]);
  const today = businessIsoDate(now)!;
  return sortPatients(rows).map((patient) => ({
    ...patient,
    prescriptions: sortPrescriptions(saved.filter((prescription) => prescription.patientId === patient.patientId)).map(
      (prescription) => ({
        prescriptionId: prescription.id,
        status: prescription.status,
        expirationDate: prescription.expirationDate,
        isExpired: prescription.expirationDate !== null && isExpired(prescription.expirationDate, today),
      }),
    ),
  }));
}

/** Whether the patient is one of the customer's. */
export async function isCustomerPatient(db: Executor, customerId: number, patientId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: patients.id })
    .from(patients)
    .where(and(eq(patients.id, patientId), eq(patients.customerId, customerId)));
  return row !== undefined;
}

/** GET api/orders/: the customer's newest orders (deleted ones left out), each as a short summary. */
export async function orderSummariesJson(db: Executor, customerId: number, now: DateTime = DateTime.now()) {
  const history = await orderHistory(db, customerId, { pageSize: ORDER_SUMMARY_LIMIT, page: 0 }, now);
  return history.orders.map((order) => ({
    ...orderHeadlineJson(order),
    expectedDeliveryDate: order.expectedDeliveryDate,
    deliveredDate: order.deliveredDate,
    isOld: order.isOld,
    isNonLensOrder: order.isNonLensOrder,
    productIds: [...new Set(order.groups.flatMap((group) => group.lines.map((line) => line.productId)))],
    patientIds: [
      ...new Set(order.groups.flatMap((group) => (group.patient?.patientId ? [group.patient.patientId] : []))),
    ],
    prescriptionStatuses: order.groups.flatMap((group) => (group.prescriptionStatus ? [group.prescriptionStatus] : [])),
    totalAmount: order.totalCents,
  }));
}

/**
 * GET api/orders/orderCountByProduct: how many of the customer's orders (paid, not deleted; only the patient's
 * groups when a patient is given) contain each product, in the order the products were asked for.
 */
export async function orderCountByProduct(
  db: Executor,
  customerId: number,
  productIds: readonly number[],
  patientId: number | null,
) {
  const rows = await db
    .select({ productId: orderLines.productId, orderCount: countDistinct(orders.id) })
    .from(orderLines)
    .innerJoin(orderGroups, eq(orderGroups.id, orderLines.orderGroupId))
    .innerJoin(orders, eq(orders.id, orderGroups.orderId))
    .where(
      and(
        eq(orders.customerId, customerId),
        ne(orders.statusCode, DELETED_CODE),
        eq(orders.paymentState, "paid"),
        inArray(orderLines.productId, [...productIds]),
        patientId === null ? undefined : sql`(${orderGroups.patient} ->> 'patientId')::int = ${patientId}`,
      ),
    )
    .groupBy(orderLines.productId);
  const counts = new Map(rows.map((row) => [row.productId, Number(row.orderCount)]));
  return productIds.map((productId) => ({ productId, orderCount: counts.get(productId) ?? 0 }));
}

/** GET /orders/{id}/thankyou: the customer's order as its thank-you page shows it; null when not theirs. */
export async function thankYouJson(
  db: Executor,
  customer: { id: number; firstName: string },
  orderNumber: string,
  now: DateTime = DateTime.now(),
) {
  const order = await orderDetails(db, customer.id, orderNumber, now);
  if (!order) return null;
  const statuses = order.groups.map((group) => group.prescriptionStatus);
  const details = orderDetailsJson(order);
  return {
    ...details,
    firstName: customer.firstName,
    expectedDelivery: formatDeliveryDate(businessDay(order.expectedDeliveryDate)!),
    paymentLabel: orderPaymentLabel(order.payment),
    nextSteps: orderNextSteps(statuses),
    uploadPath: awaitsPrescription(statuses) ? uploadRxPathFor(order.orderNumber) : null,
    lineItemGroups: details.lineItemGroups.map((group) => ({
      ...group,
      heading: groupHeading(group.type, group.patient),
      doctor: orderDoctorLabel(group.doctor),
      prescription: prescriptionStatusText(group.prescriptionStatus),
    })),
  };
}

const isPrescriptionStatus = (status: string | null): status is PrescriptionStatus =>
  (PRESCRIPTION_STATUSES as readonly (string | null)[]).includes(status);

/**
 * GET api/order/status/{orderNumber}: each lens group's prescription and where it stands — its status, the
 * verification with the doctor (issue 16) and whether the order is on hold for it. Null when not the customer's.
 */
export async function orderStatusJson(db: Executor, customerId: number, orderNumber: string) {
  const order = await orderDetails(db, customerId, orderNumber);
  if (!order) return null;
  const [verifications, groupRows] = await Promise.all([
    orderVerifications(db, order.id),
    db
      .select({ id: orderGroups.id, prescriptionId: orderGroups.prescriptionId })
      .from(orderGroups)
      .where(eq(orderGroups.orderId, order.id))
      .orderBy(asc(orderGroups.position), desc(orderGroups.id)),
  ]);
  const prescriptionIdOf = new Map(groupRows.map((row) => [row.id, row.prescriptionId]));
  const lensGroups = order.groups.filter((group) => group.type === "Lens");
  return {
    orderNumber: order.orderNumber,
    orderStatusCode: order.statusCode,
    orderStatus: order.status,
    orderStatusMessage: order.statusMessage,
    isOnHold: isOrderOnHold(order.statusCode),
    isExamNeededPostOrder: isExamNeededPostOrder(lensGroups.map((group) => group.prescriptionStatus)),
    prescriptions: lensGroups.map((group) => {
      const verification = verifications.get(group.id);
      return {
        lineItemGroupId: group.id,
        prescriptionId: prescriptionIdOf.get(group.id) ?? null,
        patient: group.patient,
        status: isPrescriptionStatus(group.prescriptionStatus) ? group.prescriptionStatus : null,
        statusText: prescriptionStatusText(group.prescriptionStatus),
        productIds: [...new Set(group.lines.map((line) => line.productId))],
        verification: verification
          ? {
              state: verification.state,
              deadlineAt: verification.deadlineAt?.toISOString() ?? null,
              notice: verificationNotice({
                state: verification.state,
                doctor: group.doctor,
                deadlineAt: verification.deadlineAt,
              }),
            }
          : null,
      };
    }),
  };
}

import { randomBytes } from "node:crypto";
import { and, desc, eq, inArray } from "drizzle-orm";
import { formatPhone, normalizeEmail, normalizePhone } from "~/models/account";
import {
  isPatientOnOrder,
  PRESCRIPTION_REQUEST_MESSAGES,
  type PrescriptionRequestInput,
} from "~/models/prescription-request";
import { prescriptionRequestEmail } from "../adapters/email/prescription-request-template";
import type { Database } from "../db/client.server";
import { customers, orderGroups, orders, prescriptionRequests } from "../db/schema";
import { findDoctor } from "../doctors/doctors.server";
import type { AppServices } from "../platform/context.server";

/**
 * Prescription requests (issue 17, decision 38): the shopper names a doctor, a patient and an order, and the
 * store asks that doctor for the prescription. The order must be the signed-in customer's, or for a guest the
 * order number and the e-mail it was placed with must match; the doctor comes from the directory or is typed.
 * The request and its confirmation e-mail commit together (the transactional outbox).
 */

export type RequestField = "orderNumber" | "email" | "patientFirstName" | "doctorId";
export type CreateRequestOutcome =
  { ok: true; reference: string } | { ok: false; field: RequestField; message: string };

/** The signed-in customer's recent paid orders, for the page's order list (newest first). */
export async function requestableOrders(db: Database, customerId: number, limit = 20) {
  return db
    .select({ orderNumber: orders.orderNumber, createdAt: orders.createdAt })
    .from(orders)
    .where(and(eq(orders.customerId, customerId), eq(orders.paymentState, "paid")))
    .orderBy(desc(orders.createdAt))
    .limit(limit);
}

async function findOrder(db: Database, orderNumber: string, who: { customerId: number } | { email: string }) {
  const [row] = await db
    .select({ id: orders.id, customerId: orders.customerId, email: customers.emailNormalized })
    .from(orders)
    .innerJoin(customers, eq(customers.id, orders.customerId))
    .where(and(eq(orders.orderNumber, orderNumber), eq(orders.paymentState, "paid")));
  if (!row) return null;
  if ("customerId" in who ? row.customerId !== who.customerId : row.email !== normalizeEmail(who.email)) return null;
  return row;
}

export async function createPrescriptionRequest(
  services: Pick<AppServices, "db" | "email" | "config">,
  who: { customerId: number } | { email: string },
  input: PrescriptionRequestInput,
): Promise<CreateRequestOutcome> {
  const { db } = services;
  const order = await findOrder(db, input.orderNumber, who);
  if (!order) {
    const message =
      "customerId" in who ? PRESCRIPTION_REQUEST_MESSAGES.orderNotYours : PRESCRIPTION_REQUEST_MESSAGES.orderNotFound;
    return { ok: false, field: "orderNumber", message };
  }
  const groups = await db
    .select({ patient: orderGroups.patient })
    .from(orderGroups)
    .where(and(eq(orderGroups.orderId, order.id), inArray(orderGroups.type, ["Lens"])));
  if (groups.length === 0) return { ok: false, field: "orderNumber", message: PRESCRIPTION_REQUEST_MESSAGES.noLenses };
  const patients = groups.flatMap((group) => (group.patient ? [group.patient] : []));
  const patient = { firstName: input.patientFirstName, lastName: input.patientLastName };
  if (!isPatientOnOrder(patients, patient)) {
    return { ok: false, field: "patientFirstName", message: PRESCRIPTION_REQUEST_MESSAGES.patientNotOnOrder };
  }
  let doctor: { id: number | null; name: string; phone: string; clinicName: string };
  if (input.doctorId) {
    const found = await findDoctor(db, Number(input.doctorId));
    if (!found) return { ok: false, field: "doctorId", message: PRESCRIPTION_REQUEST_MESSAGES.doctorNotFound };
    doctor = {
      id: found.doctor.id,
      name: `Dr. ${found.doctor.firstName} ${found.doctor.lastName}`,
      phone: found.doctor.phone,
      clinicName: found.clinic.name,
    };
  } else {
    doctor = {
      id: null,
      name: input.doctorName!,
      phone: normalizePhone(input.doctorPhone!)!,
      clinicName: input.clinicName ?? "",
    };
  }
  const [customer] = await db
    .select({ email: customers.email, firstName: customers.firstName })
    .from(customers)
    .where(eq(customers.id, order.customerId));
  const reference = randomBytes(16).toString("base64url");
  await db.transaction(async (tx) => {
    await tx.insert(prescriptionRequests).values({
      reference,
      orderId: order.id,
      customerId: order.customerId,
      patientFirstName: patient.firstName,
      patientLastName: patient.lastName,
      doctorId: doctor.id,
      doctorName: doctor.name,
      doctorPhone: doctor.phone,
      clinicName: doctor.clinicName,
      email: customer!.email,
    });
    await services.email.send(
      await prescriptionRequestEmail({
        to: customer!.email,
        firstName: customer!.firstName,
        orderNumber: input.orderNumber,
        patientName: `${patient.firstName} ${patient.lastName}`,
        doctorName: doctor.name,
        doctorPhone: doctor.phone,
        clinicName: doctor.clinicName,
        link: `${services.config.siteUrl}/prescription-request?request=${reference}`,
      }),
      { db: tx },
    );
  });
  services.email.deliverSoon();
  return { ok: true, reference };
}

/** The confirmation page's view of a request, by its unguessable reference. */
export async function findPrescriptionRequest(db: Database, reference: string) {
  if (!/^[A-Za-z0-9_-]{10,40}$/.test(reference)) return null;
  const [row] = await db
    .select({
      orderNumber: orders.orderNumber,
      patientFirstName: prescriptionRequests.patientFirstName,
      patientLastName: prescriptionRequests.patientLastName,
      doctorName: prescriptionRequests.doctorName,
      doctorPhone: prescriptionRequests.doctorPhone,
      clinicName: prescriptionRequests.clinicName,
      email: prescriptionRequests.email,
      state: prescriptionRequests.state,
    })
    .from(prescriptionRequests)
    .innerJoin(orders, eq(orders.id, prescriptionRequests.orderId))
    .where(eq(prescriptionRequests.reference, reference));
  return row ? { ...row, doctorPhone: formatPhone(row.doctorPhone), email: maskEmail(row.email) } : null;
}

/** "a•••@example.com": the page says where the e-mail went without printing the whole address. */
function maskEmail(email: string): string {
  const [local = "", domain = ""] = email.split("@");
  return `${local.slice(0, 1)}•••@${domain}`;
}

import { and, asc, eq, gte, inArray, isNull, lte, or } from "drizzle-orm";
import type { GroupPrescriptionExtras, OrderedLine } from "~/models/order-plan";
import { fullName } from "~/models/patient";
import {
  expiringWindow,
  orderPrescriptionSource,
  orderPrescriptionStatus,
  prescriptionProductIds,
  type PrescriptionEyeRecord,
  type PrescriptionStatus,
} from "~/models/prescriptions";
import { SUBMIT_AND_SKIP_UPC } from "~/models/stock";
import type { ImageStore } from "../adapters/image-storage/image-store";
import type { Database, Executor } from "../db/client.server";
import { examVouchers, lineItemGroups, orderGroups, patients, prescriptions, rxImages } from "../db/schema";
import type { Logger } from "../platform/logger.server";

/**
 * Prescriptions as records (decision 23): one row per lens group of a placed order, written in the order's
 * transaction (a wallet prescription ordered again is the same row, brought up to date), copies the customer clones,
 * and deletion with the image bytes. Every read and change filters by the customer's id, so another customer's
 * prescription is simply not found.
 */

export type PrescriptionRow = typeof prescriptions.$inferSelect;

// ---------------------------------------------------------------------------------------------------------------
// Recorded when an order is placed.

/** What the cart group holds beyond checkout's details: the typed expiration date and the wallet choice. */
/** The cart's groups' expiration dates and wallet choices, by group id. */
export async function groupPrescriptionExtras(
  db: Executor,
  cartId: string,
): Promise<Map<string, GroupPrescriptionExtras>> {
  const rows = await db
    .select({
      id: lineItemGroups.id,
      prescriptionExpiresOn: lineItemGroups.prescriptionExpiresOn,
      walletPrescriptionId: lineItemGroups.walletPrescriptionId,
    })
    .from(lineItemGroups)
    .where(eq(lineItemGroups.cartId, cartId));
  return new Map(rows.map(({ id, ...extras }) => [id, extras]));
}

export interface OrderedLensGroup {
  type: string;
  rxEntryType: string | null;
  submitAndSkipImageId: string | null;
  /** Ordered from an online exam: its voucher. */
  examVoucherToken?: string | null;
  patient: { firstName: string; lastName: string; patientId?: number | null } | null;
  doctor: { id: number; firstName: string; lastName: string; phone: string; clinicName: string } | null;
  autoReorder: boolean;
  lines: ReadonlyArray<OrderedLine>;
}

/** The prescription the group's online exam issued into the customer's wallet, if it was issued. */
async function issuedExamPrescriptionId(
  tx: Executor,
  customerId: number,
  group: OrderedLensGroup,
): Promise<number | null> {
  const token = group.examVoucherToken?.trim();
  if (!token) return null;
  const [voucher] = await tx
    .select({ prescriptionId: examVouchers.prescriptionId })
    .from(examVouchers)
    .where(and(eq(examVouchers.token, token), eq(examVouchers.customerId, customerId)));
  return voucher?.prescriptionId ?? null;
}

/** An eye as the order sent it: a line without its real UPC yet keeps the submit-and-skip marker. */
function eyeOf(lines: OrderedLensGroup["lines"], eye: "right" | "left"): PrescriptionEyeRecord | null {
  const line = lines.find((candidate) => candidate.whichEye === eye);
  if (!line) return null;
  const upc = line.upc?.trim() ? line.upc : SUBMIT_AND_SKIP_UPC;
  return {
    productId: line.productId,
    upc,
    quantity: line.quantity,
    parameters: upc === SUBMIT_AND_SKIP_UPC ? {} : { ...line.parameters },
  };
}

/**
 * Inside the order's transaction: the prescription of one order group (null for solution). A group that used a saved
 * prescription of this customer brings that row up to date (this order, when, auto-reorder, what was ordered per
 * eye; a Verified one stays Verified) instead of making another; any other group gets a new row — 'uploaded' with its
 * image (which is linked to the order and the prescription), else 'typed'. 'I'll send it later' without an image is
 * recorded PendingSubmission with no expiration date and the placeholder UPC on each eye.
 */
export async function recordGroupPrescription(
  tx: Executor,
  input: {
    orderId: number;
    customerId: number;
    placedAt: Date;
    group: OrderedLensGroup;
    extras: GroupPrescriptionExtras | undefined;
  },
): Promise<{ prescriptionId: number; status: PrescriptionStatus } | null> {
  const { group, customerId, placedAt } = input;
  if (group.type !== "Lens") return null;
  const rightEye = eyeOf(group.lines, "right");
  const leftEye = eyeOf(group.lines, "left");
  const prescriber = group.doctor
    ? {
        doctorId: group.doctor.id,
        firstName: group.doctor.firstName,
        lastName: group.doctor.lastName,
        clinicName: group.doctor.clinicName,
        phone: group.doctor.phone,
      }
    : null;
  const expiresOn = input.extras?.prescriptionExpiresOn ?? null;

  // A group ordered from an exam the doctor already issued orders that prescription, like a wallet choice.
  const walletId = input.extras?.walletPrescriptionId ?? (await issuedExamPrescriptionId(tx, customerId, group));
  const [saved] =
    walletId === null
      ? []
      : await tx
          .select({ id: prescriptions.id, status: prescriptions.status, prescriber: prescriptions.prescriber })
          .from(prescriptions)
          .where(and(eq(prescriptions.id, walletId), eq(prescriptions.customerId, customerId)))
          .for("update");
  const status = orderPrescriptionStatus(group, saved?.status ?? null)!;

  let prescriptionId: number;
  if (saved) {
    await tx
      .update(prescriptions)
      .set({
        source: orderPrescriptionSource(group, true),
        status,
        ...(expiresOn ? { expirationDate: expiresOn } : {}),
        rightEye,
        leftEye,
        prescriber: prescriber ?? saved.prescriber,
        orderId: input.orderId,
        orderedAt: placedAt,
        autoReorder: group.autoReorder,
        updatedAt: placedAt,
      })
      .where(eq(prescriptions.id, saved.id));
    prescriptionId = saved.id;
  } else {
    const [row] = await tx
      .insert(prescriptions)
      .values({
        customerId,
        patientId: await ownPatientId(tx, customerId, group.patient?.patientId ?? null),
        patientFirstName: group.patient?.firstName.trim() ?? "",
        patientLastName: group.patient?.lastName.trim() ?? "",
        source: orderPrescriptionSource(group, false),
        status,
        expirationDate: status === "PendingSubmission" ? null : expiresOn,
        rightEye,
        leftEye,
        prescriber,
        orderId: input.orderId,
        orderedAt: placedAt,
        autoReorder: group.autoReorder,
        createdAt: placedAt,
        updatedAt: placedAt,
      })
      .returning({ id: prescriptions.id });
    prescriptionId = row!.id;
  }

  const imageId = group.submitAndSkipImageId?.trim();
  if (imageId) {
    // The group's uploaded image joins the order and the prescription (a guest's image becomes the customer's).
    await tx
      .update(rxImages)
      .set({ orderId: input.orderId, prescriptionId, customerId, updatedAt: placedAt })
      .where(and(eq(rxImages.id, imageId), or(isNull(rxImages.customerId), eq(rxImages.customerId, customerId))));
  }
  return { prescriptionId, status };
}

/** The patient id, when it is still one of this customer's patients (a group may carry a stale one). */
async function ownPatientId(tx: Executor, customerId: number, patientId: number | null): Promise<number | null> {
  if (patientId === null) return null;
  const [row] = await tx
    .select({ id: patients.id })
    .from(patients)
    .where(and(eq(patients.id, patientId), eq(patients.customerId, customerId)));
  return row?.id ?? null;
}

/**
 * The prescription a subscription's reorder is ordered on: the one recorded with the subscription's last (or first)
 * order for the same patient, holding the lenses reordered (an eye paused leaves its lens out). Null when none was recorded (a subscription older than these records).
 */
export async function subscriptionPrescriptionId(
  db: Executor,
  subscription: {
    customerId: number;
    orderIds: ReadonlyArray<number | null>;
    patient: { firstName: string; lastName: string } | null;
    productIds: readonly number[];
  },
): Promise<number | null> {
  const orderIds = subscription.orderIds.filter((id): id is number => id !== null);
  if (orderIds.length === 0) return null;
  const rows = await db
    .select({ prescription: prescriptions, orderId: orderGroups.orderId })
    .from(orderGroups)
    .innerJoin(prescriptions, eq(prescriptions.id, orderGroups.prescriptionId))
    .where(and(inArray(orderGroups.orderId, orderIds), eq(prescriptions.customerId, subscription.customerId)));
  const wanted = [...new Set(subscription.productIds)];
  const name = subscription.patient ? fullName(subscription.patient).toLowerCase() : null;
  // The latest order first (the order of `orderIds`).
  for (const orderId of orderIds) {
    const match = rows.find(
      ({ prescription, orderId: rowOrderId }) =>
        rowOrderId === orderId &&
        wanted.every((productId) => prescriptionProductIds(prescription).includes(productId)) &&
        (name === null ||
          fullName({
            firstName: prescription.patientFirstName,
            lastName: prescription.patientLastName,
          }).toLowerCase() === name),
    );
    if (match) return match.prescription.id;
  }
  return null;
}

// ---------------------------------------------------------------------------------------------------------------
// Reads.

/** All of a customer's prescriptions (the wallet sorts and merges them). */
export async function listCustomerPrescriptions(db: Executor, customerId: number): Promise<PrescriptionRow[]> {
  return db
    .select()
    .from(prescriptions)
    .where(eq(prescriptions.customerId, customerId))
    .orderBy(asc(prescriptions.expirationDate), asc(prescriptions.id));
}

/** One of the customer's prescriptions; null when it is not theirs (or does not exist). */
export async function findCustomerPrescription(
  db: Executor,
  customerId: number,
  prescriptionId: number,
): Promise<PrescriptionRow | null> {
  const [row] = await db
    .select()
    .from(prescriptions)
    .where(and(eq(prescriptions.id, prescriptionId), eq(prescriptions.customerId, customerId)));
  return row ?? null;
}

export interface PrescriptionImage {
  id: string;
  prescriptionId: number;
  originalFileName: string;
  contentType: string;
}

/** The uploaded images of these prescriptions (the customer's own). */
export async function prescriptionImages(
  db: Executor,
  customerId: number,
  prescriptionIds: readonly number[],
): Promise<PrescriptionImage[]> {
  if (prescriptionIds.length === 0) return [];
  const rows = await db
    .select({
      id: rxImages.id,
      prescriptionId: rxImages.prescriptionId,
      originalFileName: rxImages.originalFileName,
      contentType: rxImages.contentType,
    })
    .from(rxImages)
    .where(and(inArray(rxImages.prescriptionId, [...prescriptionIds]), eq(rxImages.customerId, customerId)))
    .orderBy(asc(rxImages.createdAt), asc(rxImages.id));
  return rows.map((row) => ({ ...row, prescriptionId: row.prescriptionId! }));
}

/**
 * The prescriptions the shell's reminder may name: those expiring from today to the end of the reminder's window
 * (one indexed range read on customer and expiration date; the model picks the first-expiring one).
 */
export async function expiringPrescriptions(db: Executor, customerId: number, now: Date) {
  const { from, to } = expiringWindow(now);
  return db
    .select({
      id: prescriptions.id,
      patientFirstName: prescriptions.patientFirstName,
      expirationDate: prescriptions.expirationDate,
      orderedAt: prescriptions.orderedAt,
    })
    .from(prescriptions)
    .where(
      and(
        eq(prescriptions.customerId, customerId),
        gte(prescriptions.expirationDate, from),
        lte(prescriptions.expirationDate, to),
      ),
    )
    .orderBy(asc(prescriptions.expirationDate), asc(prescriptions.id))
    .limit(50);
}

// ---------------------------------------------------------------------------------------------------------------
// Clone and delete.

/**
 * A copy of one of the customer's prescriptions: the same patient, values, expiration date, status and prescriber,
 * pointing back at the original; not ordered, no images. Null when it is not theirs.
 */
export async function clonePrescription(
  db: Database,
  customerId: number,
  prescriptionId: number,
  now: Date = new Date(),
): Promise<number | null> {
  const original = await findCustomerPrescription(db, customerId, prescriptionId);
  if (!original) return null;
  const [row] = await db
    .insert(prescriptions)
    .values({
      customerId,
      patientId: original.patientId,
      patientFirstName: original.patientFirstName,
      patientLastName: original.patientLastName,
      source: original.source,
      status: original.status,
      expirationDate: original.expirationDate,
      rightEye: original.rightEye,
      leftEye: original.leftEye,
      prescriber: original.prescriber,
      orderId: null,
      orderedAt: null,
      autoReorder: false,
      clonedFromId: original.id,
      createdAt: now,
      updatedAt: now,
    })
    .returning({ id: prescriptions.id });
  return row!.id;
}

/**
 * Deletes one of the customer's prescriptions and its images: the images' storage keys are read first, the row is
 * deleted (its image rows go with it, ON DELETE CASCADE; orders and cart groups keep a null link), then each image's
 * bytes leave the image store. A store that fails to delete is logged; the prescription is gone either way.
 * False when it is not theirs.
 */
export async function deletePrescription(
  services: { db: Database; imageStore: ImageStore; logger: Logger },
  customerId: number,
  prescriptionId: number,
): Promise<boolean> {
  const keys = await services.db.transaction(async (tx) => {
    const [owned] = await tx
      .select({ id: prescriptions.id })
      .from(prescriptions)
      .where(and(eq(prescriptions.id, prescriptionId), eq(prescriptions.customerId, customerId)))
      .for("update");
    if (!owned) return null;
    const images = await tx
      .select({ storageKey: rxImages.storageKey })
      .from(rxImages)
      .where(eq(rxImages.prescriptionId, prescriptionId));
    await tx.delete(prescriptions).where(eq(prescriptions.id, prescriptionId));
    return images.map((image) => image.storageKey);
  });
  if (keys === null) return false;
  for (const key of keys) {
    await services.imageStore.delete(key).catch((error: unknown) => {
      services.logger.error({ err: error, prescriptionId }, "prescription image bytes not deleted");
    });
  }
  return true;
}

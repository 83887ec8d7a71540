import { and, asc, eq, inArray, ne, or } from "drizzle-orm";
import { DELETED_CODE, isOrderNumberShaped, orderDetailsPath } from "~/models/order-status";
import { RECAPTURE_PRESCRIPTION_STATUSES, RECAPTURE_STATUS_CODES } from "~/models/recapture";
import type { Executor } from "../db/client.server";
import { orderGroups, orders, prescriptions } from "../db/schema";
import { completeRecapture, resumeHeldOrder } from "../orders/recapture.server";
import type { Visitor } from "../platform/context.server";
import { journeyOf } from "../funnel/funnel.server";
import { rxImages } from "../db/schema";
import { linkProvenOrders } from "./upload-links.server";
import {
  uploadRxImage,
  type ImageServices,
  type ImageViewer,
  type RxImageRow,
  type UploadOutcome,
} from "./rx-images.server";

/**
 * The prescription for a placed order that waits for it (upload-rx?oid=, and POST api/images with an orderNumber):
 * the image is kept with the order, the order's groups in PendingSubmission go to PendingVerification, and so do the
 * prescriptions recorded for them (now 'uploaded'). All in the image row's transaction. A held order (status H or S,
 * its prescription pending exam or verification, or failed: recapture, issue 16) takes an upload too: it goes on,
 * its lens groups waiting for the new prescription to be verified, and its attention banner completes.
 */

export const ORDER_UPLOAD_MESSAGES = {
  notWaiting: "We already have the prescription for this order. We'll contact you if we need anything else.",
} as const;

/**
 * Who may upload for an order: its customer, the browser session that placed it (as thank-you?oid= allows), or one
 * that opened the order e-mail's signed upload link (upload-links.server.ts).
 */
export interface OrderViewer {
  customerId: number | null;
  placedOrderNumbers: readonly string[];
}

export function orderViewerOf(visitor: Pick<Visitor, "customer" | "session">): OrderViewer {
  return {
    customerId: visitor.customer?.id ?? null,
    placedOrderNumbers: [
      ...(journeyOf(visitor.session).placedOrderNumbers ?? []),
      ...linkProvenOrders(visitor.session),
    ],
  };
}

export interface UploadOrder {
  id: number;
  orderNumber: string;
  customerId: number;
  /** The groups still waiting for the prescription (PendingSubmission), with the prescription recorded for each. */
  waitingGroups: Array<{ id: number; prescriptionId: number | null }>;
  /** Held for its prescription (recapture): the upload sends it on. */
  held: boolean;
}

/** The order, when the viewer may see it (deleted ones never); null otherwise, as for one that does not exist. */
export async function orderForUpload(
  db: Executor,
  orderNumber: string | null | undefined,
  viewer: OrderViewer,
): Promise<UploadOrder | null> {
  if (!isOrderNumberShaped(orderNumber ?? undefined)) return null;
  const [order] = await db
    .select({
      id: orders.id,
      orderNumber: orders.orderNumber,
      customerId: orders.customerId,
      statusCode: orders.statusCode,
    })
    .from(orders)
    .where(
      and(eq(orders.orderNumber, orderNumber!), ne(orders.statusCode, DELETED_CODE), eq(orders.paymentState, "paid")),
    );
  if (!order) return null;
  if (order.customerId !== viewer.customerId && !viewer.placedOrderNumbers.includes(order.orderNumber)) return null;
  const held = (RECAPTURE_STATUS_CODES as readonly string[]).includes(order.statusCode);
  const waitingGroups = await db
    .select({ id: orderGroups.id, prescriptionId: orderGroups.prescriptionId })
    .from(orderGroups)
    .where(and(eq(orderGroups.orderId, order.id), waitingForPrescription(held)))
    .orderBy(asc(orderGroups.position));
  const { statusCode: _statusCode, ...rest } = order;
  return { ...rest, waitingGroups, held: held && waitingGroups.length > 0 };
}

/** Groups waiting for a prescription: to be sent later, or, on a held order, the lens groups it was held for. */
function waitingForPrescription(held: boolean) {
  const later = eq(orderGroups.prescriptionStatus, "PendingSubmission");
  if (!held) return later;
  return or(
    later,
    and(eq(orderGroups.type, "Lens"), inArray(orderGroups.prescriptionStatus, [...RECAPTURE_PRESCRIPTION_STATUSES])),
  );
}

/**
 * Uploads the prescription for an order that waits for it. The image belongs to the order's customer (and to the
 * uploading session until then); it is kept with the first waiting group's prescription.
 */
export async function uploadForOrder(
  services: ImageServices,
  input: {
    order: UploadOrder;
    file: { fileName: string; bytes: Buffer };
    viewer: ImageViewer;
    correlationId?: string;
    clientIp?: string | null;
  },
): Promise<UploadOutcome> {
  const { order } = input;
  if (order.waitingGroups.length === 0) return { ok: false, message: ORDER_UPLOAD_MESSAGES.notWaiting };
  const prescriptionIds = order.waitingGroups.flatMap((group) => (group.prescriptionId ? [group.prescriptionId] : []));
  return uploadRxImage(services, input.file, {
    owner: { customerId: order.customerId, sessionHash: input.viewer.sessionHash },
    orderId: order.id,
    prescriptionId: prescriptionIds[0] ?? null,
    correlationId: input.correlationId,
    clientIp: input.clientIp,
    async link(tx) {
      const now = new Date();
      // Another upload may have moved them already: then there is nothing left to move, and the image is kept.
      const moved = await tx
        .update(orderGroups)
        .set({ prescriptionStatus: "PendingVerification" })
        .where(and(eq(orderGroups.orderId, order.id), eq(orderGroups.prescriptionStatus, "PendingSubmission")))
        .returning({ prescriptionId: orderGroups.prescriptionId });
      const ids = moved.flatMap((group) => (group.prescriptionId ? [group.prescriptionId] : []));
      if (ids.length > 0) {
        await tx
          .update(prescriptions)
          .set({ status: "PendingVerification", source: "uploaded", updatedAt: now })
          .where(and(inArray(prescriptions.id, ids), eq(prescriptions.customerId, order.customerId)));
      }
      if (order.held) {
        await resumeHeldOrder(tx, order.id, { prescriptionStatus: "PendingVerification", source: "uploaded" }, now);
        await completeRecapture(tx, { customerId: order.customerId, orderId: order.id }, now);
      }
    },
  });
}

/** An image sent for the order (the caller has checked that the viewer may see the order), or null. */
export async function imageOfOrder(db: Executor, orderId: number, imageId: string): Promise<RxImageRow | null> {
  const [row] = await db
    .select()
    .from(rxImages)
    .where(and(eq(rxImages.id, imageId), eq(rxImages.orderId, orderId)));
  return row ?? null;
}

/**
 * Where this browser sees the order: its customer's order page, the thank-you page for the browser that placed it,
 * or nowhere (a browser that only opened the e-mailed upload link may send the prescription, not read the order).
 */
export function orderPageFor(
  visitor: Pick<Visitor, "customer" | "session">,
  order: Pick<UploadOrder, "orderNumber" | "customerId">,
): string | null {
  if (visitor.customer && visitor.customer.id === order.customerId) return orderDetailsPath(order.orderNumber);
  const placedHere = (journeyOf(visitor.session).placedOrderNumbers ?? []).includes(order.orderNumber);
  return placedHere ? `/thank-you?oid=${encodeURIComponent(order.orderNumber)}` : null;
}

import { and, asc, desc, eq, inArray, notInArray } from "drizzle-orm";
import { EYE_LABELS, EYE_NAMES } from "~/models/lens-parameters";
import { DELETED_CODE, formatOrderDate, orderDetailsPath, TEST_CODE } from "~/models/order-status";
import {
  eyeParameterList,
  expiryView,
  prescriptionPath,
  prescriptionProductIds,
  prescriptionStatusLabel,
  unusableReason,
  type ExpiryView,
} from "~/models/prescriptions";
import {
  boxesText,
  latestGroupPerPatient,
  reorderMessage,
  reorderPatientKey,
  reorderPatientName,
  reorderState,
  reorderUploadHref,
  REORDER_MESSAGES,
  type ReorderState,
} from "~/models/reorder";
import { businessToday } from "~/models/subscription";
import { productPath } from "../catalog/catalog.server";
import { together, type Database, type Executor } from "../db/client.server";
import { orderGroups, orderLines, orders, prescriptions } from "../db/schema";
import type { StoreSession } from "../platform/session.server";
import { walletProducts } from "../prescriptions/wallet.server";
import { orderAgain, type PlanFailure } from "../prescriptions/wallet-cart.server";

/**
 * The reorder page (/reorder): each patient's most recent lens order — the lenses, the quantities last ordered and
 * the prescription they were ordered with, with its expiry — and 'Reorder', which puts those lenses in the cart
 * through the wallet's 'Order again' (so the funnel needs no prescription, parameters or patient for the group).
 * Every read filters by the customer's id; deleted, test and unpaid orders are not shown.
 */

/** How far back the page looks for a patient's last lens order (newest lens groups first). */
const RECENT_LENS_GROUPS = 200;

export interface ReorderLensView {
  eye: string;
  productName: string;
  productHref: string | null;
  parameters: Array<{ label: string; value: string }>;
  quantity: number;
  quantityText: string;
}

export interface ReorderPatientView {
  key: string;
  patientName: string;
  orderNumber: string;
  orderedOn: string;
  orderHref: string;
  lenses: ReorderLensView[];
  prescription: {
    id: number;
    expiry: ExpiryView;
    statusText: string;
    href: string;
  } | null;
  state: ReorderState;
  /** What to do instead, when the lenses can't simply go in the cart. */
  message: string | null;
  uploadHref: string;
  /** Where to choose the lenses again (the first lens still sold), for the states that need it. */
  shopHref: string | null;
  /** What 'Reorder' asks for: the prescription and the boxes per eye last ordered (0: that eye was not ordered). */
  entry: { prescriptionId: number; rightEyeQuantity: number; leftEyeQuantity: number } | null;
}

const visibleLensGroup = (customerId: number) =>
  and(
    eq(orders.customerId, customerId),
    notInArray(orders.statusCode, [DELETED_CODE, TEST_CODE]),
    eq(orders.paymentState, "paid"),
    eq(orderGroups.type, "Lens"),
  );

/** The customer's patients with what they last ordered, in name order; empty when they have bought no lenses. */
export async function reorderView(db: Executor, customerId: number, now: Date = new Date()) {
  const groups = await db
    .select({
      groupId: orderGroups.id,
      orderNumber: orders.orderNumber,
      orderedAt: orders.createdAt,
      patient: orderGroups.patient,
      prescriptionId: orderGroups.prescriptionId,
    })
    .from(orderGroups)
    .innerJoin(orders, eq(orders.id, orderGroups.orderId))
    .where(visibleLensGroup(customerId))
    .orderBy(desc(orders.createdAt), desc(orders.id), asc(orderGroups.position))
    .limit(RECENT_LENS_GROUPS);
  const latest = latestGroupPerPatient(groups);
  if (latest.length === 0) return [];

  const prescriptionIds = latest.flatMap((group) => (group.prescriptionId === null ? [] : [group.prescriptionId]));
  const [lines, rows] = await together(db, [
    () =>
      db
        .select()
        .from(orderLines)
        .where(
          inArray(
            orderLines.orderGroupId,
            latest.map((group) => group.groupId),
          ),
        )
        .orderBy(asc(orderLines.id)),
    () =>
      prescriptionIds.length === 0
        ? []
        : db
            .select()
            .from(prescriptions)
            .where(and(inArray(prescriptions.id, prescriptionIds), eq(prescriptions.customerId, customerId))),
  ]);
  const catalog = await walletProducts(db, [
    ...lines.map((line) => line.productId),
    ...rows.flatMap((row) => prescriptionProductIds(row)),
  ]);
  const today = businessToday(now);
  const eyeOrder: Record<string, number> = { right: 0, left: 1 };

  return latest.map((group): ReorderPatientView => {
    const groupLines = lines
      .filter((line) => line.orderGroupId === group.groupId)
      .sort((a, b) => (eyeOrder[a.whichEye] ?? 2) - (eyeOrder[b.whichEye] ?? 2));
    const prescription = rows.find((row) => row.id === group.prescriptionId) ?? null;
    const state = reorderState(
      prescription !== null,
      prescription ? unusableReason(prescription, null, catalog, today) : null,
    );
    const quantityOf = (eye: "right" | "left") => groupLines.find((line) => line.whichEye === eye)?.quantity ?? 0;
    const sold = groupLines
      .map((line) => catalog.get(line.productId))
      .find((product) => product && !product.isHidden && !product.discontinuedInCatalog);
    return {
      key: reorderPatientKey(group.patient),
      patientName: reorderPatientName(group.patient),
      orderNumber: group.orderNumber,
      orderedOn: formatOrderDate(group.orderedAt),
      orderHref: orderDetailsPath(group.orderNumber),
      lenses: groupLines.map((line) => {
        const product = catalog.get(line.productId);
        const eye = line.whichEye === "right" || line.whichEye === "left" ? line.whichEye : null;
        return {
          eye: eye ? `${EYE_NAMES[eye]} (${EYE_LABELS[eye]})` : "Lenses",
          productName: product?.displayName ?? line.productName,
          productHref: product && !product.isHidden && !product.discontinuedInCatalog ? productPath(product) : null,
          parameters: eyeParameterList(line.selectedParameters),
          quantity: line.quantity,
          quantityText: boxesText(line.quantity),
        };
      }),
      prescription: prescription
        ? {
            id: prescription.id,
            expiry: expiryView(prescription.expirationDate, today),
            statusText: prescriptionStatusLabel(prescription.status),
            href: prescriptionPath(prescription.id),
          }
        : null,
      state,
      message: reorderMessage(state),
      uploadHref: reorderUploadHref(state, group.orderNumber),
      shopHref: sold ? productPath(sold) : null,
      entry:
        state === "ready" && prescription
          ? {
              prescriptionId: prescription.id,
              rightEyeQuantity: quantityOf("right"),
              leftEyeQuantity: quantityOf("left"),
            }
          : null,
    };
  });
}

/**
 * 'Reorder' for one patient, named by the prescription their last lens order used: the same lenses and boxes per eye
 * as that order, one-time (a subscription is set up from the cart or the wallet), into the shopper's cart. Refused
 * with a message (nothing added) when the prescription is not one the page offers to reorder.
 */
export async function reorderIntoCart(
  db: Database,
  target: { customerId: number; session: StoreSession },
  prescriptionId: number,
  now: Date = new Date(),
): Promise<{ ok: true; cartId: string; groupIds: string[] } | PlanFailure> {
  const patients = await reorderView(db, target.customerId, now);
  const patient = patients.find((candidate) => candidate.prescription?.id === prescriptionId);
  if (!patient) return { ok: false, status: 404, message: REORDER_MESSAGES.notFound };
  if (!patient.entry) return { ok: false, status: 422, message: patient.message ?? REORDER_MESSAGES.notFound };
  return orderAgain(db, target, [{ ...patient.entry, isSubscription: false }], now);
}

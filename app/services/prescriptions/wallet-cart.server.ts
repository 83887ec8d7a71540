import { and, eq, isNull } from "drizzle-orm";
import { EYE_LABELS, EYE_NAMES } from "~/models/lens-parameters";
import type { Eye } from "~/models/line-item-group";
import {
  expiryView,
  eyeSummary,
  patientFullName,
  PRESCRIPTION_MESSAGES,
  prescriptionEyes,
  prescriptionProductIds,
  unusableReason,
  walletPatients,
  type OrderAgainEntry,
  type SavedPrescriptionChoiceView,
} from "~/models/prescriptions";
import { businessToday } from "~/models/subscription";
import { boxSupplyDays, defaultFrequencyDays, quantityOptions } from "~/models/supply";
import { resolveLensOrder, ensureCart } from "../cart/add-to-cart.server";
import { addGroup, withCartLock, type NewLineItem } from "../cart/cart.server";
import { refreshRxEntryType, stepGroup, type StepResult } from "../funnel/group-steps.server";
import { updateJourney } from "../funnel/funnel.server";
import { together, type Database, type Executor } from "../db/client.server";
import { doctors, examVouchers, lineItemGroups, lineItems, patients } from "../db/schema";
import type { StoreSession } from "../platform/session.server";
import {
  findCustomerPrescription,
  listCustomerPrescriptions,
  type PrescriptionRow,
} from "./prescription-records.server";
import { packSizeAlternatives, walletProducts, type WalletProduct } from "./wallet.server";

/**
 * Saved prescriptions into the cart (spec 2 §1, §7 POST api/rxWallet): 'Order again' makes a lens group from a
 * prescription — its UPCs and parameters, the quantities and colour asked for, auto-reorder on or off, its patient,
 * its doctor when known, its expiration date and the wallet link — so the funnel skips RxDetails, Parameters and
 * Patient for it. The saved-prescription choice on RxDetails applies one to the group being built instead. Only a
 * prescription usable for its lenses can be ordered (spec 2 §4); anything else is refused with a message.
 */

export type PlanFailure = { ok: false; status: 400 | 404 | 422; message: string };

/** What one prescription puts in the cart. */
export interface OrderAgainPlan {
  prescription: PrescriptionRow;
  items: Array<NewLineItem & { whichEye: Eye; upc: string }>;
  autoReorderFrequencyDays: number | null;
  patient: { firstName: string; lastName: string; patientId?: number };
  doctorId: number | null;
  /**
   * For a prescription an online exam issued: the exam's voucher. Its doctor is the prescriber, so the group needs no
   * eye doctor and no verification, as for the first order after the exam (spec 2 §4 doctor rules).
   */
  examVoucherToken: string | null;
  /** The lenses' catalog entries, for pricing and display. */
  products: Map<number, WalletProduct>;
}

function eyeWords(eye: Eye) {
  return `${EYE_NAMES[eye]} (${EYE_LABELS[eye]})`;
}

/**
 * The patient and doctor a prescription's group takes: the customer's own patient, a doctor still listed; for an
 * exam's prescription, the exam's voucher in place of a doctor.
 */
async function patientAndDoctor(db: Executor, customerId: number, prescription: PrescriptionRow) {
  const doctorId = prescription.prescriber?.doctorId ?? null;
  const [[patient], [doctor], [voucher]] = await together(db, [
    () =>
      prescription.patientId === null
        ? []
        : db
            .select({ id: patients.id })
            .from(patients)
            .where(and(eq(patients.id, prescription.patientId), eq(patients.customerId, customerId))),
    () => (doctorId === null ? [] : db.select({ id: doctors.id }).from(doctors).where(eq(doctors.id, doctorId))),
    () =>
      prescription.source !== "exam"
        ? []
        : db
            .select({ token: examVouchers.token })
            .from(examVouchers)
            .where(and(eq(examVouchers.prescriptionId, prescription.id), eq(examVouchers.customerId, customerId)))
            .limit(1),
  ]);
  return {
    patient: {
      firstName: prescription.patientFirstName,
      lastName: prescription.patientLastName,
      ...(patient ? { patientId: patient.id } : {}),
    },
    doctorId: doctor?.id ?? null,
    examVoucherToken: voucher?.token ?? null,
  };
}

/**
 * Plans 'Order again' for one prescription of the customer, checking everything before anything is written: the
 * prescription is theirs and usable (for `productId` when given: only the eyes with that lens are ordered), each
 * quantity is one the lens offers (0 leaves the eye out; at least one eye), a colour is one the lens comes in, an
 * alternative product is another pack size of the same lens, and each eye's SKU is sold and in stock.
 */
export async function planOrderAgain(
  db: Database,
  customerId: number,
  entry: OrderAgainEntry & { productId?: number },
  now: Date = new Date(),
): Promise<{ ok: true; plan: OrderAgainPlan } | PlanFailure> {
  const prescription = await findCustomerPrescription(db, customerId, entry.prescriptionId);
  if (!prescription) return { ok: false, status: 404, message: PRESCRIPTION_MESSAGES.notFound };
  const alternativeId = entry.alternativeQuantityProductId ?? null;
  const catalog = await walletProducts(db, [
    ...prescriptionProductIds(prescription),
    ...(alternativeId === null ? [] : [alternativeId]),
  ]);
  const reason = unusableReason(prescription, entry.productId ?? null, catalog, businessToday(now));
  if (reason) return { ok: false, status: 422, message: PRESCRIPTION_MESSAGES[reason] };

  const eyes = prescriptionEyes(prescription).filter(
    ({ record }) => entry.productId === undefined || record.productId === entry.productId,
  );
  let alternatives: Map<number, number[]> | null = null;
  if (alternativeId !== null) {
    const alternative = catalog.get(alternativeId);
    alternatives = await packSizeAlternatives(
      db,
      eyes.map(({ record }) => catalog.get(record.productId)!),
    );
    if (!alternative || !eyes.some(({ record }) => alternatives!.get(record.productId)?.includes(alternativeId))) {
      return { ok: false, status: 400, message: PRESCRIPTION_MESSAGES.notAlternative };
    }
  }

  const items: OrderAgainPlan["items"] = [];
  for (const { eye, record } of eyes) {
    const asked = eye === "right" ? entry.rightEyeQuantity : entry.leftEyeQuantity;
    const quantity = asked ?? record.quantity;
    if (quantity === 0) continue;
    const productId =
      alternativeId !== null && alternatives?.get(record.productId)?.includes(alternativeId)
        ? alternativeId
        : record.productId;
    const product = catalog.get(productId)!;
    const offered = quantityOptions({
      productType: "lens",
      isColor: product.categories.includes("color"),
      wearTimeDays: product.wearTimeDays,
      quantityPerPackage: product.quantityPerPackage,
      maximumQuantity: product.maximumQuantity,
    });
    // The quantity last ordered stays possible for the same lens, as the cart allows it.
    if (!offered.includes(quantity) && !(productId === record.productId && quantity === record.quantity)) {
      return { ok: false, status: 400, message: `${eyeWords(eye)}: ${PRESCRIPTION_MESSAGES.chooseQuantity}` };
    }
    const color = eye === "right" ? entry.rightColor : entry.leftColor;
    if (color !== undefined && !product.colors.some((option) => option.value === color)) {
      return { ok: false, status: 400, message: `${eyeWords(eye)}: ${PRESCRIPTION_MESSAGES.chooseColor}` };
    }
    const parameters = color === undefined ? { ...record.parameters } : { ...record.parameters, color };
    const resolved = await resolveLensOrder(db, { id: productId }, { eyes: [{ eye, parameters, quantity }] });
    if ("errors" in resolved) {
      const message = Object.values(resolved.errors).flat().join(" ");
      return { ok: false, status: 422, message: `${eyeWords(eye)}: ${message}` };
    }
    items.push({ ...resolved.items[0]!, whichEye: eye });
  }
  if (items.length === 0) return { ok: false, status: 400, message: PRESCRIPTION_MESSAGES.noEyeOrdered };

  const ordered = items.map((item) => catalog.get(item.productId)!);
  const first = items[0]!;
  const autoReorderFrequencyDays =
    entry.isSubscription && ordered.every((product) => product.allowsAutoReorder)
      ? defaultFrequencyDays(boxSupplyDays(catalog.get(first.productId)!) * first.quantity)
      : null;
  const { patient, doctorId, examVoucherToken } = await patientAndDoctor(db, customerId, prescription);
  return {
    ok: true,
    plan: { prescription, items, autoReorderFrequencyDays, patient, doctorId, examVoucherToken, products: catalog },
  };
}

/** Adds a planned group to the cart with its patient, doctor, expiration date and wallet link; returns its id. */
export async function addPlannedGroup(db: Database, cartId: string, plan: OrderAgainPlan): Promise<string> {
  const groupId = await addGroup(db, cartId, {
    type: "Lens",
    items: plan.items,
    autoReorderFrequencyDays: plan.autoReorderFrequencyDays,
  });
  await withCartLock(db, cartId, async (tx) => {
    await tx
      .update(lineItemGroups)
      .set({
        patient: plan.patient,
        doctorId: plan.doctorId,
        examVoucherToken: plan.examVoucherToken,
        prescriptionExpiresOn: plan.prescription.expirationDate,
        walletPrescriptionId: plan.prescription.id,
        updatedAt: new Date(),
      })
      .where(and(eq(lineItemGroups.id, groupId), eq(lineItemGroups.cartId, cartId)));
  });
  return groupId;
}

/**
 * 'Order again' for a shopper's cart (the wallet pages, the product page, the API with a cookie): every entry is
 * planned first, so a refused one adds nothing; then each becomes a group. With a session, the funnel works on the
 * last group next (its steps are all met, so the shopper lands on the cart).
 */
export async function orderAgain(
  db: Database,
  target: { customerId: number; session?: StoreSession; cartId?: string },
  entries: ReadonlyArray<OrderAgainEntry & { productId?: number }>,
  now: Date = new Date(),
): Promise<{ ok: true; cartId: string; groupIds: string[] } | PlanFailure> {
  const plans: OrderAgainPlan[] = [];
  for (const entry of entries) {
    const planned = await planOrderAgain(db, target.customerId, entry, now);
    if (!planned.ok) return planned;
    plans.push(planned.plan);
  }
  const cartId = target.cartId ?? (await ensureCart(db, target.session!, target.customerId));
  const groupIds: string[] = [];
  for (const plan of plans) groupIds.push(await addPlannedGroup(db, cartId, plan));
  if (target.session && groupIds.length > 0) {
    updateJourney(target.session, { currentGroupId: groupIds.at(-1), proceededPastCart: false });
  }
  return { ok: true, cartId, groupIds };
}

// ---------------------------------------------------------------------------------------------------------------
// The saved-prescription choice.

/**
 * The customer's saved prescriptions usable for any of these lenses (spec 2 §4), patients by name and each one's by
 * expiration date, as the choice lists them. Empty for none (the choice is then not shown).
 */
export async function savedPrescriptionChoices(
  db: Database,
  customerId: number,
  productIds: readonly number[],
  now: Date = new Date(),
): Promise<SavedPrescriptionChoiceView[]> {
  if (productIds.length === 0) return [];
  const rows = await listCustomerPrescriptions(db, customerId);
  if (rows.length === 0) return [];
  const catalog = await walletProducts(
    db,
    rows.flatMap((row) => prescriptionProductIds(row)),
  );
  const today = businessToday(now);
  const usable = rows.filter((row) =>
    productIds.some((productId) => unusableReason(row, productId, catalog, today) === null),
  );
  return walletPatients(usable).flatMap((patient) =>
    patient.prescriptions.map((row) => {
      const expiry = expiryView(row.expirationDate, today);
      return {
        prescriptionId: row.id,
        patientName: patientFullName(patient),
        expiry: expiry.text,
        badge: expiry.badge,
        eyes: prescriptionEyes(row).map(
          ({ eye, record }) => `${eyeSummary(eye, record)} — ${catalog.get(record.productId)?.displayName ?? "lens"}`,
        ),
      };
    }),
  );
}

/**
 * RxDetails' 'Use this prescription': one of the customer's saved prescriptions, usable for the group's lenses, fills
 * the group being built — each line whose eye the prescription has for the same lens takes its UPC and parameters
 * (checked against stock for the line's quantity) — and the group takes the prescription's expiration date, patient,
 * doctor (when the group has none; an exam's prescription brings its voucher instead) and the wallet link. A line the prescription does not cover keeps waiting for
 * the Parameters step. Nothing is written when any line fails.
 */
export async function applySavedPrescription(
  db: Database,
  input: { cartId: string; groupId: string; customerId: number; prescriptionId: number; now?: Date },
): Promise<StepResult> {
  const now = input.now ?? new Date();
  const group = await stepGroup(db, input.cartId, input.groupId);
  if (!group || group.type !== "Lens") return { status: "not-found" };
  const invalid = (message: string): StepResult => ({ status: "invalid", errors: { prescriptionId: [message] } });
  const prescription = await findCustomerPrescription(db, input.customerId, input.prescriptionId);
  if (!prescription) return invalid(PRESCRIPTION_MESSAGES.notFound);
  const catalog = await walletProducts(db, prescriptionProductIds(prescription));
  const today = businessToday(now);
  const reasons = group.lines.map((line) => unusableReason(prescription, line.productId, catalog, today));
  if (!reasons.includes(null)) return invalid(PRESCRIPTION_MESSAGES[reasons[0] ?? "not-for-product"]);

  const updates: Array<{
    lineId: string;
    whichEye: Eye;
    productId: number;
    upc: string;
    parameters: Record<string, string>;
  }> = [];
  for (const line of group.lines) {
    if (line.whichEye === "none") continue;
    const record = line.whichEye === "right" ? prescription.rightEye : prescription.leftEye;
    if (!record || record.productId !== line.productId) continue;
    const resolved = await resolveLensOrder(
      db,
      { id: line.productId },
      { eyes: [{ eye: line.whichEye, parameters: record.parameters, quantity: line.quantity }] },
    );
    if ("errors" in resolved) {
      return invalid(`${eyeWords(line.whichEye)}: ${Object.values(resolved.errors).flat().join(" ")}`);
    }
    updates.push({
      lineId: line.id,
      whichEye: line.whichEye,
      productId: line.productId,
      upc: resolved.items[0]!.upc,
      parameters: { ...record.parameters },
    });
  }
  if (updates.length === 0) return invalid(PRESCRIPTION_MESSAGES["not-for-product"]);
  const { patient, doctorId, examVoucherToken } = await patientAndDoctor(db, input.customerId, prescription);

  return withCartLock(db, input.cartId, async (tx) => {
    for (const update of updates) {
      // Only the same line, still for the same eye and lens (the cart may have changed since it was read).
      const changed = await tx
        .update(lineItems)
        .set({ upc: update.upc, selectedParameters: update.parameters, updatedAt: now })
        .where(
          and(
            eq(lineItems.id, update.lineId),
            eq(lineItems.groupId, group.id),
            eq(lineItems.whichEye, update.whichEye),
            eq(lineItems.productId, update.productId),
          ),
        )
        .returning({ id: lineItems.id });
      if (changed.length === 0) return { status: "not-found" } as const;
    }
    await tx
      .update(lineItemGroups)
      .set({
        patient,
        prescriptionExpiresOn: prescription.expirationDate,
        walletPrescriptionId: prescription.id,
        updatedAt: now,
      })
      .where(eq(lineItemGroups.id, group.id));
    if (doctorId !== null) {
      await tx
        .update(lineItemGroups)
        .set({ doctorId })
        .where(and(eq(lineItemGroups.id, group.id), isNull(lineItemGroups.doctorId)));
    }
    if (examVoucherToken !== null) {
      await tx
        .update(lineItemGroups)
        .set({ examVoucherToken })
        .where(and(eq(lineItemGroups.id, group.id), isNull(lineItemGroups.doctorId)));
    }
    await refreshRxEntryType(tx, group.id);
    return { status: "saved" } as const;
  });
}

import { and, asc, eq, sql } from "drizzle-orm";
import { redirect } from "react-router";
import { cartGuard } from "~/models/funnel";
import { groupsPendingAt, type GroupStepPage, type PrescriptionEntry } from "~/models/funnel-steps";
import { EYE_LABELS, EYE_NAMES, type LensParameter } from "~/models/lens-parameters";
import { rxEntryType, type GroupType, type WhichEye } from "~/models/line-item-group";
import { pagePath } from "~/models/page";
import { PATIENT_MESSAGES, sortPatients, type GroupPatient, type KnownPatient } from "~/models/patient";
import { SUBMIT_AND_SKIP_UPC } from "~/models/stock";
import { resolveLensOrder, type FieldErrors } from "../cart/add-to-cart.server";
import { withCartLock } from "../cart/cart.server";
import { productParametersOf } from "../catalog/catalog.server";
import type { Visitor } from "../platform/context.server";
import type { Database, Executor } from "../db/client.server";
import { brands, lineItemGroups, lineItems, patients, products } from "../db/schema";
import { loadFunnelState, redirectToNextStep } from "./funnel.server";

/**
 * The funnel's group steps before the cart (spec 2 §4): the prescription (typed per eye, or "I'll send it later"),
 * the parameters still missing and the patient, each written to one line item group under the cart's lock.
 */

export interface StepLine {
  id: string;
  whichEye: WhichEye;
  /** "Right eye (OD)"; null for a solution line. */
  eyeTitle: string | null;
  productId: number;
  productName: string;
  brandName: string;
  quantity: number;
  upc: string | null;
  selectedParameters: Record<string, string>;
  /** The lens's parameters and their options (what the prescription form offers). */
  parameters: LensParameter[];
}

export interface StepGroup {
  id: string;
  type: GroupType;
  patient: GroupPatient | null;
  /** The prescription's expiration date as the group holds it (typed, or a saved prescription's); null: none yet. */
  prescriptionExpiresOn: string | null;
  /** The saved prescription chosen for the group, if any. */
  walletPrescriptionId: number | null;
  /** Right eye first, as prescriptions read. */
  lines: StepLine[];
}

const EYE_ORDER: Record<WhichEye, number> = { right: 0, left: 1, none: 2 };

/** One group of the cart as the step pages show it; null when the cart has no such group. */
export async function stepGroup(db: Database, cartId: string, groupId: string): Promise<StepGroup | null> {
  const [group] = await db
    .select({
      id: lineItemGroups.id,
      type: lineItemGroups.type,
      patient: lineItemGroups.patient,
      prescriptionExpiresOn: lineItemGroups.prescriptionExpiresOn,
      walletPrescriptionId: lineItemGroups.walletPrescriptionId,
    })
    .from(lineItemGroups)
    .where(and(eq(lineItemGroups.id, groupId), eq(lineItemGroups.cartId, cartId)));
  if (!group) return null;
  const rows = await db
    .select({
      id: lineItems.id,
      whichEye: lineItems.whichEye,
      productId: lineItems.productId,
      productName: products.displayName,
      brandName: brands.name,
      quantity: lineItems.quantity,
      upc: lineItems.upc,
      selectedParameters: lineItems.selectedParameters,
    })
    .from(lineItems)
    .innerJoin(products, eq(products.id, lineItems.productId))
    .innerJoin(brands, eq(brands.id, products.brandId))
    .where(eq(lineItems.groupId, groupId))
    .orderBy(asc(lineItems.createdAt));
  const productIds = [...new Set(rows.map((row) => row.productId))];
  const parameterLists = await Promise.all(productIds.map((id) => productParametersOf(db, id)));
  const parametersOf = new Map(productIds.map((id, index) => [id, parameterLists[index]!]));
  const lines = rows
    .map((row) => {
      const whichEye = row.whichEye as WhichEye;
      return {
        ...row,
        whichEye,
        eyeTitle: whichEye === "none" ? null : `${EYE_NAMES[whichEye]} (${EYE_LABELS[whichEye]})`,
        parameters: parametersOf.get(row.productId) ?? [],
      };
    })
    .sort((a, b) => EYE_ORDER[a.whichEye] - EYE_ORDER[b.whichEye]);
  return {
    id: group.id,
    type: group.type as GroupType,
    patient: group.patient ?? null,
    prescriptionExpiresOn: group.prescriptionExpiresOn,
    walletPrescriptionId: group.walletPrescriptionId,
    lines,
  };
}

type StepVisitor = Pick<Visitor, "session" | "customer">;

/**
 * The group a step's form was posted for (its hidden `groupId`), in the visitor's cart; the group is null when the
 * cart or the group is gone (another tab finished or removed it).
 */
export async function postedStepGroup(
  db: Database,
  visitor: StepVisitor,
  formData: FormData,
): Promise<{ cartId: string | undefined; group: StepGroup | null }> {
  const cartId = visitor.session.get("cartId");
  const groupId = formData.get("groupId");
  const group = cartId && typeof groupId === "string" && groupId ? await stepGroup(db, cartId, groupId) : null;
  return { cartId, group };
}

/**
 * The group a step page shows: the first working group the step still has to do (null: the step is done).
 * These steps need cart items (spec 1 §2.1, §6): the cart guard sends a shopper with an empty cart home. Its other
 * case, moving a group's lens items without a upc into the cart, cannot arise here: every group, the one being
 * built included, is stored in the cart.
 */
export async function pendingStepGroup(
  db: Database,
  visitor: StepVisitor,
  page: GroupStepPage,
): Promise<StepGroup | null> {
  const cartId = visitor.session.get("cartId");
  const state = await loadFunnelState(db, visitor);
  if (cartGuard(state) === "home") throw redirect("/", 303);
  const [pending] = groupsPendingAt(page, state);
  return cartId && pending ? stepGroup(db, cartId, pending.id) : null;
}

/**
 * After a step saved a group: the same page again while another working group still needs it (possible only
 * when the shopper has no current group), otherwise the funnel's next step.
 */
export async function redirectAfterGroupStep(db: Database, visitor: StepVisitor, page: GroupStepPage) {
  const pending = groupsPendingAt(page, await loadFunnelState(db, visitor));
  return pending.length > 0 ? redirect(pagePath(page)!, 303) : redirectToNextStep(db, visitor, page);
}

export type StepResult = { status: "saved" } | { status: "invalid"; errors: FieldErrors } | { status: "not-found" };

/** Recomputes a group's rxEntryType from its lines as they now are (spec 2 §4: Rx entry type). */
export async function refreshRxEntryType(tx: Executor, groupId: string) {
  const [group] = await tx
    .select({ submitAndSkipImageId: lineItemGroups.submitAndSkipImageId })
    .from(lineItemGroups)
    .where(eq(lineItemGroups.id, groupId));
  const rows = await tx
    .select({
      id: lineItems.id,
      whichEye: lineItems.whichEye,
      productId: lineItems.productId,
      upc: lineItems.upc,
      quantity: lineItems.quantity,
      parameters: lineItems.selectedParameters,
    })
    .from(lineItems)
    .where(eq(lineItems.groupId, groupId));
  // The rule reads only the UPCs and parameters; the brand does not matter to it.
  const items = rows.map((row) => ({ ...row, whichEye: row.whichEye as WhichEye, brandSlug: "" }));
  await tx
    .update(lineItemGroups)
    .set({
      rxEntryType: rxEntryType({ items, submitAndSkipImageId: group?.submitAndSkipImageId ?? null }),
      updatedAt: new Date(),
    })
    .where(eq(lineItemGroups.id, groupId));
}

/**
 * The prescription typed per eye: each eye's parameters resolve to their UPC and are checked against stock for the
 * line's quantity, as on the product page; then that eye's line takes the UPC and the parameters (rxEntryType
 * becomes Manual unless an uploaded image keeps it SubmitAndSkip). With `expiresOn`, the group keeps the
 * prescription's expiration date (decision 23). A typed prescription is no longer a saved one: the group's wallet
 * choice is dropped. Nothing is written when any eye fails.
 */
export async function setGroupPrescription(
  db: Database,
  cartId: string,
  groupId: string,
  eyes: PrescriptionEntry["eyes"],
  { expiresOn }: { expiresOn?: string | null } = {},
): Promise<StepResult> {
  const group = await stepGroup(db, cartId, groupId);
  if (!group || group.type !== "Lens") return { status: "not-found" };
  const errors: FieldErrors = {};
  const updates: Array<{ line: StepLine; upc: string; parameters: Record<string, string> }> = [];
  for (const entry of eyes) {
    const line = group.lines.find((candidate) => candidate.whichEye === entry.eye);
    if (!line) return { status: "not-found" };
    const resolved = await resolveLensOrder(
      db,
      { id: line.productId },
      { eyes: [{ eye: entry.eye, parameters: entry.parameters, quantity: line.quantity }] },
    );
    if ("errors" in resolved) {
      // The form has no quantity field: a stock shortfall for the line's quantity shows under the eye.
      for (const messages of Object.values(resolved.errors)) (errors[entry.eye] ??= []).push(...messages);
    } else {
      updates.push({ line, upc: resolved.items[0]!.upc, parameters: entry.parameters });
    }
  }
  if (Object.keys(errors).length > 0) return { status: "invalid", errors };
  return withCartLock(db, cartId, async (tx) => {
    for (const { line, upc, parameters } of updates) {
      // Only the same line, still for the same eye and lens (the cart may have changed since it was read).
      const changed = await tx
        .update(lineItems)
        .set({ upc, selectedParameters: parameters, updatedAt: new Date() })
        .where(
          and(
            eq(lineItems.id, line.id),
            eq(lineItems.groupId, groupId),
            eq(lineItems.whichEye, line.whichEye),
            eq(lineItems.productId, line.productId),
          ),
        )
        .returning({ id: lineItems.id });
      if (changed.length === 0) return { status: "not-found" } as const;
    }
    await tx
      .update(lineItemGroups)
      .set({ walletPrescriptionId: null, ...(expiresOn ? { prescriptionExpiresOn: expiresOn } : {}) })
      .where(eq(lineItemGroups.id, groupId));
    await refreshRxEntryType(tx, groupId);
    return { status: "saved" } as const;
  });
}

/** The expiration date typed with a prescription on the product page, kept on the group it made (decision 23). */
export async function setGroupExpiration(db: Database, cartId: string, groupId: string, expiresOn: string) {
  await withCartLock(db, cartId, async (tx) => {
    await tx
      .update(lineItemGroups)
      .set({ prescriptionExpiresOn: expiresOn, updatedAt: new Date() })
      .where(and(eq(lineItemGroups.id, groupId), eq(lineItemGroups.cartId, cartId)));
  });
}

/** A lens group of this cart, read under the cart's lock. */
export async function lockedLensGroup(tx: Executor, cartId: string, groupId: string) {
  const [group] = await tx
    .select({ id: lineItemGroups.id })
    .from(lineItemGroups)
    .where(and(eq(lineItemGroups.id, groupId), eq(lineItemGroups.cartId, cartId), eq(lineItemGroups.type, "Lens")));
  return group ?? null;
}

/**
 * "I'll send it later" (submit-and-skip): every line of the group takes the placeholder UPC until the prescription
 * arrives, and the group's rxEntryType becomes SubmitAndSkip (an expiration date or saved choice it had is dropped).
 */
export async function submitAndSkip(db: Database, cartId: string, groupId: string): Promise<StepResult> {
  return withCartLock(db, cartId, async (tx) => {
    if (!(await lockedLensGroup(tx, cartId, groupId))) return { status: "not-found" } as const;
    // No values yet: no expiration date, and no saved prescription either.
    await markSubmitAndSkip(tx, groupId, { prescriptionExpiresOn: null, walletPrescriptionId: null });
    return { status: "saved" } as const;
  });
}

/**
 * The group waits for its prescription (spec 2 §4 Rx entry type): every line takes the submit-and-skip placeholder
 * UPC, the group's rxEntryType becomes SubmitAndSkip, and its row takes `changes` too (what "I'll send it later" and
 * an uploaded image each keep or drop). Runs in the caller's cart lock.
 */
export async function markSubmitAndSkip(
  tx: Executor,
  groupId: string,
  changes: Partial<typeof lineItemGroups.$inferInsert>,
  now = new Date(),
): Promise<void> {
  await tx.update(lineItems).set({ upc: SUBMIT_AND_SKIP_UPC, updatedAt: now }).where(eq(lineItems.groupId, groupId));
  await tx
    .update(lineItemGroups)
    .set({ ...changes, rxEntryType: "SubmitAndSkip", updatedAt: now })
    .where(eq(lineItemGroups.id, groupId));
}

/** A signed-in customer's patients, by full name (spec 2 §4: case-insensitive). */
export async function customerPatients(db: Executor, customerId: number): Promise<KnownPatient[]> {
  const rows = await db
    .select({ patientId: patients.id, firstName: patients.firstName, lastName: patients.lastName })
    .from(patients)
    .where(eq(patients.customerId, customerId));
  return sortPatients(rows);
}

export type PatientChoice = { patientId: number } | { firstName: string; lastName: string };

const sameName = (firstName: string, lastName: string) =>
  and(
    sql`lower(trim(${patients.firstName})) = lower(trim(${firstName}))`,
    sql`lower(trim(${patients.lastName})) = lower(trim(${lastName}))`,
  );

/**
 * The customer's patient of this name (one per case-insensitive trimmed name): found, or added; its spelling
 * follows the latest entry. Runs inside the caller's transaction.
 */
export async function upsertPatient(tx: Executor, customerId: number, firstName: string, lastName: string) {
  const find = () =>
    tx
      .select({ id: patients.id })
      .from(patients)
      .where(and(eq(patients.customerId, customerId), sameName(firstName, lastName)))
      .then((rows) => rows[0]);
  const existing = await find();
  if (existing) {
    await tx.update(patients).set({ firstName, lastName, updatedAt: new Date() }).where(eq(patients.id, existing.id));
    return existing.id;
  }
  // Another of the customer's carts may add the same name at the same moment: the unique index keeps one.
  await tx.insert(patients).values({ customerId, firstName, lastName }).onConflictDoNothing();
  return (await find())!.id;
}

/**
 * Who the group's lenses are for. Signed in, a new name becomes (or finds) one of the customer's patients and the
 * group keeps its id; an existing patient must be the customer's own. Signed out, the group keeps the name only.
 */
export async function setGroupPatient(
  db: Database,
  cartId: string,
  groupId: string,
  choice: PatientChoice,
  customerId: number | null,
): Promise<StepResult> {
  return withCartLock(db, cartId, async (tx) => {
    if (!(await lockedLensGroup(tx, cartId, groupId))) return { status: "not-found" } as const;
    let patient: { firstName: string; lastName: string; patientId?: number };
    if ("patientId" in choice) {
      const [known] =
        customerId === null
          ? []
          : await tx
              .select({ id: patients.id, firstName: patients.firstName, lastName: patients.lastName })
              .from(patients)
              .where(and(eq(patients.id, choice.patientId), eq(patients.customerId, customerId)));
      if (!known) return { status: "invalid", errors: { patientId: [PATIENT_MESSAGES.choosePatient] } } as const;
      patient = { firstName: known.firstName, lastName: known.lastName, patientId: known.id };
    } else if (customerId !== null) {
      const patientId = await upsertPatient(tx, customerId, choice.firstName, choice.lastName);
      patient = { firstName: choice.firstName, lastName: choice.lastName, patientId };
    } else {
      patient = { firstName: choice.firstName, lastName: choice.lastName };
    }
    await tx.update(lineItemGroups).set({ patient, updatedAt: new Date() }).where(eq(lineItemGroups.id, groupId));
    return { status: "saved" } as const;
  });
}

import { and, asc, desc, eq, inArray, notInArray } from "drizzle-orm";
import { addressLines } from "~/models/address";
import { isVerificationStatus } from "~/models/address-verification";
import { isCardExpired } from "~/models/card";
import { cardChoices, type CardChoice } from "~/models/card-choice";
import { PRODUCT_TYPE } from "~/models/catalog";
import { EYE_LABELS, EYE_NAMES } from "~/models/lens-parameters";
import { DELETED_CODE, TEST_CODE } from "~/models/order-status";
import { fullName } from "~/models/patient";
import {
  eyeParameterList,
  isExpired,
  prescriptionProductIds,
  unusableReason,
  type PrescriptionEyeRecord,
} from "~/models/prescriptions";
import { lineChoices, RAPID_REORDER_MESSAGES, type RapidReorderChoice } from "~/models/rapid-reorder";
import type { AppliedInsuranceBenefit } from "~/models/insurance";
import { isShippingLevel } from "~/models/shipping";
import { businessToday } from "~/models/subscription";
import { quantityOptions } from "~/models/supply";
import { addGroup, createCart, withCartLock } from "../cart/cart.server";
import { setShippingLevel } from "../cart/cart-changes.server";
import { carryBenefit } from "../cart/cart-insurance.server";
import { pricedCart, type PricedCart, type Shopper } from "../cart/cart-pricing.server";
import { matchSku } from "../catalog/catalog.server";
import type { Database } from "../db/client.server";
import { carts, doctors, lineItemGroups, orderGroups, orderLines, orders, skus } from "../db/schema";
import { listCustomerPrescriptions, type PrescriptionRow } from "../prescriptions/prescription-records.server";
import { addPlannedGroup, planOrderAgain, type OrderAgainPlan } from "../prescriptions/wallet-cart.server";
import { walletProducts, type WalletProduct } from "../prescriptions/wallet.server";
import { setCartShippingAddress, shippableAddressBook } from "../funnel/checkout-address.server";
import { walletOf } from "./payment-methods.server";
import type { OrderServices } from "./order-confirmation.server";
import { placeOrder, type PlaceOrderResult } from "./place-order.server";

/**
 * The rapid reorder (decision 34): the customer's last order read back as a cart — the same lenses, parameters and
 * patient on a usable wallet prescription (the wallet's 'Order again' plans each lens group), the solution as it was
 * — with the chosen quantities, saved address and shipping method. Its totals are the cart's pricing of that cart,
 * built inside a transaction that is rolled back (a GET writes nothing); placing builds it for real as a cart that
 * belongs to no one and hands it to checkout's placeOrder with the page's idempotency key, as the reorder runner does.
 */

export interface RapidLine {
  groupIndex: number;
  whichEye: "right" | "left" | "none";
  productId: number;
  productName: string;
  /** 'Right eye (OD)', or null for solution. */
  eyeLabel: string | null;
  parameters: string[];
  lastQuantity: number;
  /** The quantities the line may take (0 leaves it out). */
  options: number[];
}

export interface RapidGroup {
  type: "Lens" | "Solution";
  patientName: string | null;
  /** The wallet prescription the lenses are sent on (lens groups). */
  prescriptionId: number | null;
  /** The last order's doctor, when still listed (used when the prescription names none). */
  doctorId: number | null;
  expiresOn: string | null;
}

export type RapidReorderProblem =
  | { kind: "no-order" }
  | { kind: "unavailable"; names: string[] }
  | { kind: "out-of-stock"; names: string[] }
  | { kind: "prescription"; expired: boolean; patientName: string }
  | { kind: "no-address" }
  | { kind: "no-card" };

export interface RapidReorderBasis {
  orderNumber: string;
  groups: RapidGroup[];
  lines: RapidLine[];
  addresses: Array<{ id: number; lines: string[] }>;
  cards: CardChoice[];
  defaults: RapidReorderChoice;
  /** The address snapshots the cart may take, by address id. */
  snapshots: Map<number, Parameters<typeof setCartShippingAddress>[2]>;
}

export type BasisResult = { ok: true; basis: RapidReorderBasis } | { ok: false; problem: RapidReorderProblem };

/** The customer's last placed order (paid; not deleted or a test), or null. */
async function lastOrder(db: Database, customerId: number) {
  const [row] = await db
    .select({
      id: orders.id,
      orderNumber: orders.orderNumber,
      shippingLevel: orders.shippingLevel,
      address: orders.shippingAddress,
    })
    .from(orders)
    .where(
      and(
        eq(orders.customerId, customerId),
        eq(orders.paymentState, "paid"),
        notInArray(orders.statusCode, [DELETED_CODE, TEST_CODE]),
      ),
    )
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(1);
  return row ?? null;
}

type LastGroup = typeof orderGroups.$inferSelect & { lines: Array<typeof orderLines.$inferSelect> };

async function lastOrderGroups(db: Database, orderId: number): Promise<LastGroup[]> {
  const rows = await db
    .select({ group: orderGroups, line: orderLines })
    .from(orderGroups)
    .innerJoin(orderLines, eq(orderLines.orderGroupId, orderGroups.id))
    .where(eq(orderGroups.orderId, orderId))
    .orderBy(asc(orderGroups.position), asc(orderLines.id));
  const groups = new Map<number, LastGroup>();
  for (const { group, line } of rows) {
    const entry = groups.get(group.id) ?? { ...group, lines: [] };
    entry.lines.push(line);
    groups.set(group.id, entry);
  }
  return [...groups.values()];
}

/**
 * The wallet prescription a lens group is reordered on: the one recorded with the last order if it is usable, else
 * the patient's other usable prescription holding the same lens on each ordered eye (the latest expiring first).
 */
function prescriptionFor(
  group: LastGroup,
  wallet: readonly PrescriptionRow[],
  catalog: ReadonlyMap<number, WalletProduct>,
  today: string,
): { usable: PrescriptionRow | null; own: PrescriptionRow | null } {
  const own = wallet.find((row) => row.id === group.prescriptionId) ?? null;
  const name = group.patient ? fullName(group.patient).toLowerCase() : null;
  const fits = (row: PrescriptionRow) =>
    group.lines.every((line) => {
      const record = line.whichEye === "right" ? row.rightEye : line.whichEye === "left" ? row.leftEye : null;
      return record?.productId === line.productId;
    });
  const samePatient = (row: PrescriptionRow) =>
    name === null ||
    fullName({ firstName: row.patientFirstName, lastName: row.patientLastName }).toLowerCase() === name;
  const candidates = [
    ...(own ? [own] : []),
    ...wallet
      .filter((row) => row !== own && samePatient(row) && fits(row))
      .sort((a, b) => (b.expirationDate ?? "9999").localeCompare(a.expirationDate ?? "9999")),
  ];
  const usable = candidates.find((row) => fits(row) && unusableReason(row, null, catalog, today) === null) ?? null;
  return { usable, own };
}

const eyeRecord = (row: PrescriptionRow, eye: string): PrescriptionEyeRecord | null =>
  eye === "right" ? row.rightEye : eye === "left" ? row.leftEye : null;

/**
 * What the rapid reorder page offers, or why it cannot: no order yet; a product discontinued or out of stock (named);
 * a patient without a usable prescription; no saved address; no usable card.
 */
export async function rapidReorderBasis(
  db: Database,
  customer: { id: number; firstName: string; lastName: string },
  now: Date = new Date(),
): Promise<BasisResult> {
  const order = await lastOrder(db, customer.id);
  if (!order) return { ok: false, problem: { kind: "no-order" } };
  const [groups, wallet, book, cards] = await Promise.all([
    lastOrderGroups(db, order.id),
    listCustomerPrescriptions(db, customer.id),
    shippableAddressBook(db, customer),
    walletOf(db, customer.id),
  ]);
  if (groups.length === 0) return { ok: false, problem: { kind: "no-order" } };
  const productIds = groups.flatMap((group) => group.lines.map((line) => line.productId));
  const catalog = await walletProducts(db, [...productIds, ...wallet.flatMap((row) => prescriptionProductIds(row))]);
  const today = businessToday(now);

  const unavailable = new Set<string>();
  for (const group of groups) {
    for (const line of group.lines) {
      const product = catalog.get(line.productId);
      if (!product || product.discontinuedInCatalog || product.isHidden) unavailable.add(line.productName);
    }
  }
  if (unavailable.size > 0) return { ok: false, problem: { kind: "unavailable", names: [...unavailable] } };

  // Each lens group's prescription, which fixes the lenses' UPCs and parameters.
  const chosen = new Map<number, PrescriptionRow>();
  for (const group of groups) {
    if (group.type !== "Lens") continue;
    const { usable, own } = prescriptionFor(group, wallet, catalog, today);
    const patientName = group.patient ? fullName(group.patient) : `${customer.firstName} ${customer.lastName}`.trim();
    if (!usable) {
      const expired = own ? isExpired(own.expirationDate, today) : false;
      return { ok: false, problem: { kind: "prescription", expired, patientName } };
    }
    chosen.set(group.id, usable);
  }

  // Stock: each line's SKU as it would be ordered (the prescription's UPC for lenses, the product's for solution).
  const upcOf = (group: LastGroup, line: LastGroup["lines"][number]) => {
    const prescription = chosen.get(group.id);
    return prescription ? (eyeRecord(prescription, line.whichEye)?.upc ?? line.upc) : line.upc;
  };
  const upcs = groups.flatMap((group) => group.lines.map((line) => upcOf(group, line)));
  const stock = await db
    .select({ upc: skus.upc, isActive: skus.isActive, stockQuantity: skus.stockQuantity })
    .from(skus)
    .where(inArray(skus.upc, upcs));
  const stockBy = new Map(stock.map((row) => [row.upc, row]));
  const soldOut = new Set<string>();
  for (const group of groups) {
    for (const line of group.lines) {
      const sku = stockBy.get(upcOf(group, line));
      if (!sku || !sku.isActive) unavailable.add(line.productName);
      else if (sku.stockQuantity <= 0) soldOut.add(line.productName);
    }
  }
  if (unavailable.size > 0) return { ok: false, problem: { kind: "unavailable", names: [...unavailable] } };
  if (soldOut.size > 0) return { ok: false, problem: { kind: "out-of-stock", names: [...soldOut] } };

  const shippable = book.filter((entry) => entry.problem === null);
  if (shippable.length === 0) return { ok: false, problem: { kind: "no-address" } };
  const usableCards = cards.cards.filter((card) => !isCardExpired(card.expirationMonth, card.expirationYear, now));
  if (usableCards.length === 0) return { ok: false, problem: { kind: "no-card" } };

  const doctorIds = groups.flatMap((group) => (group.doctor ? [group.doctor.id] : []));
  const listedDoctors =
    doctorIds.length === 0
      ? new Set<number>()
      : new Set(
          (await db.select({ id: doctors.id }).from(doctors).where(inArray(doctors.id, doctorIds))).map(
            (row) => row.id,
          ),
        );

  const rapidGroups: RapidGroup[] = [];
  const lines: RapidLine[] = [];
  groups.forEach((group, groupIndex) => {
    const prescription = chosen.get(group.id) ?? null;
    rapidGroups.push({
      type: group.type === "Lens" ? "Lens" : "Solution",
      patientName: group.type === "Lens" && group.patient ? fullName(group.patient) : null,
      prescriptionId: prescription?.id ?? null,
      doctorId: group.doctor && listedDoctors.has(group.doctor.id) ? group.doctor.id : null,
      expiresOn: prescription?.expirationDate ?? null,
    });
    for (const line of group.lines) {
      const product = catalog.get(line.productId)!;
      const solution = product.productType === PRODUCT_TYPE.solution;
      const record = prescription ? eyeRecord(prescription, line.whichEye) : null;
      const eye = line.whichEye === "right" || line.whichEye === "left" ? line.whichEye : null;
      lines.push({
        groupIndex,
        whichEye: eye ?? "none",
        productId: line.productId,
        productName: product.displayName,
        eyeLabel: eye ? `${EYE_NAMES[eye]} (${EYE_LABELS[eye]})` : null,
        parameters: eyeParameterList(record?.parameters ?? line.selectedParameters).map(
          ({ label, value }) => `${label} ${value}`,
        ),
        lastQuantity: line.quantity,
        options: lineChoices(
          quantityOptions({
            productType: solution ? "solution" : "lens",
            isColor: product.categories.includes("color"),
            wearTimeDays: product.wearTimeDays,
            quantityPerPackage: product.quantityPerPackage,
            maximumQuantity: product.maximumQuantity,
          }),
          line.quantity,
        ),
      });
    }
  });

  const lastAddressId = order.address.addressId;
  const defaultAddress =
    shippable.find((entry) => entry.saved.id === lastAddressId) ??
    shippable.find((entry) => entry.saved.isPrimary) ??
    shippable[0]!;
  const defaultCard = usableCards.find((card) => card.id === cards.selected?.id) ?? usableCards[0]!;
  const snapshots = new Map(
    shippable.map(({ saved, address }) => [
      saved.id,
      {
        ...address,
        address2: address.address2 ?? "",
        phone: address.phone ?? null,
        verificationStatus: isVerificationStatus(saved.verificationStatus)
          ? saved.verificationStatus
          : "NeedsVerification",
        addressId: saved.id,
      },
    ]),
  );
  return {
    ok: true,
    basis: {
      orderNumber: order.orderNumber,
      groups: rapidGroups,
      lines,
      addresses: shippable.map(({ saved, address }) => ({ id: saved.id, lines: addressLines(address) })),
      cards: cardChoices(usableCards, now),
      defaults: {
        quantities: lines.map((line) => line.lastQuantity),
        addressId: defaultAddress.saved.id,
        shippingLevel: isShippingLevel(order.shippingLevel) ? order.shippingLevel : 0,
        paymentMethodId: defaultCard.id,
      },
      snapshots: snapshots as RapidReorderBasis["snapshots"],
    },
  };
}

/** Whether the choice names this customer's own address and card (the form could name anyone's). */
export function choiceProblems(basis: RapidReorderBasis, choice: RapidReorderChoice) {
  return {
    address: basis.addresses.some((address) => address.id === choice.addressId),
    card: basis.cards.some((card) => card.id === choice.paymentMethodId),
    quantities:
      choice.quantities.length === basis.lines.length &&
      choice.quantities.every((quantity, index) => basis.lines[index]!.options.includes(quantity)) &&
      choice.quantities.some((quantity) => quantity > 0),
  };
}

type Filled = { ok: true; groupIds: Array<string | null> } | { ok: false; message: string };

/**
 * Puts the reorder into a cart: each lens group planned by the wallet's 'Order again' (its checks: usable
 * prescription, offered quantity, SKU in stock) with its patient, doctor and prescription; solution as last ordered;
 * a group whose every quantity is 0 is left out. Then the address, the shipping method, and the insurance benefit the
 * reorder takes (decision 65: the one applied to the customer's cart, when the page offers insurance), if any.
 */
async function fillCart(
  db: Database,
  cartId: string,
  customerId: number,
  basis: RapidReorderBasis,
  choice: RapidReorderChoice,
  now: Date,
  benefit: AppliedInsuranceBenefit | null,
): Promise<Filled> {
  const planned: Array<{ index: number; lens?: OrderAgainPlan; solution?: Parameters<typeof addGroup>[2] } | null> = [];
  for (const [index, group] of basis.groups.entries()) {
    const lines = basis.lines.flatMap((line, lineIndex) =>
      line.groupIndex === index ? [{ line, quantity: choice.quantities[lineIndex] ?? 0 }] : [],
    );
    if (lines.every(({ quantity }) => quantity === 0)) {
      planned.push(null);
      continue;
    }
    if (group.type === "Lens") {
      const quantityOf = (eye: "right" | "left") => lines.find(({ line }) => line.whichEye === eye)?.quantity ?? 0;
      const result = await planOrderAgain(
        db,
        customerId,
        {
          prescriptionId: group.prescriptionId!,
          isSubscription: false,
          rightEyeQuantity: quantityOf("right"),
          leftEyeQuantity: quantityOf("left"),
        },
        now,
      );
      if (!result.ok) return { ok: false, message: result.message };
      planned.push({ index, lens: result.plan });
      continue;
    }
    const items: Parameters<typeof addGroup>[2]["items"] = [];
    for (const { line, quantity } of lines) {
      if (quantity === 0) continue;
      const sku = await matchSku(db, line.productId, {});
      if (!sku || !sku.isActive) return { ok: false, message: RAPID_REORDER_MESSAGES.unavailable([line.productName]) };
      if (sku.stockQuantity < quantity) {
        return { ok: false, message: RAPID_REORDER_MESSAGES.outOfStock([line.productName]) };
      }
      items.push({ whichEye: "none", productId: line.productId, upc: sku.upc, quantity, parameters: {} });
    }
    planned.push({ index, solution: { type: "Solution", items, autoReorderFrequencyDays: null } });
  }

  const groupIds: Array<string | null> = [];
  for (const entry of planned) {
    if (!entry) {
      groupIds.push(null);
    } else if (entry.lens) {
      const groupId = await addPlannedGroup(db, cartId, entry.lens);
      const doctorId = basis.groups[entry.index]!.doctorId;
      if (entry.lens.doctorId === null && doctorId !== null) {
        await withCartLock(db, cartId, (tx) =>
          tx.update(lineItemGroups).set({ doctorId }).where(eq(lineItemGroups.id, groupId)),
        );
      }
      groupIds.push(groupId);
    } else {
      groupIds.push(await addGroup(db, cartId, entry.solution!));
    }
  }
  await setCartShippingAddress(db, cartId, basis.snapshots.get(choice.addressId)!);
  await setShippingLevel(db, cartId, choice.shippingLevel);
  if (benefit) await carryBenefit(db, cartId, benefit);
  return { ok: true, groupIds };
}

/** Carries a rolled-back transaction's answer out of it. */
class Scratch<T> extends Error {
  constructor(readonly value: T) {
    super("scratch cart rolled back");
  }
}

export type RapidTotals =
  { ok: true; priced: PricedCart; groupIds: Array<string | null> } | { ok: false; message: string };

/**
 * The reorder priced exactly as checkout prices a cart: the cart is built and priced inside a transaction that is
 * then rolled back, so nothing is written.
 */
export async function rapidReorderTotals(
  services: Pick<OrderServices, "db" | "tax">,
  customerId: number,
  basis: RapidReorderBasis,
  choice: RapidReorderChoice,
  shopper: Shopper,
  now: Date = new Date(),
  benefit: AppliedInsuranceBenefit | null = null,
): Promise<RapidTotals> {
  try {
    await services.db.transaction(async (tx) => {
      const db = tx as unknown as Database;
      const cartId = await createCart(db, null);
      const filled = await fillCart(db, cartId, customerId, basis, choice, now, benefit);
      if (!filled.ok) throw new Scratch<RapidTotals>(filled);
      const priced = await pricedCart({ db: tx, tax: services.tax }, cartId, shopper, now);
      throw new Scratch<RapidTotals>({ ok: true, priced, groupIds: filled.groupIds });
    });
  } catch (error) {
    if (error instanceof Scratch) return error.value as RapidTotals;
    throw error;
  }
  throw new Error("unreachable");
}

/**
 * Whether an order was placed with this idempotency key: a resubmit of it is answered with that order, even when what
 * it took (its insurance benefit) changed the totals the page would show now.
 */
export async function placedWithKey(db: Database, idempotencyKey: string): Promise<boolean> {
  const [row] = await db
    .select({ id: orders.id })
    .from(orders)
    .where(eq(orders.idempotencyKey, idempotencyKey))
    .limit(1);
  return row !== undefined;
}

/**
 * Places the reorder through checkout's placeOrder (prices, promotions, tax, stock, payment, e-mail, idempotency). A
 * resubmit with the same key answers with the order already placed, before anything is built; otherwise the cart is
 * built (owned by no one, so no sign-in or cart API picks it up) and deleted afterwards, whatever happened.
 */
export async function placeRapidReorder(
  services: OrderServices,
  input: {
    customer: { id: number; email: string; firstName: string };
    basis: RapidReorderBasis;
    choice: RapidReorderChoice;
    idempotencyKey: string;
    shopper: Shopper;
    now?: Date;
    /** The insurance benefit the reorder takes, as its totals showed it (benefitForAnotherOrder). */
    benefit?: AppliedInsuranceBenefit | null;
  },
): Promise<PlaceOrderResult> {
  const { db } = services;
  const now = input.now ?? new Date();
  const order = {
    customer: input.customer,
    idempotencyKey: input.idempotencyKey,
    paymentMethodId: input.choice.paymentMethodId,
    shopper: input.shopper,
    now,
  };
  const placedBefore = async () => {
    const [row] = await db
      .select({ id: orders.id })
      .from(orders)
      .where(eq(orders.idempotencyKey, input.idempotencyKey));
    // placeOrder answers a known key (its order, a pending one finished, or someone else's refused) without the cart.
    return row ? placeOrder(services, { ...order, cartId: "rapid-reorder:placed" }) : null;
  };
  const known = await placedBefore();
  if (known) return known;

  const cartId = await createCart(db, null);
  try {
    const filled = await fillCart(db, cartId, input.customer.id, input.basis, input.choice, now, input.benefit ?? null);
    if (!filled.ok) return (await placedBefore()) ?? { ok: false, reason: "sold-out", message: filled.message };
    return await placeOrder(services, { ...order, cartId });
  } finally {
    await db
      .delete(carts)
      .where(eq(carts.id, cartId))
      .catch((error: unknown) => services.logger.error({ err: error, cartId }, "rapid reorder cart not deleted"));
  }
}

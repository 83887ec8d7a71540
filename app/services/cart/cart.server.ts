import { randomUUID } from "node:crypto";
import { and, count, desc, eq, inArray, or, sql } from "drizzle-orm";
import type { PriceBook } from "~/models/catalog";
import {
  addEyeItem,
  cartDisplayCount,
  GroupRuleError,
  normalizeGroup,
  otherEyeNeeded,
  removeItem,
  rxEntryType,
  setItemQuantity,
  type Eye,
  type GroupType,
  type LineItemGroupState,
  type LineItemState,
} from "~/models/line-item-group";
import type { PatientName } from "~/models/patient";
import { lineQuantityOptions } from "~/models/supply";
import { cartViewOf, readCart, readGroups, type CartRead, type CartView } from "./cart-read.server";
import { together, type Database, type Executor, type Transaction } from "../db/client.server";
import { brands, carts, coupons, lineItemGroups, lineItems, products, skus } from "../db/schema";

export class CartNotFoundError extends Error {
  override name = "CartNotFoundError";
}

/**
 * Runs one change to a cart under its row lock and bumps its version, so concurrent changes to the same cart
 * are applied one after the other and a failed change rolls back whole.
 */
export async function withCartLock<T>(
  db: Database,
  cartId: string,
  change: (tx: Transaction) => Promise<T>,
): Promise<T> {
  return db.transaction(async (tx) => {
    const [locked] = await tx.select({ id: carts.id }).from(carts).where(eq(carts.id, cartId)).for("update");
    if (!locked) throw new CartNotFoundError(`cart ${cartId} not found`);
    const result = await change(tx);
    await tx
      .update(carts)
      .set({ version: sql`${carts.version} + 1`, updatedAt: new Date() })
      .where(eq(carts.id, cartId));
    return result;
  });
}

export async function createCart(db: Database, customerId: number | null = null): Promise<string> {
  const id = randomUUID();
  await db.insert(carts).values({ id, customerId });
  return id;
}

/** The customer's most recently changed cart (the one every device and app client of theirs shares), or null. */
export async function latestCustomerCartId(db: Executor, customerId: number): Promise<string | null> {
  const [row] = await db
    .select({ id: carts.id })
    .from(carts)
    .where(eq(carts.customerId, customerId))
    .orderBy(desc(carts.updatedAt), desc(carts.id))
    .limit(1);
  return row?.id ?? null;
}

/** Whose a cart is: undefined when there is no such cart, null when it is a guest's. */
export async function cartOwner(db: Executor, cartId: string): Promise<number | null | undefined> {
  const [row] = await db.select({ customerId: carts.customerId }).from(carts).where(eq(carts.id, cartId));
  return row ? row.customerId : undefined;
}

export async function cartExists(db: Database, cartId: string): Promise<boolean> {
  const [row] = await db.select({ id: carts.id }).from(carts).where(eq(carts.id, cartId));
  return row !== undefined;
}

export interface NewLineItem {
  whichEye: Eye | "none";
  productId: number;
  /** Null while the prescription is still to be entered (the RxDetails step resolves it). */
  upc: string | null;
  quantity: number;
  parameters: Record<string, string>;
}

export interface NewLineItemGroup {
  type: GroupType;
  items: NewLineItem[];
  autoReorderFrequencyDays: number | null;
}

/** Adds a line item group (one patient's lenses, or solution) at the end of the cart. */
export async function addGroup(db: Database, cartId: string, input: NewLineItemGroup): Promise<string> {
  return withCartLock(db, cartId, (tx) => insertGroup(tx, cartId, input));
}

/** Adds a line item group at the end of the cart, inside the caller's cart lock. */
export async function insertGroup(tx: Transaction, cartId: string, input: NewLineItemGroup): Promise<string> {
  const [position] = await tx
    .select({ next: sql<number>`coalesce(max(${lineItemGroups.position}), -1) + 1` })
    .from(lineItemGroups)
    .where(eq(lineItemGroups.cartId, cartId));
  const brandOf = await brandSlugs(
    tx,
    input.items.map((item) => item.productId),
  );
  const group = normalizeGroup({
    id: randomUUID(),
    type: input.type,
    autoReorderFrequencyDays: input.autoReorderFrequencyDays,
    submitAndSkipImageId: null,
    items: input.items.map((item) => newLineState(item, brandOf)),
  });
  await tx.insert(lineItemGroups).values({
    id: group.id,
    cartId,
    position: Number(position?.next ?? 0),
    type: group.type,
    autoReorderFrequencyDays: group.autoReorderFrequencyDays,
    rxEntryType: rxEntryType(group),
  });
  await tx.insert(lineItems).values(group.items.map((item) => lineItemRow(group.id, group.type, item)));
  return group.id;
}

/** A new line of a group, with the brand its product is of (the eye rule compares brands). */
function newLineState(item: NewLineItem, brandOf: ReadonlyMap<number, string>): LineItemState {
  return {
    id: randomUUID(),
    whichEye: item.whichEye,
    productId: item.productId,
    brandSlug: brandOf.get(item.productId) ?? "",
    upc: item.upc,
    quantity: item.quantity,
    parameters: item.parameters,
  };
}

/** The line_items row of a group's line. */
function lineItemRow(groupId: string, type: GroupType, item: LineItemState): typeof lineItems.$inferInsert {
  return {
    id: item.id,
    groupId,
    whichEye: item.whichEye,
    productId: item.productId,
    upc: item.upc,
    quantity: item.quantity,
    selectedParameters: { ...item.parameters },
    classification: type === "Solution" ? "solution" : "lens",
  };
}

/** The brand of each product (auto-reorder goes when a group's two eyes are of different brands). */
async function brandSlugs(tx: Executor, productIds: number[]): Promise<Map<number, string>> {
  const rows = await tx
    .select({ productId: products.id, brandSlug: brands.slug })
    .from(products)
    .innerJoin(brands, eq(brands.id, products.brandId))
    .where(inArray(products.id, productIds));
  return new Map(rows.map((row) => [row.productId, row.brandSlug]));
}

export type AddEyeOutcome = { ok: true } | { ok: false; reason: "no-group" | "eye-not-needed"; message: string };

/** A refused add, thrown inside the cart's lock so that nothing (not even the version) changes. */
class AddEyeRefused extends Error {
  constructor(readonly outcome: Extract<AddEyeOutcome, { ok: false }>) {
    super(outcome.message);
  }
}

/**
 * Spec 2 §4 eye rule: lens items added to a lens group of the cart, each for an eye the group still needs (one eye
 * present: the other is needed), under the cart's lock. The group keeps its patient, doctor and prescription; its
 * auto-reorder goes when the two eyes are now of different brands.
 */
export async function addEyeItems(
  db: Database,
  cartId: string,
  groupId: string,
  items: NewLineItem[],
): Promise<AddEyeOutcome> {
  try {
    return await withCartLock(db, cartId, async (tx) => {
      const group = (await readGroups(tx, cartId)).find((candidate) => candidate.id === groupId);
      if (!group || group.type !== "Lens") {
        throw new AddEyeRefused({ ok: false, reason: "no-group", message: "no such lens group" });
      }
      const brandOf = await brandSlugs(
        tx,
        items.map((item) => item.productId),
      );
      let next: LineItemGroupState = group;
      const added: LineItemState[] = [];
      for (const item of items) {
        const line = newLineState(item, brandOf);
        try {
          next = addEyeItem(next, line);
        } catch (error) {
          if (!(error instanceof GroupRuleError)) throw error;
          throw new AddEyeRefused({ ok: false, reason: "eye-not-needed", message: error.message });
        }
        added.push(line);
      }
      await tx.insert(lineItems).values(added.map((item) => lineItemRow(groupId, "Lens", item)));
      await tx
        .update(lineItemGroups)
        .set({
          autoReorderFrequencyDays: next.autoReorderFrequencyDays,
          rxEntryType: rxEntryType(next),
          updatedAt: new Date(),
        })
        .where(eq(lineItemGroups.id, groupId));
      return { ok: true } as const;
    });
  } catch (error) {
    if (error instanceof AddEyeRefused) return error.outcome;
    throw error;
  }
}

/**
 * The eye a lens group of the cart needs by the eye rule (see `otherEyeNeeded`), with the group's patient, for the
 * product page that adds it; null when the cart has no such group or it needs no single eye.
 */
export async function eyeNeededByGroup(
  db: Executor,
  cartId: string,
  groupId: string,
): Promise<{ eye: Eye; patient: PatientName | null } | null> {
  const group = (await readGroups(db, cartId)).find((candidate) => candidate.id === groupId);
  const eye = group ? otherEyeNeeded(group) : null;
  return group && eye ? { eye, patient: group.patient } : null;
}

/** Writes a group back after a rule changed it (null: the group is gone). */
async function saveGroup(tx: Transaction, before: LineItemGroupState, after: LineItemGroupState | null) {
  if (!after) {
    await tx.delete(lineItemGroups).where(eq(lineItemGroups.id, before.id));
    return;
  }
  const kept = new Set(after.items.map((item) => item.id));
  const removed = before.items.filter((item) => !kept.has(item.id)).map((item) => item.id);
  if (removed.length > 0) await tx.delete(lineItems).where(inArray(lineItems.id, removed));
  for (const item of after.items) {
    const previous = before.items.find((candidate) => candidate.id === item.id);
    if (previous && previous.quantity !== item.quantity) {
      await tx
        .update(lineItems)
        .set({ quantity: item.quantity, updatedAt: new Date() })
        .where(eq(lineItems.id, item.id));
    }
  }
  await tx
    .update(lineItemGroups)
    .set({
      autoReorderFrequencyDays: after.autoReorderFrequencyDays,
      rxEntryType: rxEntryType(after),
      updatedAt: new Date(),
    })
    .where(eq(lineItemGroups.id, after.id));
}

export class CartItemsError extends Error {
  override name = "CartItemsError";
}

/**
 * Sets every item's quantity at once, as an API client's modified cart states them (items left out are removed;
 * the group goes with its last item) — or, `partial`, only the items named (the others stay as they are). Runs
 * inside the caller's cart lock. Refuses an unknown item or a quantity the line does not offer, before anything is
 * written.
 */
export async function setItemQuantities(
  tx: Transaction,
  cartId: string,
  priceBook: PriceBook,
  quantities: ReadonlyMap<string, number>,
  { partial = false }: { partial?: boolean } = {},
): Promise<void> {
  // One read for both: the lines as the cart page offers their quantities, and the groups the rules change.
  const read = await readCart(tx, cartId, priceBook);
  const view = cartViewOf(cartId, read);
  const groups = read?.groups ?? [];
  const lines = new Map(view.groups.flatMap((group) => group.items).map((line) => [line.id, line]));
  for (const [itemId, quantity] of quantities) {
    const line = lines.get(itemId);
    if (!line) throw new CartItemsError(`Item ${itemId} is not in this cart.`);
    if (quantity !== line.quantity && !lineQuantityOptions(line, line.quantity).includes(quantity)) {
      throw new CartItemsError(`Quantity ${quantity} is not offered for item ${itemId}.`);
    }
  }
  for (const group of groups) {
    let next: LineItemGroupState | null = group;
    for (const item of group.items) {
      if (!next) break;
      const quantity = quantities.get(item.id);
      if (quantity === undefined) next = partial ? next : removeItem(next, item.id);
      else next = setItemQuantity(next, item.id, quantity);
    }
    if (next !== group) await saveGroup(tx, group, next);
  }
}

/** Changes one item's quantity (zero removes it; the group goes with its last item). */
export async function changeItemQuantity(db: Database, cartId: string, itemId: string, quantity: number) {
  return withCartLock(db, cartId, async (tx) => {
    const group = (await readGroups(tx, cartId)).find((candidate) =>
      candidate.items.some((item) => item.id === itemId),
    );
    if (!group) return false;
    await saveGroup(tx, group, setItemQuantity(group, itemId, quantity));
    return true;
  });
}

export async function removeCartItem(db: Database, cartId: string, itemId: string) {
  return withCartLock(db, cartId, async (tx) => {
    const group = (await readGroups(tx, cartId)).find((candidate) =>
      candidate.items.some((item) => item.id === itemId),
    );
    if (!group) return false;
    await saveGroup(tx, group, removeItem(group, itemId));
    return true;
  });
}

/**
 * Spec 2 §4: discontinued items are removed (one discontinued eye removes that eye's item; all discontinued
 * removes the group). A line is discontinued when its product is discontinued in the catalog or its SKU is no
 * longer active. Returns the names of the products removed, for the notice to the shopper.
 */
export async function removeDiscontinuedItems(db: Database, cartId: string): Promise<string[]> {
  const discontinued = await db
    .select({ itemId: lineItems.id })
    .from(lineItems)
    .innerJoin(lineItemGroups, eq(lineItemGroups.id, lineItems.groupId))
    .innerJoin(products, eq(products.id, lineItems.productId))
    .leftJoin(skus, eq(skus.upc, lineItems.upc))
    .where(
      and(eq(lineItemGroups.cartId, cartId), or(eq(products.discontinuedInCatalog, true), eq(skus.isActive, false))),
    );
  // The common case (nothing discontinued) costs one read and takes no lock.
  if (discontinued.length === 0) return [];
  const ids = new Set(discontinued.map((row) => row.itemId));
  return withCartLock(db, cartId, async (tx) => {
    const removedProducts: number[] = [];
    for (const group of await readGroups(tx, cartId)) {
      let next: LineItemGroupState | null = group;
      for (const item of group.items) {
        if (!ids.has(item.id) || !next) continue;
        next = removeItem(next, item.id);
        removedProducts.push(item.productId);
      }
      if (next !== group) await saveGroup(tx, group, next);
    }
    if (removedProducts.length === 0) return [];
    const names = await tx
      .select({ id: products.id, name: products.displayName })
      .from(products)
      .where(inArray(products.id, removedProducts));
    return [...new Set(names.map((row) => row.name))];
  });
}

/** The header's count of a cart already read (`readCart`): one per lens group, one for solution. */
export function cartCountOf(read: CartRead | null): number {
  return cartDisplayCount((read?.groups ?? []).map((group) => ({ type: group.type, itemCount: group.items.length })));
}

/** The header's count (one per lens group, one for solution), cheap enough for every page. */
export async function cartCount(db: Database, cartId: string): Promise<number> {
  const rows = await db
    .select({ type: lineItemGroups.type, items: count(lineItems.id) })
    .from(lineItemGroups)
    .leftJoin(lineItems, eq(lineItems.groupId, lineItemGroups.id))
    .where(eq(lineItemGroups.cartId, cartId))
    .groupBy(lineItemGroups.id, lineItemGroups.type);
  return cartDisplayCount(rows.map((row) => ({ type: row.type as GroupType, itemCount: Number(row.items) })));
}

/** The cart as the cart page shows it, priced in the shopper's price book (one query: `readCart`). */
export async function cartView(db: Executor, cartId: string, priceBook: PriceBook): Promise<CartView> {
  return cartViewOf(cartId, await readCart(db, cartId, priceBook));
}
export type { CartView };

/** What makes two groups the same order: type and the (eye, UPC, quantity) of each item. */
function groupSignature(group: LineItemGroupState): string {
  const items = group.items.map((item) => `${item.whichEye}:${item.upc}:${item.quantity}`).sort();
  return `${group.type}|${items.join(",")}`;
}

/**
 * On sign-in the anonymous cart joins the customer's: with no cart of their own it simply becomes theirs;
 * otherwise its groups move over (none lost), except those the customer's cart already has (no duplicates).
 * Returns the cart id the session should now hold.
 */
export async function adoptCart(db: Database, anonymousCartId: string | undefined, customerId: number) {
  const [owned] = await db
    .select({ id: carts.id })
    .from(carts)
    .where(eq(carts.customerId, customerId))
    .orderBy(desc(carts.updatedAt))
    .limit(1);
  const [anonymous] = anonymousCartId
    ? await db
        .select({ id: carts.id, customerId: carts.customerId, couponId: carts.couponId })
        .from(carts)
        .where(eq(carts.id, anonymousCartId))
    : [];
  if (!anonymous || anonymous.customerId !== null) return owned?.id;
  if (!owned) {
    await db.update(carts).set({ customerId, updatedAt: new Date() }).where(eq(carts.id, anonymous.id));
    return anonymous.id;
  }
  await withCartLock(db, owned.id, async (tx) => {
    const [ownGroups, incoming] = await together(tx, [
      () => readGroups(tx, owned.id),
      () => readGroups(tx, anonymous.id),
    ]);
    const known = new Set(ownGroups.map(groupSignature));
    let position = ownGroups.length;
    for (const group of incoming) {
      if (known.has(groupSignature(group))) continue;
      await tx
        .update(lineItemGroups)
        .set({ cartId: owned.id, position: position++, updatedAt: new Date() })
        .where(eq(lineItemGroups.id, group.id));
      known.add(groupSignature(group));
    }
    // A coupon entered before signing in comes along when the customer's cart has none (single-use codes rebind).
    const [owner] = await tx.select({ couponId: carts.couponId }).from(carts).where(eq(carts.id, owned.id));
    if (anonymous.couponId !== null && owner?.couponId === null) {
      await tx.update(carts).set({ couponId: anonymous.couponId }).where(eq(carts.id, owned.id));
      await tx
        .update(coupons)
        .set({ redeemedCartId: owned.id })
        .where(and(eq(coupons.id, anonymous.couponId), eq(coupons.redeemedCartId, anonymous.id)));
    }
    await tx.delete(carts).where(eq(carts.id, anonymous.id));
  });
  return owned.id;
}

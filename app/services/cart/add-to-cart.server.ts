import { ORDER_MESSAGES, fieldName, type LensOrder, type SolutionOrder } from "~/models/product-order";
import { eq } from "drizzle-orm";
import { addGroup, cartOwner, createCart, latestCustomerCartId, type NewLineItem } from "./cart.server";
import { carts } from "../db/schema";
import { matchSku, PRODUCT_TYPE, type ProductDetail } from "../catalog/catalog.server";
import type { Database } from "../db/client.server";
import type { StoreSession } from "../platform/session.server";

export type FieldErrors = Record<string, string[]>;

/** A line matched to its SKU. */
type ResolvedLineItem = NewLineItem & { upc: string };

/**
 * Resolves each eye's parameters to its UPC (the catalog "match") and checks stock. Errors are keyed by field
 * (`right`, `left-quantity`, ...) for the form to show next to the field; nothing is saved when there are any.
 * The funnel's prescription steps use it too, for a lens already in the cart.
 */
export async function resolveLensOrder(
  db: Database,
  product: Pick<ProductDetail, "id">,
  order: Pick<LensOrder, "eyes">,
): Promise<{ items: ResolvedLineItem[] } | { errors: FieldErrors }> {
  const errors: FieldErrors = {};
  const items: ResolvedLineItem[] = [];
  for (const line of order.eyes) {
    const sku = await matchSku(db, product.id, line.parameters);
    if (!sku || !sku.isActive) {
      errors[line.eye] = [ORDER_MESSAGES.notMade];
    } else if (sku.stockQuantity <= 0) {
      errors[line.eye] = [ORDER_MESSAGES.outOfStock];
    } else if (sku.stockQuantity < line.quantity) {
      errors[fieldName(line.eye, "quantity")] = [ORDER_MESSAGES.onlyInStock(sku.stockQuantity)];
    } else {
      items.push({
        whichEye: line.eye,
        productId: product.id,
        upc: sku.upc,
        quantity: line.quantity,
        parameters: line.parameters,
      });
    }
  }
  return Object.keys(errors).length > 0 ? { errors } : { items };
}

/** The lines of a lens order whose prescription comes on the next step: no UPC yet, so RxDetails follows. */
export function unresolvedLensItems(product: Pick<ProductDetail, "id">, order: Pick<LensOrder, "eyes">): NewLineItem[] {
  return order.eyes.map((line) => ({
    whichEye: line.eye,
    productId: product.id,
    upc: null,
    quantity: line.quantity,
    parameters: {},
  }));
}

export async function resolveSolutionOrder(
  db: Database,
  product: ProductDetail,
  order: SolutionOrder,
): Promise<{ items: NewLineItem[] } | { errors: FieldErrors }> {
  const sku = await matchSku(db, product.id, {});
  if (!sku || !sku.isActive || sku.stockQuantity <= 0) return { errors: { quantity: [ORDER_MESSAGES.outOfStock] } };
  if (sku.stockQuantity < order.quantity) {
    return { errors: { quantity: [ORDER_MESSAGES.onlyInStock(sku.stockQuantity)] } };
  }
  return {
    items: [{ whichEye: "none", productId: product.id, upc: sku.upc, quantity: order.quantity, parameters: {} }],
  };
}

/**
 * The shopper's cart id from the session, creating the cart (and remembering it) when there is none yet. A signed-in
 * shopper's cart is theirs: without one in the session, their latest cart (made on another device or by an app
 * client) is used before a new one is made, and a new cart carries their customer id so every device finds it. A
 * guest cart still in the session of a signed-in shopper becomes theirs; another customer's cart is never used.
 */
export async function ensureCart(
  db: Database,
  session: StoreSession,
  customerId: number | null = null,
): Promise<string> {
  const current = session.get("cartId");
  const owner = current ? await cartOwner(db, current) : undefined;
  if (current && owner !== undefined && (owner === null || owner === customerId)) {
    if (owner === null && customerId !== null) {
      await db.update(carts).set({ customerId, updatedAt: new Date() }).where(eq(carts.id, current));
    }
    return current;
  }
  const cartId =
    (customerId !== null && (await latestCustomerCartId(db, customerId))) || (await createCart(db, customerId));
  session.set("cartId", cartId);
  return cartId;
}

/**
 * Adds the product page's order as a new line item group; returns the group's id (the funnel works on it next).
 * A signed-in shopper's cart is made as theirs (`ensureCart`).
 */
export async function addProductToCart(
  db: Database,
  session: StoreSession,
  customerId: number | null,
  product: Pick<ProductDetail, "productType">,
  items: NewLineItem[],
  autoReorderFrequencyDays: number | null,
): Promise<string> {
  const cartId = await ensureCart(db, session, customerId);
  return addGroup(db, cartId, {
    type: product.productType === PRODUCT_TYPE.solution ? "Solution" : "Lens",
    items,
    autoReorderFrequencyDays,
  });
}

import { isExamNeededPostOrder, orderPrescriptionStatus } from "~/models/prescriptions";
import { asc, eq } from "drizzle-orm";
import { productKind, type PriceBook } from "~/models/catalog";
import { EYE_LABELS, LENS_PARAMETER_LABELS, LENS_PARAMETER_NAMES } from "~/models/lens-parameters";
import type { GroupType, LineItemGroupState, LineItemState } from "~/models/line-item-group";
import type { PatientName } from "~/models/patient";
import { lineStockText } from "~/models/stock";
import { boxSupplyDays, frequencyLabel, supplyText } from "~/models/supply";
import { priceInBook, productPath } from "../catalog/catalog.server";
import type { Executor } from "../db/client.server";
import { brands, carts, lineItemGroups, lineItems, productPrices, products, skus } from "../db/schema";
import { memoized, type RequestMemo } from "../platform/request-memo.server";
import { findCoupon, type CouponRecord } from "./promotions.server";

/** A group as stored: the model's shape (for the rules), its patient (for the pages) and its row (for checkout). */
export type StoredGroup = LineItemGroupState & { patient: PatientName | null };

export interface ReadGroup extends StoredGroup {
  row: typeof lineItemGroups.$inferSelect;
}

/**
 * One cart as every page that shows it needs it, read in one query: the cart's row, its groups and lines, each
 * line's product, price in the shopper's price book and SKU stock; and its coupon, when it has one, in a second.
 * Null when there is no such cart. (The coupon, and checkout's doctors, are not joined in: Postgres plans an
 * 11-table join in ~15 ms on PGlite, this 7-table one in under 1 ms.)
 */
export interface CartRead {
  cart: {
    version: number;
    couponId: number | null;
    shippingLevel: number;
    shippingAddress: (typeof carts.$inferSelect)["shippingAddress"];
    insuranceBenefit: (typeof carts.$inferSelect)["insuranceBenefit"];
    insuranceOffer: (typeof carts.$inferSelect)["insuranceOffer"];
    /** When the cart last changed (a cart left a day is an abandoned one). */
    updatedAt: Date;
  };
  coupon: CouponRecord | null;
  groups: ReadGroup[];
  products: Map<number, CartProduct>;
  /** By UPC. */
  skus: Map<string, { stockQuantity: number; isActive: boolean }>;
}

type CartProduct = {
  id: number;
  productType: number;
  vanityUrl: string;
  displayName: string;
  brandName: string;
  imageUrl: string | null;
  wearTimeDays: number;
  quantityPerPackage: number;
  maximumQuantity: number;
  categories: string[];
  discontinuedInCatalog: boolean;
  isPrivateLabel: boolean;
  unitPriceCents: number | null;
};

/** Groups in their position, lines in the order they were added (the eye breaks a tie). */
const GROUP_ORDER = [asc(lineItemGroups.position), asc(lineItems.createdAt), asc(lineItems.whichEye)] as const;

interface GroupJoinRow {
  group: typeof lineItemGroups.$inferSelect | null;
  item: typeof lineItems.$inferSelect | null;
  brandSlug: string | null;
}

/**
 * The rows of groups ⟕ lines ⟕ products ⟕ brands, read in GROUP_ORDER (one per line, or one with no line for an
 * empty group), as the model's groups: the one mapping of that join, whether the whole cart or only its groups is read.
 */
function groupsOfRows(rows: readonly GroupJoinRow[]): ReadGroup[] {
  const groups = new Map<string, ReadGroup>();
  for (const row of rows) {
    if (!row.group) continue;
    const group = groups.get(row.group.id) ?? {
      id: row.group.id,
      type: row.group.type as GroupType,
      autoReorderFrequencyDays: row.group.autoReorderFrequencyDays,
      submitAndSkipImageId: row.group.submitAndSkipImageId,
      patient: row.group.patient
        ? { firstName: row.group.patient.firstName, lastName: row.group.patient.lastName }
        : null,
      items: [],
      row: row.group,
    };
    groups.set(row.group.id, group);
    if (!row.item) continue;
    group.items.push({
      id: row.item.id,
      whichEye: row.item.whichEye as LineItemState["whichEye"],
      productId: row.item.productId,
      brandSlug: row.brandSlug ?? "",
      upc: row.item.upc,
      quantity: row.item.quantity,
      parameters: row.item.selectedParameters,
    });
  }
  // Right eye (OD) before left (OS), as prescriptions read.
  const eyeOrder = { right: 0, left: 1, none: 2 } as const;
  for (const group of groups.values()) group.items.sort((a, b) => eyeOrder[a.whichEye] - eyeOrder[b.whichEye]);
  return [...groups.values()];
}

/**
 * Only a cart's groups and their lines, in the model's shape (for the rules): what a change to them reads inside its
 * transaction, without the products' prices and stock or the cart's coupon.
 */
export async function readGroups(db: Executor, cartId: string): Promise<ReadGroup[]> {
  const rows = await db
    .select({ group: lineItemGroups, item: lineItems, brandSlug: brands.slug })
    .from(lineItemGroups)
    .leftJoin(lineItems, eq(lineItems.groupId, lineItemGroups.id))
    .leftJoin(products, eq(products.id, lineItems.productId))
    .leftJoin(brands, eq(brands.id, products.brandId))
    .where(eq(lineItemGroups.cartId, cartId))
    .orderBy(...GROUP_ORDER);
  return groupsOfRows(rows);
}

export async function readCart(db: Executor, cartId: string, priceBook: PriceBook): Promise<CartRead | null> {
  const rows = await db
    .select({
      version: carts.version,
      couponId: carts.couponId,
      shippingLevel: carts.shippingLevel,
      shippingAddress: carts.shippingAddress,
      insuranceBenefit: carts.insuranceBenefit,
      insuranceOffer: carts.insuranceOffer,
      updatedAt: carts.updatedAt,
      group: lineItemGroups,
      item: lineItems,
      brandSlug: brands.slug,
      product: {
        id: products.id,
        productType: products.productType,
        vanityUrl: products.vanityUrl,
        displayName: products.displayName,
        brandName: brands.name,
        imageUrl: products.imageUrl,
        wearTimeDays: products.wearTimeDays,
        quantityPerPackage: products.quantityPerPackage,
        maximumQuantity: products.maximumQuantity,
        categories: products.categories,
        discontinuedInCatalog: products.discontinuedInCatalog,
        isPrivateLabel: products.isPrivateLabel,
      },
      unitPriceCents: productPrices.unitPriceCents,
      sku: { upc: skus.upc, stockQuantity: skus.stockQuantity, isActive: skus.isActive },
    })
    .from(carts)
    .leftJoin(lineItemGroups, eq(lineItemGroups.cartId, carts.id))
    .leftJoin(lineItems, eq(lineItems.groupId, lineItemGroups.id))
    .leftJoin(products, eq(products.id, lineItems.productId))
    .leftJoin(brands, eq(brands.id, products.brandId))
    .leftJoin(productPrices, priceInBook(priceBook))
    .leftJoin(skus, eq(skus.upc, lineItems.upc))
    .where(eq(carts.id, cartId))
    .orderBy(...GROUP_ORDER);
  const [first] = rows;
  if (!first) return null;

  const productById = new Map<number, CartProduct>();
  const skuByUpc = new Map<string, { stockQuantity: number; isActive: boolean }>();
  for (const row of rows) {
    if (row.product?.id && !productById.has(row.product.id)) {
      // A line's product and brand always exist (foreign keys): the left joins only make the types nullable.
      const product = row.product as Omit<CartProduct, "unitPriceCents">;
      productById.set(row.product.id, { ...product, unitPriceCents: row.unitPriceCents });
    }
    if (row.sku?.upc) skuByUpc.set(row.sku.upc, { stockQuantity: row.sku.stockQuantity, isActive: row.sku.isActive });
  }
  return {
    cart: {
      version: first.version,
      couponId: first.couponId,
      shippingLevel: first.shippingLevel,
      shippingAddress: first.shippingAddress,
      insuranceBenefit: first.insuranceBenefit,
      insuranceOffer: first.insuranceOffer,
      updatedAt: first.updatedAt,
    },
    coupon: first.couponId === null ? null : await findCoupon(db, { id: first.couponId }),
    groups: groupsOfRows(rows),
    products: productById,
    skus: skuByUpc,
  };
}

/**
 * `readCart` once per request (decision 27): the root loader's header count and the page's cart share one read.
 * Without a memo (an action, a transaction) it reads every time.
 */
export function readCartOnce(
  db: Executor,
  cartId: string,
  priceBook: PriceBook,
  memo?: RequestMemo | null,
): Promise<CartRead | null> {
  return memoized(memo, cartMemoKey(cartId, priceBook), () => readCart(db, cartId, priceBook));
}

export const cartMemoKey = (cartId: string, priceBook: PriceBook) => `cart:${cartId}:${priceBook}`;

/** The cart as the cart page shows it, priced in the shopper's price book. */
export function cartViewOf(cartId: string, read: CartRead | null) {
  let subtotalCents = 0;
  const viewGroups = (read?.groups ?? []).map((group) => {
    const items = group.items.map((item) => {
      const product = read?.products.get(item.productId);
      const sku = item.upc ? read?.skus.get(item.upc) : undefined;
      const unitPriceCents = product?.unitPriceCents ?? 0;
      const lineTotalCents = unitPriceCents * item.quantity;
      subtotalCents += lineTotalCents;
      return {
        id: item.id,
        whichEye: item.whichEye,
        eyeLabel: item.whichEye === "none" ? null : EYE_LABELS[item.whichEye],
        productId: item.productId,
        brandSlug: item.brandSlug,
        productName: product?.displayName ?? "Unavailable product",
        brandName: product?.brandName ?? "",
        href: product ? productPath(product) : null,
        imageUrl: product?.imageUrl ?? null,
        isColor: product?.categories.includes("color") ?? false,
        /** What kind of lens it is (toric, multifocal, colour…): which ways to pay the cart allows depend on it. */
        categories: product?.categories ?? [],
        productType: productKind(product?.productType),
        wearTimeDays: product?.wearTimeDays ?? 0,
        quantityPerPackage: product?.quantityPerPackage ?? 0,
        maximumQuantity: product?.maximumQuantity ?? 1,
        upc: item.upc,
        quantity: item.quantity,
        supply: product ? supplyText(boxSupplyDays(product) * item.quantity) : null,
        // In the spec's parameter order (jsonb does not keep the order they were chosen in).
        parameters: LENS_PARAMETER_NAMES.filter((name) => item.parameters[name] !== undefined).map((name) => ({
          label: LENS_PARAMETER_LABELS[name],
          value: item.parameters[name] as string,
        })),
        stock: lineStockText(item.upc, sku?.stockQuantity),
        /** The product is discontinued or its SKU inactive: the cart page removes it (spec 2 §4). */
        isDiscontinued: (product?.discontinuedInCatalog ?? false) || (sku !== undefined && !sku.isActive),
        unitPriceCents,
        lineTotalCents,
      };
    });
    return {
      id: group.id,
      type: group.type,
      autoReorderFrequencyDays: group.autoReorderFrequencyDays,
      autoReorder: group.autoReorderFrequencyDays ? frequencyLabel(group.autoReorderFrequencyDays) : null,
      /** Who a lens group is for (null until the patient step, and for solution). */
      patient: group.patient,
      /** Spec: the exam is needed after the order when the group's prescription will still be to submit. */
      isExamNeededPostOrder: isExamNeededPostOrder([
        orderPrescriptionStatus({
          type: group.type,
          rxEntryType: group.row.rxEntryType,
          submitAndSkipImageId: group.row.submitAndSkipImageId,
          examVoucherToken: group.row.examVoucherToken,
        }),
      ]),
      examVoucherToken: group.row.examVoucherToken,
      items,
      subtotalCents: items.reduce((sum, item) => sum + item.lineTotalCents, 0),
    };
  });
  return { id: cartId, groups: viewGroups, subtotalCents };
}
export type CartView = ReturnType<typeof cartViewOf>;

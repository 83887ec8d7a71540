import { randomUUID } from "node:crypto";
import { asc, eq, inArray } from "drizzle-orm";
import { createCustomer } from "~/services/accounts/auth/accounts.server";
import { addGroup, createCart } from "~/services/cart/cart.server";
import { saveCard } from "~/services/checkout/payment-methods.server";
import type { PlaceOrderInput } from "~/services/checkout/place-order.server";
import type { Database } from "~/services/db/client.server";
import { carts, clinics, doctors, lineItemGroups, type orders, skus, type AddressSnapshot } from "~/services/db/schema";
import { seedProducts } from "~/services/db/seed/catalog-data.server";
import type { AppServices } from "~/services/platform/context.server";

/**
 * What the order tests (checkout, subscription pages, API and runner) build carts and orders from: the seeded toric
 * lens and solution, a Boise shipping address, a test card, a doctor, and toric SKUs with a known stock.
 */

export const TORIC = seedProducts.find((product) => product.vanityUrl === "acuvue-oasys-for-astigmatism-6-pack")!;
export const SOLUTION = seedProducts.find((product) => product.vanityUrl === "clear-care-plus-3-pack")!;

export const TEST_ADDRESS: AddressSnapshot = {
  firstName: "Ann",
  lastName: "Lee",
  address1: "12 Main St",
  address2: "",
  city: "Boise",
  state: "ID",
  postalCode: "83702",
  country: "US",
  phone: null,
  verificationStatus: "Verified",
};

/** The test vault accepts it. */
export const VISA = "4242424242424242";

/** The checkout's new-card form as the browser posts it. */
export function cardForm(overrides: Record<string, string> = {}) {
  return {
    cardNumber: "4242 4242 4242 4242",
    nameOnCard: "Ann Lee",
    expirationMonth: "12",
    expirationYear: String(new Date().getFullYear() + 3),
    cvv: "123",
    billingAddress1: "12 Main St",
    billingCity: "Boise",
    billingState: "ID",
    billingPostalCode: "83702",
    ...overrides,
  };
}

/** Dr. Rita Hale of Boise Eye Care; returns the doctor's id. */
export async function insertTestDoctor(db: Database): Promise<number> {
  const [clinic] = await db
    .insert(clinics)
    .values({
      name: "Boise Eye Care",
      phone: "2085550100",
      address1: "1 Vista Ave",
      city: "Boise",
      state: "ID",
      postalCode: "83705",
    })
    .returning();
  const [doctor] = await db
    .insert(doctors)
    .values({ clinicId: clinic!.id, firstName: "Rita", lastName: "Hale", phone: "2085550101" })
    .returning();
  return doctor!.id;
}

/** Two SKUs of the toric lens (the `slot`-th pair, so tests can keep apart), each set to `stock`. */
export async function toricSkuPair(db: Database, slot: number, stock: number): Promise<[string, string]> {
  const rows = await db
    .select({ upc: skus.upc })
    .from(skus)
    .where(eq(skus.productId, TORIC.productId))
    .orderBy(asc(skus.upc))
    .limit(2)
    .offset(slot * 2);
  const upcs = rows.map((row) => row.upc);
  await db.update(skus).set({ stockQuantity: stock, isActive: true }).where(inArray(skus.upc, upcs));
  return upcs as [string, string];
}

/** A route's `data(value, init)` answer, as loaders and actions return it before React Router turns it into JSON. */
export function isDataWithInit(
  value: unknown,
): value is { type: "DataWithResponseInit"; data: unknown; init: ResponseInit } {
  return !!value && typeof value === "object" && (value as { type?: string }).type === "DataWithResponseInit";
}

/** A placed order's row (no groups or lines): $50, paid by a test Visa, shipped to TEST_ADDRESS. */
export function orderRow(
  customerId: number,
  orderNumber: string,
  fields: Partial<typeof orders.$inferInsert> = {},
): typeof orders.$inferInsert {
  return {
    orderNumber,
    customerId,
    cartId: randomUUID(),
    idempotencyKey: randomUUID(),
    shippingLevel: 0,
    shippingAddress: TEST_ADDRESS,
    paymentToken: `tok_${randomUUID()}`,
    paymentBrand: "Visa",
    paymentLastFour: "4242",
    chargeId: `ch_${randomUUID()}`,
    subtotalCents: 5000,
    discountCents: 0,
    shippingCents: 0,
    shippingDiscountCents: 0,
    taxCents: 0,
    rebateCents: 0,
    totalCents: 5000,
    ...fields,
  };
}

/**
 * A new customer with a saved card and a cart ready to order: one toric lens group (both eyes, `quantity` boxes each,
 * patient and doctor set, auto-reorder when `frequencyDays`), shipped to TEST_ADDRESS. The `slot`-th SKU pair is set
 * to `stock`. Returns placeOrder's input (a fresh idempotency key) and the SKUs.
 */
export async function readyToOrder(
  services: Pick<AppServices, "db" | "payments">,
  options: { slot: number; stock?: number; quantity?: number; frequencyDays?: number; cardNumber?: string },
) {
  const { db } = services;
  const customer = await createCustomer(db, {
    email: `buyer.${randomUUID().slice(0, 12)}@example.com`,
    firstName: "Ann",
    lastName: "Lee",
  });
  const saved = await saveCard(services, customer.id, {
    number: options.cardNumber ?? VISA,
    nameOnCard: "Ann Lee",
    expirationMonth: 12,
    expirationYear: new Date().getFullYear() + 3,
    cvv: "123",
    billingAddress: { address1: "12 Main St", city: "Boise", state: "ID", postalCode: "83702" },
  });
  if (!saved.ok) throw new Error(`card not saved: ${saved.reason}`);
  const [right, left] = await toricSkuPair(db, options.slot, options.stock ?? 50);
  const quantity = options.quantity ?? 1;
  const cartId = await createCart(db, customer.id);
  const groupId = await addGroup(db, cartId, {
    type: "Lens",
    autoReorderFrequencyDays: options.frequencyDays ?? null,
    items: [
      { whichEye: "right", productId: TORIC.productId, upc: right, quantity, parameters: { power: "-1.00" } },
      { whichEye: "left", productId: TORIC.productId, upc: left, quantity, parameters: { power: "-1.25" } },
    ],
  });
  const doctorId = await insertTestDoctor(db);
  await db
    .update(lineItemGroups)
    .set({ patient: { firstName: "Ann", lastName: "Lee" }, doctorId })
    .where(eq(lineItemGroups.id, groupId));
  await db.update(carts).set({ shippingAddress: TEST_ADDRESS }).where(eq(carts.id, cartId));
  const input: PlaceOrderInput = {
    cartId,
    customer,
    idempotencyKey: randomUUID(),
    paymentMethodId: saved.card.id,
    shopper: { customerId: customer.id, priceBook: "none" },
  };
  return { customer, input, right, left, cartId, groupId };
}

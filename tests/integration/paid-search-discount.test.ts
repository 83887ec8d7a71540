import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { percentOf } from "~/models/promotions";
import { loader as cartLoader } from "~/routes/cart";
import { action as checkoutAction, loader as checkoutLoader } from "~/routes/checkout";
import { action as productAction } from "~/routes/product";
import { loader as thankYouLoader } from "~/routes/thank-you";
import type { DatabaseHandle } from "~/services/db/client.server";
import { orderGroups, orderLines, promotions } from "~/services/db/schema";
import { seedPromotions } from "~/services/db/seed/promotion-data.server";
import type { AppServices } from "~/services/platform/context.server";
import { CheckoutBuyer, location } from "../setup/checkout-buyer";
import { cardForm, insertTestDoctor } from "../setup/order-fixtures";
import { createTestServices } from "../setup/test-context";
import { withRunningExperiments } from "../setup/test-content";
import { createTestDatabase } from "../setup/test-database";

// The paid-search new-customer discount (spec 3 §9; decision 66): path A of the campaign gives a new customer the
// seeded discount promotion. The cart, the checkout page and the placed order agree on it, whether the visitor is on
// path A by the override (outside production) or by the paid-social referral branding; nobody is on it by chance.

const CAMPAIGN = "paid-search-new-customer-discount";
const OVERRIDE = `experiment=${CAMPAIGN}:A`;
const SOLUTION = "clear-care-plus-3-pack";
const DESCRIPTION = seedPromotions.find((seed) => seed.key === CAMPAIGN)!.description;

let database: DatabaseHandle;
let paused: AppServices;
let running: AppServices;
let doctorId: number;
let counter = 0;
beforeAll(async () => {
  database = await createTestDatabase();
  paused = createTestServices(database);
  running = createTestServices(database, { CONTENT_DIR: withRunningExperiments([CAMPAIGN]) });
  doctorId = await insertTestDoctor(database.db);
});
afterAll(async () => {
  await database.close();
});

type CartPage = Awaited<ReturnType<typeof cartLoader>>;
type CheckoutPage = Awaited<ReturnType<typeof checkoutLoader>>;
type ThankYouPage = Awaited<ReturnType<typeof thankYouLoader>>;

class Buyer extends CheckoutBuyer {
  static make(services: AppServices) {
    counter++;
    return Buyer.create(services, { email: `paid.search.${counter}@example.com`, doctorId, stockSlot: 30 + counter });
  }

  async cart(query = "") {
    return (await this.send("GET", `/cart${query}`, cartLoader)).result as CartPage;
  }

  async checkout(query = "") {
    return (await this.send("GET", `/checkout${query}`, checkoutLoader)).result as CheckoutPage;
  }

  async saveCard() {
    const { response } = await this.send("POST", "/checkout", checkoutAction, {
      body: { intent: "save-card", ...cardForm() },
    });
    expect(response.status).toBe(303);
  }

  /** Places the order from the checkout page at `query` (a form posts to its page's URL, query and all). */
  async place(query = "") {
    const page = await this.checkout(query);
    const { response } = await this.send("POST", `/checkout${query}`, checkoutAction, {
      body: { intent: "place-order", idempotencyKey: crypto.randomUUID(), paymentMethodId: String(page.cards[0]!.id) },
    });
    expect(response.status).toBe(303);
    const thankYou = location(response);
    expect(thankYou).toMatch(/^\/thank-you\?oid=/);
    return (await this.send("GET", thankYou, thankYouLoader)).result as ThankYouPage;
  }
}

const discountOf = (cart: CartPage) => cart.cart.promotions.find((promotion) => promotion.description === DESCRIPTION);

describe("the paid-search new-customer discount", () => {
  it("is charged on the order as the cart and the checkout page show it (path A by the override)", async () => {
    const buyer = await Buyer.make(paused);
    await buyer.saveCard();

    // The control: no discount.
    const control = await buyer.cart();
    expect(discountOf(control)).toBeUndefined();
    expect(control.cart.orderSummary.discountAmount).toBe(0);

    const cart = await buyer.cart(`?${OVERRIDE}`);
    const expected = percentOf(cart.cart.orderSummary.subTotal, 10);
    expect(expected).toBeGreaterThan(0);
    expect(discountOf(cart)?.amountCents).toBe(expected);
    expect(cart.cart.orderSummary.discountAmount).toBe(expected);
    expect(cart.cart.orderSummary.totalAmount).toBe(control.cart.orderSummary.totalAmount - expected);

    const checkout = await buyer.checkout(`?${OVERRIDE}`);
    expect(checkout.orderSummary).toEqual(cart.cart.orderSummary);

    const thankYou = await buyer.place(`?${OVERRIDE}`);
    expect(thankYou.totals).toContainEqual({ label: "Discounts", amount: `−$${(expected / 100).toFixed(2)}` });
    expect(thankYou.total).toBe(`$${(checkout.orderSummary.totalAmount / 100).toFixed(2)}`);
    const [order] = await buyer.orders();
    expect(order).toMatchObject({
      subtotalCents: checkout.orderSummary.subTotal,
      discountCents: expected,
      taxCents: checkout.orderSummary.taxAmount,
      totalCents: checkout.orderSummary.totalAmount,
    });
    const lines = await database.db
      .select({ discountCents: orderLines.discountCents })
      .from(orderLines)
      .innerJoin(orderGroups, eq(orderGroups.id, orderLines.orderGroupId))
      .where(eq(orderGroups.orderId, order!.id));
    expect(lines).toHaveLength(2);
    expect(lines.reduce((sum, line) => sum + line.discountCents, 0)).toBe(expected);
  });

  it("is not given to a returning customer on path A, nor to anyone in production", async () => {
    const buyer = await Buyer.make(paused);
    await buyer.saveCard();
    await buyer.place();
    // The next cart (lens solution): the customer has an order on record now.
    const { response } = await buyer.send("POST", `/contact-lens-solution/${SOLUTION}`, productAction, {
      body: { intent: "add-to-cart", quantity: "2" },
      params: { name: SOLUTION },
    });
    expect(response.status).toBe(303);
    const cart = await buyer.cart(`?${OVERRIDE}`);
    expect(cart.cart.groups).toHaveLength(1);
    expect(cart.cart.customerGroups).toContain("ReturningCustomer");
    expect(discountOf(cart)).toBeUndefined();
    expect(cart.cart.orderSummary.discountAmount).toBe(0);

    const production = createTestServices(database, {
      APP_ENV: "production",
      SESSION_SECRET: "production-secret-0123456789abcdef0123456789abcdef",
    });
    const newcomer = await Buyer.make(production);
    expect(discountOf(await newcomer.cart(`?${OVERRIDE}`))).toBeUndefined();
  });

  it("puts a paid-social referral on path A for the whole visit, and no paid-search visitor by chance", async () => {
    const social = await Buyer.make(running);
    await social.saveCard();
    // The referral branding is kept with the visit: later pages without it are still on path A.
    await social.cart("?rb=paid-social");
    const cart = await social.cart();
    const discount = discountOf(cart);
    expect(discount?.amountCents).toBe(percentOf(cart.cart.orderSummary.subTotal, 10));
    const thankYou = await social.place();
    const [order] = await social.orders();
    expect(order!.discountCents).toBe(discount!.amountCents);
    expect(thankYou.totals.map((row) => row.label)).toContain("Discounts");

    // Paid search: eligible, but A weighs 0, so every such visitor is in the control.
    for (let n = 0; n < 10; n++) {
      const search = await Buyer.make(running);
      const page = await search.cart("?ac=PS.lenslane-search");
      expect(discountOf(page)).toBeUndefined();
    }
  });

  it("is seeded as a running, exclusive promotion (the database holds what the seed says)", async () => {
    const [row] = await database.db.select().from(promotions).where(eq(promotions.key, CAMPAIGN));
    expect(row).toMatchObject({ description: DESCRIPTION, exclusive: true, requiresCoupon: false, expiresAt: null });
  });
});

import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loader as cartLoader } from "~/routes/cart";
import * as internal from "~/routes/non-production";
import { loader as productLoader } from "~/routes/product";
import type { DatabaseHandle } from "~/services/db/client.server";
import type { AppServices } from "~/services/platform/context.server";
import { CheckoutBuyer } from "../setup/checkout-buyer";
import { insertTestDoctor, isDataWithInit } from "../setup/order-fixtures";
import { pauseExperiments } from "../setup/test-content";
import { createTestServices } from "../setup/test-context";
import { createTestDatabase } from "../setup/test-database";

// The cart page's banner behind its page feature (spec 3 §9 'cart banner'), and the estimated delivery date campaign's
// variants on the cart and the product page (decision 66), through the root middleware and the routes' loaders.

let database: DatabaseHandle;
let shipped: AppServices;
let production: AppServices;
let noFeatures: AppServices;
let noFeaturesDir: string;
let doctorId: number;
let counter = 0;
beforeAll(async () => {
  database = await createTestDatabase();
  shipped = createTestServices(database);
  production = createTestServices(database, {
    APP_ENV: "production",
    SESSION_SECRET: "production-secret-0123456789abcdef0123456789abcdef",
  });
  // The shipped content without its features file: every page feature off (spec 3 §8).
  noFeaturesDir = fs.mkdtempSync(path.join(os.tmpdir(), "lenslane-no-features-"));
  fs.cpSync(path.resolve("content"), noFeaturesDir, { recursive: true });
  fs.rmSync(path.join(noFeaturesDir, "features.json"));
  pauseExperiments(noFeaturesDir);
  noFeatures = createTestServices(database, { CONTENT_DIR: noFeaturesDir });
  doctorId = await insertTestDoctor(database.db);
});
afterAll(async () => {
  fs.rmSync(noFeaturesDir, { recursive: true, force: true });
  await database.close();
});

type CartPage = Awaited<ReturnType<typeof cartLoader>>;

class Browser extends CheckoutBuyer {
  static make(services: AppServices) {
    counter++;
    return Browser.create(services, { email: `cart.banner.${counter}@example.com`, doctorId, stockSlot: 70 + counter });
  }

  async cart(query = "") {
    return (await this.send("GET", `/cart${query}`, cartLoader)).result as CartPage;
  }

  /** The internal settings page's form, as a tester uses it. */
  async switchCartBanner(value: "on" | "off") {
    const { response } = await this.send("POST", "/settings", internal.action, {
      body: { key: "cartBanner", value },
    });
    return response.status;
  }
}

describe("the cart banner page feature", () => {
  it("shows the content system's banner while the shipped content has it on, and a session can switch it off", async () => {
    const browser = await Browser.make(shipped);
    const before = await browser.cart();
    expect(before.banner).toMatchObject({ slot: "cart-banner" });
    expect(before.banner!.heading.length).toBeGreaterThan(0);

    expect(await browser.switchCartBanner("off")).toBe(303);
    expect((await browser.cart()).banner).toBeNull();
    expect(await browser.switchCartBanner("on")).toBe(303);
    expect((await browser.cart()).banner).toMatchObject({ slot: "cart-banner" });
  });

  it("is off when the content has no features, and a session can switch it on outside production", async () => {
    const browser = await Browser.make(noFeatures);
    expect((await browser.cart()).banner).toBeNull();
    expect(await browser.switchCartBanner("on")).toBe(303);
    expect((await browser.cart()).banner).toMatchObject({ slot: "cart-banner" });
  });

  it("ignores a session's override in production", async () => {
    const browser = await Browser.make(production);
    await browser.setSwitch({ cartBanner: false });
    expect((await browser.cart()).banner).toMatchObject({ slot: "cart-banner" });
  });
});

describe("the estimated delivery date campaign", () => {
  it("shows the control nothing, the standard variant the date, the upgraded one the upsell (cart)", async () => {
    const browser = await Browser.make(shipped);
    expect((await browser.cart()).deliveryDate).toBeNull();
    expect((await browser.cart("?experiment=estimated-delivery-date:default")).deliveryDate).toBeNull();

    const standard = await browser.cart("?experiment=estimated-delivery-date:A");
    const standardChoice = standard.cart.shippingMethods.find((method) => method.shippingLevel === 0)!;
    expect(standard.deliveryDate).toEqual({
      kind: "date",
      date: standardChoice.estimatedDelivery,
      methodLabel: "Standard shipping",
    });

    const upgraded = await browser.cart("?experiment=estimated-delivery-date:B");
    const expedited = upgraded.cart.shippingMethods.find((method) => method.shippingLevel === 1)!;
    expect(upgraded.deliveryDate).toEqual({
      kind: "upgrade",
      date: expedited.estimatedDelivery,
      methodLabel: "Expedited shipping",
      shippingLevel: 1,
      extraCents: expedited.amountCents - standardChoice.amountCents,
      standardDate: standardChoice.estimatedDelivery,
      switchable: true,
    });
  });

  it("shows the product page's variant for an orderable product, at list prices", async () => {
    const browser = await Browser.make(shipped);
    const page = async (query: string) => {
      const { result } = await browser.send(
        "GET",
        `/contact-lens-solution/clear-care-plus-3-pack${query}`,
        productLoader,
        {
          params: { name: "clear-care-plus-3-pack" },
        },
      );
      expect(isDataWithInit(result)).toBe(true);
      return (result as { data: { deliveryDate: unknown } }).data.deliveryDate;
    };
    expect(await page("")).toBeNull();
    expect(await page("?experiment=estimated-delivery-date:A")).toMatchObject({
      kind: "date",
      methodLabel: "Standard shipping",
    });
    expect(await page("?experiment=estimated-delivery-date:B")).toMatchObject({
      kind: "upgrade",
      methodLabel: "Expedited shipping",
      extraCents: 500,
      switchable: false,
    });
  });
});

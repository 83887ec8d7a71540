import { and, count, desc, eq, isNotNull } from "drizzle-orm";
import { formatCents } from "~/models/catalog";
import { TEST_DATA_SETS, type TestDataSet } from "~/models/internal-tools";
import { CHARGE_DECLINED_TEST_NUMBER, DECLINED_TEST_NUMBERS } from "../adapters/payments/test-vault.server";
import { customers, orders } from "../db/schema";
import { seedClinics } from "../db/seed/doctor-data.server";
import { seedPromotions } from "../db/seed/promotion-data.server";
import type { AppServices, RequestInfo, Visitor } from "../platform/context.server";
import { featureSwitches } from "./feature-switches.server";
import { pageFeatures } from "../growth/page-features.server";

/**
 * The internal pages outside production (spec 1 §2.1: sandbox, customer-data-platform, style-guide,
 * test-data/{name}, settings): what they show. Nothing here runs in production (the route refuses first).
 */

export interface TestDataTable {
  title: string;
  columns: string[];
  rows: string[][];
}

export async function testData(services: Pick<AppServices, "db">, name: TestDataSet): Promise<TestDataTable> {
  switch (name) {
    case "cards":
      return {
        title: TEST_DATA_SETS.cards,
        columns: ["Card number", "What happens"],
        rows: [
          ["4242 4242 4242 4242", "Saves and charges (Visa)"],
          ["5555 5555 5555 4444", "Saves and charges (Mastercard)"],
          ["3782 822463 10005", "Saves and charges (American Express, CVV of 4 digits)"],
          [group(CHARGE_DECLINED_TEST_NUMBER), "Saves, but every charge is declined at 'Place order'"],
          ...[...DECLINED_TEST_NUMBERS].map(([number, reason]) => [group(number), `Refused when saved: ${reason}`]),
        ],
      };
    case "promo-codes":
      return {
        title: TEST_DATA_SETS["promo-codes"],
        columns: ["Code", "Promotion", "Ends"],
        rows: seedPromotions.flatMap((promotion) =>
          (promotion.couponCodes ?? []).map((coupon) => [
            coupon.code,
            promotion.description,
            promotion.expiresAt ? promotion.expiresAt.slice(0, 10) : "Never",
          ]),
        ),
      };
    case "doctors":
      return {
        title: TEST_DATA_SETS.doctors,
        columns: ["Doctor", "Clinic", "ZIP", "Phone"],
        rows: seedClinics
          .slice(0, 25)
          .flatMap((clinic) =>
            clinic.doctors.map((doctor) => [
              `Dr. ${doctor.firstName} ${doctor.lastName}`,
              clinic.name,
              clinic.postalCode,
              doctor.phone,
            ]),
          ),
      };
    case "customers": {
      const rows = await services.db
        .select({
          id: customers.id,
          email: customers.email,
          name: customers.firstName,
          hasPassword: isNotNull(customers.passwordHash),
          creditCents: customers.creditCents,
          orders: count(orders.id),
        })
        .from(customers)
        .leftJoin(orders, and(eq(orders.customerId, customers.id), eq(orders.paymentState, "paid")))
        .groupBy(customers.id)
        .orderBy(desc(customers.id))
        .limit(25);
      return {
        title: TEST_DATA_SETS.customers,
        columns: ["Id", "E-mail", "First name", "Account", "Orders", "Store credit"],
        rows: rows.map((row) => [
          String(row.id),
          row.email,
          row.name,
          row.hasPassword ? "Password" : "Guest (PIN sign-in)",
          String(row.orders),
          formatCents(row.creditCents),
        ]),
      };
    }
  }
}

function group(number: string): string {
  return number.replace(/(\d{4})(?=\d)/g, "$1 ");
}

/**
 * What the store would send about this visitor: the custom headers of spec 3 §7 'Request conventions' (sandbox)
 * and the customer-data-platform page-configuration request (customer-data-platform). Built from the real session.
 */
export async function visitorSnapshot(
  services: Pick<AppServices, "db" | "config" | "content" | "logger">,
  visitor: Visitor,
  info: RequestInfo,
  request: Request,
) {
  const customerId = visitor.customer?.id ?? null;
  const [orderFacts] = customerId
    ? await services.db
        .select({ placed: count(orders.id), shipped: count(orders.shippedAt) })
        .from(orders)
        .where(and(eq(orders.customerId, customerId), eq(orders.paymentState, "paid")))
    : [{ placed: 0, shipped: 0 }];
  const hasPreviousOrder = (orderFacts?.placed ?? 0) > 0;
  const hasPreviousShippedOrder = (orderFacts?.shipped ?? 0) > 0;
  const url = new URL(request.url);
  const userAgent = request.headers.get("user-agent") ?? "";
  const isMobile = /Mobi|Android|iPhone/i.test(userAgent);
  const cartId = visitor.session.get("cartId") ?? null;
  const customerGroups = [hasPreviousOrder ? "ReturningCustomer" : "NewCustomer"];
  const headers = {
    "x-request-id": info.requestId,
    "x-app-version": services.config.version,
    "x-session-id": cartId ?? "(none yet: the session has no cart)",
    "x-signed-in": String(visitor.signedIn),
    "x-previous-order": String(hasPreviousOrder),
    "x-previous-shipped-order": String(hasPreviousShippedOrder),
    "x-initial-referrer": request.headers.get("referer") ?? "",
    "x-initial-search": url.search,
    authorization: visitor.signedIn ? "Bearer (the session's token, never shown)" : "(none: signed out)",
  };
  const pageConfiguration = {
    experience: "dynamic-experience",
    parameters: {
      webCart: cartId,
      hasPreviousOrder,
      hasPreviousShippedOrder,
      hasPreviousSignIn: visitor.signedIn,
      customerGroups,
      isMobile,
      ac: url.searchParams.get("ac"),
      realTimeIdentityData: null,
      channel: url.searchParams.get("mid") ? "Affiliate" : "Direct",
    },
    sessionId: cartId,
  };
  return {
    headers,
    pageConfiguration,
    visitor: {
      customer: visitor.customer ? { id: visitor.customer.id, email: visitor.customer.email } : null,
      priceBook: visitor.priceBook,
      hasSubscriptions: visitor.hasSubscriptions,
      clientIp: info.clientIp,
      switches: featureSwitches(visitor.session, services.config, await pageFeatures(services)).map(({ key, on }) => ({
        key,
        on,
      })),
    },
  };
}

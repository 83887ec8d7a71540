import { eq } from "drizzle-orm";
import { createAuthSession, createCustomer, type Customer } from "~/services/accounts/auth/accounts.server";
import { addGroup, createCart } from "~/services/cart/cart.server";
import { carts, lineItemGroups, orders, skus } from "~/services/db/schema";
import { updateJourney } from "~/services/funnel/funnel.server";
import type { AppServices } from "~/services/platform/context.server";
import { isDataWithInit, TEST_ADDRESS, TORIC, toricSkuPair } from "./order-fixtures";
import { runThroughMiddleware, settle } from "./test-context";

/**
 * A signed-in browser with a cart ready for checkout (toric lenses for both eyes, 2 boxes each, a patient, a doctor,
 * the test address) and no card, sending requests through the root middleware with its cookies. The payment specs
 * extend it with their own steps.
 */
export class CheckoutBuyer {
  readonly cookies = new Map<string, string>();
  upcs: [string, string] = ["", ""];

  constructor(
    readonly services: AppServices,
    readonly customer: Customer,
    readonly cartId: string,
  ) {}

  static async create<T extends CheckoutBuyer>(
    this: new (services: AppServices, customer: Customer, cartId: string) => T,
    services: AppServices,
    options: { email: string; doctorId: number; stockSlot: number },
  ): Promise<T> {
    const { db } = services;
    const customer = await createCustomer(db, { email: options.email, firstName: "Pat", lastName: "Lee" });
    const cartId = await createCart(db, customer.id);
    const buyer = new this(services, customer, cartId);
    const token = await createAuthSession(db, customer.id, "guest", false);
    const { session } = await services.sessions.getSession(null);
    session.set("authSessionId", token);
    session.set("cartId", cartId);
    buyer.keep((await services.sessions.commitSession(session)).split(";")[0]!);
    buyer.upcs = await toricSkuPair(db, options.stockSlot, 50);
    const groupId = await addGroup(db, cartId, {
      type: "Lens",
      autoReorderFrequencyDays: null,
      items: [
        { whichEye: "right", productId: TORIC.productId, upc: buyer.upcs[0], quantity: 2, parameters: {} },
        { whichEye: "left", productId: TORIC.productId, upc: buyer.upcs[1], quantity: 2, parameters: {} },
      ],
    });
    await db
      .update(lineItemGroups)
      .set({ patient: { firstName: "Pat", lastName: "Lee" }, doctorId: options.doctorId })
      .where(eq(lineItemGroups.id, groupId));
    await db.update(carts).set({ shippingAddress: TEST_ADDRESS }).where(eq(carts.id, cartId));
    return buyer;
  }

  keep(pair: string) {
    this.cookies.set(pair.slice(0, pair.indexOf("=")), pair);
  }

  /** A request into `route` (loader or action); its Response and what the route gave. */
  async send(
    method: "GET" | "POST",
    path: string,
    route: (args: never) => unknown,
    options: { body?: Record<string, string>; params?: Record<string, string> } = {},
  ) {
    const request = new Request(`http://store.test${path}`, {
      method,
      body: options.body ? new URLSearchParams(options.body).toString() : undefined,
      headers: {
        Cookie: [...this.cookies.values()].join("; "),
        ...(options.body ? { "Content-Type": "application/x-www-form-urlencoded" } : {}),
      },
    });
    let result: unknown;
    const response = await runThroughMiddleware(this.services, request, async (context) => {
      result = await settle(() => route({ request, params: options.params ?? {}, context } as never) as never);
      if (result instanceof Response) return result;
      if (isDataWithInit(result)) return Response.json(result.data, result.init ?? undefined);
      return Response.json(result);
    });
    for (const header of response.headers.getSetCookie()) this.keep(header.split(";")[0]!);
    return { response, result };
  }

  /** Changes the session's journey (a feature switch) as the internal settings page would. */
  async setSwitch(change: Parameters<typeof updateJourney>[1]) {
    const { sessions } = this.services;
    const { session } = await sessions.getSession(this.cookies.get(sessions.cookieName) ?? null);
    updateJourney(session, change);
    this.keep((await sessions.commitSession(session)).split(";")[0]!);
  }

  orders() {
    return this.services.db.select().from(orders).where(eq(orders.customerId, this.customer.id));
  }
}

/** A SKU's stock now. */
export async function stockOf(services: Pick<AppServices, "db">, upc: string): Promise<number> {
  const [row] = await services.db.select({ stock: skus.stockQuantity }).from(skus).where(eq(skus.upc, upc));
  return row!.stock;
}

export const location = (response: Response) => response.headers.get("Location") ?? "";

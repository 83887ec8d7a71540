import { PRIVATE_CACHE_CONTROL, PUBLIC_PAGE_CACHE_CONTROL } from "~/models/http-cache";
import { jsonError, jsonResponse, methodNotAllowed, parsePriceBook, parseProductId } from "~/services/api/json.server";
import { servicesContext, visitorContext } from "~/services/platform/context.server";
import { customerGroupsFor, rebatesForProduct } from "~/services/cart/promotions.server";
import type { Route } from "./+types/api.promotions.rebates.$productId";

/**
 * GET /api/promotions/rebates/{productId}?priceBook= → [{ amountSaved (cents), quantityBreakpoint, type ("Rebate"
 * | "InstantRebate"), description }]: the product's rebates by quantity breakpoint. The price book is the query's,
 * else the shopper's. 400 a malformed id, 404 an unknown product. Anonymous answers may be shared briefly.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const productId = parseProductId(params.productId);
  const url = new URL(request.url);
  const { db } = context.get(servicesContext);
  const visitor = context.get(visitorContext);
  const priceBook =
    url.searchParams.has("priceBook") || url.searchParams.has("pricebook") ? parsePriceBook(url) : visitor.priceBook;
  const customerGroups = await customerGroupsFor(db, visitor.customer?.id ?? null);
  const offers = await rebatesForProduct(db, productId, { priceBook, customerGroups }, new Date());
  if (!offers) return jsonError(404, `No product with id ${productId}.`);
  const personal = visitor.customer !== null || request.headers.has("Authorization");
  return jsonResponse(
    offers.map(({ amountSaved, quantityBreakpoint, type, description }) => ({
      amountSaved,
      quantityBreakpoint,
      type,
      description,
    })),
    personal ? PRIVATE_CACHE_CONTROL : PUBLIC_PAGE_CACHE_CONTROL,
  );
}

export function action() {
  return methodNotAllowed("GET");
}

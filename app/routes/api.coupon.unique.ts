import { UNIQUE_COUPON_RATE_LIMIT } from "~/models/rate-limits";
import {
  jsonError,
  methodNotAllowed,
  parseJson,
  privateJson,
  TOO_MANY_REQUESTS_MESSAGE,
} from "~/services/api/json.server";
import { requestInfoContext, servicesContext } from "~/services/platform/context.server";
import { issueUniqueCoupon } from "~/services/cart/promotions.server";
import { consumeRateLimit, type RateLimitRule } from "~/services/platform/rate-limit.server";
import { couponNameSchema } from "~/services/api/openapi/catalog.server";
import type { Route } from "./+types/api.coupon.unique";

/**
 * GET /api/coupon/unique?couponName= → 200 { couponCode, couponName, expiration (ISO, or null) }: a new
 * single-use code of the running promotion that issues codes under that name. 400 a malformed name, 404 no such
 * promotion running, 429 past 30 requests an hour from one address (with Retry-After). Each call issues a new
 * code, so the answer is never cached.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const couponName = parseJson(couponNameSchema, new URL(request.url).searchParams.get("couponName") ?? "");
  const { db } = context.get(servicesContext);
  const { clientIp } = context.get(requestInfoContext);
  const rule: RateLimitRule = { bucket: `unique-coupon:ip:${clientIp}`, ...UNIQUE_COUPON_RATE_LIMIT };
  if (!(await consumeRateLimit(db, [rule]))) {
    return jsonError(429, TOO_MANY_REQUESTS_MESSAGE, { headers: { "Retry-After": String(rule.windowSeconds) } });
  }
  const issued = await issueUniqueCoupon(db, couponName, new Date());
  if (!issued) return jsonError(404, `No running promotion issues coupons named ${couponName}.`);
  return privateJson({
    couponCode: issued.couponCode,
    couponName: issued.couponName,
    expiration: issued.expiration?.toISOString() ?? null,
  });
}

export function action() {
  return methodNotAllowed("GET");
}

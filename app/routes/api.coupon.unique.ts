import { jsonError, methodNotAllowed, privateJson, TOO_MANY_REQUESTS_MESSAGE } from "~/services/api/json.server";
import { requestInfoContext, servicesContext } from "~/services/platform/context.server";
import { issueUniqueCoupon } from "~/services/cart/promotions.server";
import { consumeRateLimit, type RateLimitRule } from "~/services/platform/rate-limit.server";
import { couponNameSchema } from "~/services/api/openapi/catalog.server";
import type { Route } from "./+types/api.coupon.unique";

/** Every request that could issue a code counts (unknown names too, so names cannot be guessed quickly). */
const ISSUE_LIMIT = 30;
const ISSUE_WINDOW_SECONDS = 60 * 60;

/**
 * GET /api/coupon/unique?couponName= → 200 { couponCode, couponName, expiration (ISO, or null) }: a new
 * single-use code of the running promotion that issues codes under that name. 400 a malformed name, 404 no such
 * promotion running, 429 past 30 requests an hour from one address (with Retry-After). Each call issues a new
 * code, so the answer is never cached.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const parsed = couponNameSchema.safeParse(new URL(request.url).searchParams.get("couponName") ?? "");
  if (!parsed.success) return jsonError(400, parsed.error.issues[0]!.message);
  const couponName = parsed.data;
  const { db } = context.get(servicesContext);
  const { clientIp } = context.get(requestInfoContext);
  const rule: RateLimitRule = {
    bucket: `unique-coupon:ip:${clientIp}`,
    limit: ISSUE_LIMIT,
    windowSeconds: ISSUE_WINDOW_SECONDS,
  };
  if (!(await consumeRateLimit(db, [rule]))) {
    return jsonError(429, TOO_MANY_REQUESTS_MESSAGE, { "Retry-After": String(ISSUE_WINDOW_SECONDS) });
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

import { PUBLIC_PAGE_CACHE_CONTROL } from "~/models/http-cache";
import { rewardRuleJson } from "~/models/promotions";
import { jsonError, jsonResponse, methodNotAllowed, parseProductId } from "~/services/api/json.server";
import { servicesContext } from "~/services/platform/context.server";
import { autoReorderPromotions } from "~/services/cart/promotions.server";
import type { Route } from "./+types/api.autoReorder.promotions";

/**
 * Spec 3 §7: GET /api/autoReorder/promotions[?productId=] → { promotions: [{ promotionId, description, rewards,
 * expiresAt }] }: the running promotions auto-reorder orders earn, only those the product can earn when one is
 * given (400 for a malformed id, 404 for an unknown or hidden product). Rewards are shaped as in
 * /api/promotions/all. No coupon promotions and nothing personal, so shared caches may keep it briefly.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { db } = context.get(servicesContext);
  const raw = new URL(request.url).searchParams.get("productId");
  const productId = raw === null ? undefined : parseProductId(raw);
  const promotions = await autoReorderPromotions(db, new Date(), productId);
  if (!promotions) return jsonError(404, `No product with id ${productId}.`);
  return jsonResponse(
    {
      promotions: promotions.map((promotion) => ({
        promotionId: promotion.id,
        description: promotion.description,
        rewards: promotion.rewards.map(rewardRuleJson),
        expiresAt: promotion.expiresAt?.toISOString() ?? null,
      })),
    },
    PUBLIC_PAGE_CACHE_CONTROL,
  );
}

export function action() {
  return methodNotAllowed("GET");
}

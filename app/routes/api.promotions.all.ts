import { PUBLIC_PAGE_CACHE_CONTROL } from "~/models/http-cache";
import { rewardRuleJson } from "~/models/promotions";
import { jsonResponse, methodNotAllowed } from "~/services/api/json.server";
import { servicesContext } from "~/services/platform/context.server";
import { activePromotions } from "~/services/cart/promotions.server";
import type { Route } from "./+types/api.promotions.all";

/**
 * GET /api/promotions/all → [{ id, description, rewards, expiration, isPrivateLabelTrial }]: the running
 * promotions anyone can earn. Promotions that need a coupon are left out, so no code is ever listed. The same for
 * everyone, so shared caches may keep it briefly (promotions start and end, hence minutes, not hours).
 */
export async function loader({ context }: Route.LoaderArgs) {
  const { db, logger } = context.get(servicesContext);
  const running = await activePromotions(db, new Date(), logger);
  return jsonResponse(
    running
      .filter((promotion) => !promotion.requiresCoupon)
      .sort((a, b) => a.id - b.id)
      .map((promotion) => ({
        id: promotion.id,
        description: promotion.description,
        rewards: promotion.rewards.map(rewardRuleJson),
        expiration: promotion.expiresAt?.toISOString() ?? null,
        isPrivateLabelTrial: promotion.isPrivateLabelTrial,
      })),
    PUBLIC_PAGE_CACHE_CONTROL,
  );
}

export function action() {
  return methodNotAllowed("GET");
}

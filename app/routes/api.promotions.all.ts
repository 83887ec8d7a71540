import { PUBLIC_PAGE_CACHE_CONTROL } from "~/models/http-cache";
import type { RewardRule } from "~/models/promotions";
import { jsonResponse, methodNotAllowed } from "~/services/api.server";
import { servicesContext } from "~/services/context.server";
import { activePromotions } from "~/services/promotions.server";
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

/** A reward rule as the public promotions list shows it (amounts in cents). */
function rewardRuleJson(reward: RewardRule) {
  switch (reward.type) {
    case "Rebate":
    case "InstantRebate":
      return {
        rewardType: reward.type,
        breakpoints: reward.breakpoints.map((point) => ({
          quantityBreakpoint: point.quantity,
          amount: point.amountCents,
        })),
      };
    case "DollarOff":
      return { rewardType: reward.type, amount: reward.amountCents };
    case "PercentOff":
      return { rewardType: reward.type, percent: reward.percent };
    case "Shipping":
      // A null amount: shipping at these levels is free.
      return { rewardType: reward.type, amount: reward.amountCents, shippingLevels: reward.levels };
  }
}

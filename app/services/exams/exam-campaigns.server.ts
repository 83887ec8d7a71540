import { examCompleteExperienceOf, type ExamCompleteExperience } from "~/models/exam-complete-experience";
import {
  campaignOfAction,
  examPriceOverride,
  overrideQuote,
  standardQuote,
  type ExamPriceQuote,
} from "~/models/exam-price";
import { experimentDefinitions } from "../growth/experiments.server";
import type { AppServices, Visitor } from "../platform/context.server";
import { examPrice } from "./exam-vouchers.server";

/**
 * What the exam price experiment (spec 3 §9, `exam-price` in content/experiments.json; decision 64) changes for one
 * visitor: the exam's price (`override_exam_price`) and what follows the exam (`override_exam_complete_experience`).
 * Both come from the server's own evaluation of the visitor's variations (the visitor middleware's), never from what a
 * form or an app posts.
 */

export type ExamCampaignVisitor = Pick<Visitor, "campaignActions" | "campaignVariations">;
export type ExamPriceServices = Pick<AppServices, "content" | "db" | "examProvider" | "logger">;

/**
 * The exam's price for this visitor: the override of their variation (no call to the provider), else the provider's
 * price (20 when it cannot say). An override no card can be charged (under 50 cents) is logged and not used.
 */
export async function examPriceFor(services: ExamPriceServices, visitor: ExamCampaignVisitor): Promise<ExamPriceQuote> {
  const override = examPriceOverride(visitor.campaignActions);
  if (override && "cents" in override) {
    const { definitions } = await experimentDefinitions(services);
    const campaign = campaignOfAction(
      definitions,
      visitor.campaignVariations,
      (action) => action.type === "override_exam_price" && action.cents === override.cents,
    );
    return overrideQuote({ cents: override.cents, campaign });
  }
  if (override) {
    services.logger.warn({ cents: override.refused }, "exam price override below a chargeable amount; not used");
  }
  return standardQuote(await examPrice(services));
}

/** Unknown experience names already logged by this process: the content's mistake is told once, not per visit. */
const reportedExperiences = new Set<string>();

/**
 * What follows the exam for this visitor. A name the store does not know (a mistake in the content) falls back to
 * the standard experience and is logged, never failing the page.
 */
export function examCompleteExperienceFor(
  services: Pick<AppServices, "logger">,
  visitor: ExamCampaignVisitor,
): ExamCompleteExperience {
  const { experience, unknown } = examCompleteExperienceOf(visitor.campaignActions);
  if (unknown !== null && !reportedExperiences.has(unknown)) {
    reportedExperiences.add(unknown);
    services.logger.warn(
      { experience: unknown, fallback: experience },
      "unknown exam-complete experience in the content; the standard one is shown",
    );
  }
  return experience;
}

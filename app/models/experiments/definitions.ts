import { z } from "zod";
import { conditionSchema, type Condition } from "./conditions-schema";
import { variantNameSchema, type VariantName } from "./names";

/**
 * Experiment definitions (spec 3 §3 "Content slots, experiments, personalization"). The content system holds each
 * campaign in the spec's required-campaign shape (id, conditions, description, variations (id, ratio),
 * supports_excluded, options (algorithm, cache preferences)); `definitionFromCampaign` turns it into the engine's
 * experiment definition (id, variations id → ratio, conditions, assignmentStrategy, useExcludedVariation).
 */

/** The only random-assign method the engine has: FNV-1a (32 bit) of `${experimentId}:${visitorId}`. */
export const ASSIGNMENT_ALGORITHMS = ["fnv1a32"] as const;

const PRICE_BOOK_ACTION = z.enum(["high", "low", "none"]);
const sitePath = z.string().regex(/^\/(?!\/)\S*$/, "a site path starting with /");

/** Content actions (spec 3 §3). The engine only returns them; the store's pages carry them out. */
export const contentActionSchema = z.discriminatedUnion("type", [
  z.object({
    type: z.literal("redirect"),
    /** The page the redirect applies on (the home split test: "/"); without it, any page. */
    from: sitePath.optional(),
    url: sitePath,
    /** Query parameters carried over to the target; every other one is dropped. */
    keep_query: z.array(z.string().min(1)).default([]),
  }),
  z.object({ type: z.literal("override_exam_price"), cents: z.number().int().min(0).max(100_000) }),
  z.object({ type: z.literal("override_exam_complete_experience"), experience: z.string().min(1).max(60) }),
  z.object({ type: z.literal("insurance_provider"), provider: z.string().min(1).max(60) }),
  z.object({ type: z.literal("partner_site"), site: z.string().min(1).max(60) }),
  z.object({ type: z.literal("price_book"), price_book: PRICE_BOOK_ACTION }),
  /** Not in the spec's list: the rebate pricing groups (spec 1 §4.4 step 6) add a customer group by campaign path. */
  z.object({ type: z.literal("customer_group"), group: z.string().min(1).max(60) }),
]);
export type ContentAction = z.infer<typeof contentActionSchema>;

export const campaignVariationSchema = z.object({
  id: variantNameSchema.exclude(["excluded"]),
  /** What the variation is called in the spec (control, high, standard, ...), for people reading the file. */
  label: z.string().max(60).optional(),
  ratio: z.number().min(0).finite(),
  actions: z.array(contentActionSchema).default([]),
});

/** A campaign as the content system holds it (the spec's required-campaign fields, plus status). */
export const campaignSchema = z.object({
  id: z.string().regex(/^[a-z0-9][a-z0-9-]{0,60}$/, "lower-case letters, digits and dashes"),
  description: z.string().min(1).max(300),
  status: z.enum(["running", "paused"]),
  conditions: z.array(conditionSchema).default([]),
  variations: z.array(campaignVariationSchema).min(1),
  supports_excluded: z.boolean().default(false),
  options: z
    .object({
      /** `random`: weighted by the hash; `manual`: nobody is assigned unless an override names a variation. */
      assignment: z.enum(["random", "manual"]).default("random"),
      /** Any other name is kept so the engine can report it (code 4) instead of dropping the whole file. */
      algorithm: z.string().default("fnv1a32"),
      /** `page`: pages vary by the assignment (it enters the page-cache key); `none`: it changes no cached page. */
      cache_preferences: z.enum(["page", "none"]).default("page"),
    })
    .default({ assignment: "random", algorithm: "fnv1a32", cache_preferences: "page" }),
});
export type Campaign = z.infer<typeof campaignSchema>;

/** content/experiments.json */
export const experimentsContentSchema = z.object({ experiments: z.array(campaignSchema) });

/** The engine's experiment definition (spec 3 §3: id, variations, conditions, assignmentStrategy, useExcludedVariation). */
export interface ExperimentDefinition {
  id: string;
  description: string;
  status: "running" | "paused";
  /** Variation id → ratio, in the order the content lists them (the order the buckets are laid out). */
  variations: ReadonlyArray<{ id: VariantName; ratio: number; actions: readonly ContentAction[] }>;
  /** Every condition must hold for the visitor to be eligible. */
  conditions: readonly Condition[];
  assignmentStrategy: { type: "random" | "manual"; algorithm: string };
  useExcludedVariation: boolean;
  cachePreference: "page" | "none";
}

export function definitionFromCampaign(campaign: Campaign): ExperimentDefinition {
  return {
    id: campaign.id,
    description: campaign.description,
    status: campaign.status,
    variations: campaign.variations.map(({ id, ratio, actions }) => ({ id, ratio, actions })),
    conditions: campaign.conditions,
    assignmentStrategy: { type: campaign.options.assignment, algorithm: campaign.options.algorithm },
    useExcludedVariation: campaign.supports_excluded,
    cachePreference: campaign.options.cache_preferences,
  };
}

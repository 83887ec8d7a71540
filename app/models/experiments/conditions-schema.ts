import { z } from "zod";
import {
  environmentSchema,
  TRAFFIC_CHANNELS,
  variantNameSchema,
  type ExperimentEnvironment,
  type TrafficChannel,
  type VariantName,
} from "./names";

const codes = z.array(z.string().min(1).max(80)).min(1);

/**
 * The conditions a campaign may set (spec 3 §3), written as the content system holds them. `referral_branding` is
 * ours: the spec names referral branding among the exclusions and maps paid-social branding to a campaign path, but
 * lists no condition that reads `rb`.
 */
export type Condition =
  | { type: "affiliate_code"; codes?: string[]; prefixes?: string[] }
  | { type: "referral_branding"; codes: string[] }
  | { type: "customer_group"; groups: string[] }
  | { type: "authentication_status"; status: "signed_in" | "signed_out" }
  | { type: "required_campaign"; campaign_id: string; variations: VariantName[] }
  | { type: "device_type"; device: "mobile" | "desktop" }
  | { type: "traffic_channel"; channels: TrafficChannel[] }
  | { type: "exclude_environment"; environments: ExperimentEnvironment[] }
  | { type: "unauthenticated_returning_customer" }
  | { type: "previous_shipped_customer" }
  | { type: "previous_sign_in_customer" }
  | { type: "previous_order_customer" }
  | { type: "exam_price"; min_cents?: number; max_cents?: number }
  | { type: "not"; condition: Condition }
  | { type: "or"; conditions: Condition[] }
  | {
      type: "primary_with_alternate";
      primary: Condition;
      alternate: Condition;
      alternate_variation: VariantName;
    };

export const conditionSchema: z.ZodType<Condition> = z.lazy(() =>
  z.discriminatedUnion("type", [
    z
      .object({ type: z.literal("affiliate_code"), codes: codes.optional(), prefixes: codes.optional() })
      .refine((value) => value.codes || value.prefixes, "affiliate_code needs codes or prefixes"),
    z.object({ type: z.literal("referral_branding"), codes }),
    z.object({ type: z.literal("customer_group"), groups: codes }),
    z.object({ type: z.literal("authentication_status"), status: z.enum(["signed_in", "signed_out"]) }),
    z.object({
      type: z.literal("required_campaign"),
      campaign_id: z.string().min(1),
      variations: z.array(variantNameSchema).min(1),
    }),
    z.object({ type: z.literal("device_type"), device: z.enum(["mobile", "desktop"]) }),
    z.object({ type: z.literal("traffic_channel"), channels: z.array(z.enum(TRAFFIC_CHANNELS)).min(1) }),
    z.object({ type: z.literal("exclude_environment"), environments: z.array(environmentSchema).min(1) }),
    z.object({ type: z.literal("unauthenticated_returning_customer") }),
    z.object({ type: z.literal("previous_shipped_customer") }),
    z.object({ type: z.literal("previous_sign_in_customer") }),
    z.object({ type: z.literal("previous_order_customer") }),
    z
      .object({
        type: z.literal("exam_price"),
        min_cents: z.number().int().min(0).optional(),
        max_cents: z.number().int().min(0).optional(),
      })
      .refine((value) => value.min_cents !== undefined || value.max_cents !== undefined, "exam_price needs a bound"),
    z.object({ type: z.literal("not"), condition: conditionSchema }),
    z.object({ type: z.literal("or"), conditions: z.array(conditionSchema).min(1) }),
    z.object({
      type: z.literal("primary_with_alternate"),
      primary: conditionSchema,
      alternate: conditionSchema,
      alternate_variation: variantNameSchema,
    }),
  ]),
);

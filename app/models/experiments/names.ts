import { z } from "zod";

/** The named variants (spec 3 §3: default, A to L, Y, Z and excluded). A campaign path is one of these. */
export const VARIANT_NAMES = [
  "default",
  "A",
  "B",
  "C",
  "D",
  "E",
  "F",
  "G",
  "H",
  "I",
  "J",
  "K",
  "L",
  "Y",
  "Z",
  "excluded",
] as const;
export type VariantName = (typeof VARIANT_NAMES)[number];
export const variantNameSchema = z.enum(VARIANT_NAMES);

export function isVariantName(value: string): value is VariantName {
  return (VARIANT_NAMES as readonly string[]).includes(value);
}

/** Environments (spec 3 §3). BUTTER is the spec's fourth environment: a pre-production copy, not production. */
export const EXPERIMENT_ENVIRONMENTS = ["DEVELOPMENT", "STAGING", "PRODUCTION", "BUTTER"] as const;
export type ExperimentEnvironment = (typeof EXPERIMENT_ENVIRONMENTS)[number];
export const environmentSchema = z.enum(EXPERIMENT_ENVIRONMENTS);

/** Traffic channels (spec 3 §3 "Traffic and audience"): the attribution model's list. */
export { TRAFFIC_CHANNELS, type TrafficChannel } from "../traffic";

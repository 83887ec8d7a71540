import { z } from "zod";
import { DEFAULT_CONTENT_CONTEXT, SLOT_IDS } from "./content-slots";

/**
 * POST api/customerDataPlatform/pageConfiguration (spec 3 §7 "Content and personalization"): a client asks which
 * content the slots of an experience show for its visitor. The route parses with these schemas and the OpenAPI
 * document describes the call with them.
 */

/** Spec 3 §3: the cart state names. */
export const CART_STATES = [
  "ItemsInCart",
  "OrderShipped",
  "OrderDelivered",
  "OrderVerifyingRx",
  "ActiveSubscription",
  "Reorder",
  "ReorderMultiProduct",
  "Unknown",
] as const;

const shortText = (max: number) => z.string().trim().max(max);

export const pageConfigurationParametersSchema = z.object({
  /** The state of the visitor's web cart. */
  webCart: z.enum(CART_STATES).optional(),
  hasPreviousOrder: z.boolean().optional(),
  hasPreviousShippedOrder: z.boolean().optional(),
  hasPreviousSignIn: z.boolean().optional(),
  /** Customer groups the client holds for the visitor (names, or the codes NI and RI). */
  customerGroups: z.array(shortText(60)).max(30).optional(),
  isMobile: z.boolean().optional(),
  /** The `ac` campaign code of the visit. */
  ac: shortText(100).optional(),
  /** What the real-time identity call answered (spec 3 §5), passed through as the client got it. */
  realTimeIdentityData: z.record(z.string(), z.unknown()).nullable().optional(),
  /** The traffic channel of the visit. */
  channel: shortText(40).optional(),
});

export const pageConfigurationRequestSchema = z.object({
  /** The experience (page) whose slots are asked for; spec 9's default context when left out. */
  experience: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9_-]{1,60}$/, "experience must be 1 to 60 letters, digits, - or _")
    .default(DEFAULT_CONTENT_CONTEXT),
  parameters: pageConfigurationParametersSchema.default({}),
  sessionId: shortText(100).optional(),
});
export type PageConfigurationRequest = z.infer<typeof pageConfigurationRequestSchema>;

/** One chosen component: a slot's decision, its placeholders filled. */
export const pageComponentSchema = z.object({
  slot: z.enum(SLOT_IDS),
  contentId: z.string(),
  isDefault: z.boolean(),
  variationId: z.string().nullable(),
  heading: z.string(),
  text: z.string(),
  cta: z.object({ label: z.string(), href: z.string() }).nullable(),
});

export const pageConfigurationResponseSchema = z.object({
  experience: z.string(),
  sessionId: z.string().nullable(),
  /** Empty when the experience has no slots, or when the decision failed or timed out (spec 3 §8). */
  components: z.array(pageComponentSchema),
});
export type PageConfigurationResponse = z.infer<typeof pageConfigurationResponseSchema>;

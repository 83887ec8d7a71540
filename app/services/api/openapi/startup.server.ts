import { z } from "zod";
import { PRICE_BOOKS } from "~/models/catalog";
import { CUSTOMER_GROUPS } from "~/models/customer-groups";
import { TRAFFIC_CHANNELS } from "~/models/traffic";
import { optionalBoolean } from "../auth.server";
import { customerSchema } from "./authentication.server";
import { errors, isoDateTime, operation, type ApiOperation } from "./registry.server";

/** Spec 1 §4.4 / §7: POST api/startup, the app's first call. */

const groupList = z
  .array(z.string().trim().min(1).max(60))
  .max(20, { error: "Send at most 20 customer groups." })
  .optional()
  .describe(`Customer group names (${CUSTOMER_GROUPS.join(", ")}).`);

export const startupSchema = z.object({
  autoLoginToken: z.string().trim().min(1).max(200, { error: "That autoLoginToken is not valid." }).optional(),
  priceBook: z.enum(PRICE_BOOKS, { error: `priceBook must be one of: ${PRICE_BOOKS.join(", ")}.` }).optional(),
  rxId: z.union([z.number().int(), z.string().trim().max(20)]).optional(),
  referralBrandingCode: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9._-]{1,40}$/, { error: "That referralBrandingCode is not valid." })
    .optional(),
  customerGroupsToAdd: groupList,
  customerGroupsToRemove: groupList,
  couponCode: z.string().trim().max(40).optional(),
  rememberMe: optionalBoolean,
});
export type StartupInput = z.infer<typeof startupSchema>;

const startupAnswer = z.object({
  userData: z.object({
    customer: customerSchema.nullable(),
    /** A bearer client signed in by the auto-login token gets its token here. */
    token: z.string().optional(),
    expiresAt: isoDateTime.optional(),
    customerGroups: z.array(z.enum(CUSTOMER_GROUPS)),
    priceBook: z.enum(PRICE_BOOKS),
    trafficChannel: z.enum(TRAFFIC_CHANNELS),
    notice: z.string().optional().describe("Said when the auto-login link has expired."),
    coupon: z.object({ applied: z.boolean(), message: z.string() }).optional(),
    ignoredCustomerGroups: z
      .array(z.string())
      .optional()
      .describe("Groups the store works out from its records: they cannot be added or removed."),
  }),
  campaignOverrides: z.record(z.string(), z.string()).describe("The visitor's variation per campaign id."),
  redirectUrl: z.string().nullable(),
});

export const operations: ApiOperation[] = [
  operation({
    method: "POST",
    path: "/api/startup",
    summary: "Start a visit: auto-login, price book, referral branding, customer groups, coupon",
    tag: "Startup",
    auth: "optional",
    body: startupSchema,
    bodyRequired: false,
    responses: {
      200: { description: "What the visit starts with.", schema: startupAnswer },
      ...errors({ 400: "Bad input (an unknown customer group, a bad price book)." }),
    },
  }),
];

import { z } from "zod";
import { addressFormSchema, isInternational, postalAddressSchema } from "~/models/address";

/**
 * The request and response schemas of the address calls (spec 2 §7, spec 3 §7 'Addresses'): POST
 * api/addresses/verify, POST api/addresses/v2, PUT api/addresses/v2/{id}, DELETE api/addresses/{id}, GET
 * api/addresses; and the address of PUT api/cart/shippingAddress. Pure zod: no server code. The routes parse with
 * these and the OpenAPI document (openapi/addresses.server.ts) describes the calls with the same objects.
 */

export const ADDRESS_REQUIRED_MESSAGE =
  "Send the address: firstName, lastName, address1, city, state, postalCode and country.";

/**
 * An address as JSON, checked by the account address forms' schema (addressFormSchema): `country` defaults to US;
 * outside the US `state` is taken as the region when `region` is not sent; null reads as missing.
 */
export const addressSchema = z.preprocess(
  (raw) => {
    if (typeof raw !== "object" || raw === null || Array.isArray(raw)) return raw;
    const fields: Record<string, unknown> = Object.fromEntries(
      Object.entries(raw).map(([name, value]) => [name, value === null ? undefined : value]),
    );
    fields.country ??= "US";
    if (typeof fields.country === "string" && isInternational(fields.country) && fields.region === undefined) {
      fields.region = fields.state;
      fields.state = undefined;
    }
    return fields;
  },
  z
    .custom<Record<string, unknown>>((value) => typeof value === "object" && value !== null && !Array.isArray(value), {
      error: ADDRESS_REQUIRED_MESSAGE,
    })
    .pipe(addressFormSchema),
);

/** POST api/addresses/verify, POST api/addresses/v2 and PUT api/addresses/v2/{id}: `{ address }`. */
export const addressRequestSchema = z.object({ address: addressSchema });

/** The id of an address in the path: a positive database id (anything else is simply not found). */
export const addressIdSchema = z
  .string()
  .regex(/^[1-9][0-9]{0,8}$/)
  .transform(Number);

export const verificationStatusSchema = z.enum(["Verified", "CustomerVerified", "NeedsVerification"]);

/** An address-book entry (spec 2 §3 Address). */
export const addressResponseSchema = z.object({
  id: z.number().int(),
  ...postalAddressSchema.shape,
  isPrimary: z.boolean(),
  verificationStatus: verificationStatusSchema,
});

/** GET api/addresses: the customer's addresses, the primary one first. */
export const addressListResponseSchema = z.array(addressResponseSchema);

/** POST api/addresses/v2 and PUT api/addresses/v2/{id}: the saved address. */
export const addressSavedResponseSchema = z.object({ address: addressResponseSchema });

/** DELETE api/addresses/{id}: the addresses left (another may have become primary). */
export const addressDeletedResponseSchema = addressListResponseSchema;

/** A verified suggestion (spec 2 §3). */
export const addressSuggestionSchema = z.object({
  address1: z.string(),
  address2: z.string(),
  city: z.string(),
  state: z.string(),
  postalCode: z.string(),
});

/**
 * How an address an API client sent was verified (PUT api/cart/shippingAddress, PUT api/autoReorder/{id}/address):
 * stored as sent, Verified or NeedsVerification, with a differing match as `suggestion` (send it back to take it).
 */
export const addressVerificationSchema = z.object({
  status: verificationStatusSchema,
  suggestion: addressSuggestionSchema.nullable(),
});

/**
 * POST api/addresses/verify: the verifier's matches (empty for a non-US address, which is never sent, and when
 * the verifier found none, failed or took over 5 s), and the status the entry would get if saved as it is.
 */
export const addressVerifyResponseSchema = z.object({
  matches: z.array(addressSuggestionSchema),
  verificationStatus: verificationStatusSchema,
  reason: z.enum(["matched", "international", "no-match", "error", "timeout"]),
});

/** A shipping address as a cart holds it (a copy, with its verification status and the book entry it came from). */
export const addressSnapshotSchema = z.object({
  ...postalAddressSchema.shape,
  verificationStatus: verificationStatusSchema,
  addressId: z.number().int().optional(),
});

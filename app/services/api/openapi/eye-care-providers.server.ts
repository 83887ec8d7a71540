import { z } from "zod";
import { addDoctorSchema } from "~/models/doctor-search";
import { FULL_NAME_MAX } from "~/models/patient";
import { errors, operation, type ApiOperation } from "./registry.server";

/** Eye-care providers (spec 2 §7): request schemas the routes parse with, and the doctor JSON. */

const tag = "Eye-care providers";
const SIGN_IN = "Signed out, or a bearer token that is not accepted.";

// --- Requests --------------------------------------------------------------------------------------------------

// The fields follow the add-doctor form's rules (addDoctorSchema), in the spec's JSON shape.
const fields = addDoctorSchema.shape;

export const newProviderSchema = z.object({
  firstName: fields.firstName,
  lastName: fields.lastName,
  phoneNumber: fields.phone,
  clinic: z.object(
    {
      name: fields.clinicName,
      phone: fields.phone.nullish(),
      address: z.object(
        {
          address1: fields.address1,
          address2: fields.address2.nullable(),
          city: fields.city,
          state: fields.state,
          postalCode: fields.postalCode,
        },
        { error: "Send the clinic's address: address1, city, state and postalCode." },
      ),
    },
    { error: "Send the clinic: name, phone and address." },
  ),
});

const text = (field: string) => z.string({ error: `${field} must be text.` }).nullish();

/** Spec 2 §3 doctor search parameters; unknown fields are ignored, null is the same as left out. */
export const providerSearchSchema = z.object({
  name: text("name"),
  phoneNumber: text("phoneNumber"),
  city: text("city"),
  state: text("state"),
  postalCode: text("postalCode"),
});

const PN_REQUIRED = "Send the patient's full name as pn.";
export const pnSchema = z
  .string()
  .transform((value) => value.trim().replace(/\s+/g, " "))
  .pipe(
    z
      .string()
      .min(1, { error: PN_REQUIRED })
      .max(FULL_NAME_MAX, { error: `The patient's full name can be at most ${FULL_NAME_MAX} characters.` }),
  );
export { PN_REQUIRED };

// --- Answers ---------------------------------------------------------------------------------------------------

export const doctorSchema = z.object({
  id: z.number().int(),
  firstName: z.string(),
  lastName: z.string(),
  phoneNumber: z.string(),
  canUseForPassiveVerification: z.boolean(),
  clinic: z.object({
    id: z.number().int(),
    name: z.string(),
    phone: z.string().nullable(),
    address: z.object({
      address1: z.string(),
      address2: z.string().nullable(),
      city: z.string(),
      state: z.string(),
      postalCode: z.string(),
    }),
  }),
});

export const operations: ApiOperation[] = [
  operation({
    method: "POST",
    path: "/api/eyeCareProviders",
    summary: "Add a doctor (when a phone-number search finds none)",
    tag,
    auth: "customer",
    body: newProviderSchema,
    responses: {
      201: { description: "The doctor (the one already added when sent again).", schema: doctorSchema },
      ...errors({ 400: "Bad input, or a ZIP code unknown or in another state.", 401: SIGN_IN }),
    },
  }),
  operation({
    method: "GET",
    path: "/api/eyeCareProviders/recent",
    summary: "The doctors of the customer's recent orders usable for passive verification (empty signed out)",
    tag,
    auth: "optional",
    responses: {
      200: {
        description: "The doctors, newest first, with their patients.",
        schema: z.array(
          doctorSchema.extend({ patients: z.array(z.object({ firstName: z.string(), lastName: z.string() })) }),
        ),
      },
    },
  }),
  operation({
    method: "GET",
    path: "/api/eyeCareProviders/clinic/{clinicId}",
    summary: "A clinic's doctors",
    tag,
    auth: "none",
    params: z.object({ clinicId: z.string().regex(/^[0-9]{1,10}$/) }),
    responses: {
      200: { description: "The doctors.", schema: z.array(doctorSchema) },
      ...errors({ 400: "Not a clinic id.", 404: "An unknown clinic." }),
    },
  }),
  operation({
    method: "POST",
    path: "/api/eyeCareProviders/search",
    summary: "Search doctors by name or phone number near a place (at most 25, nearest first)",
    tag,
    auth: "optional",
    body: providerSearchSchema,
    responses: {
      200: {
        description: "The doctors.",
        schema: z.array(doctorSchema.extend({ distanceMiles: z.number().nullable() })),
      },
      ...errors({ 400: "Bad input (the search page's messages)." }),
    },
  }),
  operation({
    method: "GET",
    path: "/api/eyeCareProviders/patient",
    alsoAt: ["/eyeCareProviders/patient"],
    summary: "The doctor of the customer's latest order for a patient",
    tag,
    auth: "customer",
    query: z.object({ pn: pnSchema.describe("The patient's full name.") }),
    responses: {
      200: { description: "The doctor.", schema: doctorSchema },
      ...errors({ 400: "A missing, blank or too long pn.", 401: SIGN_IN, 404: "No order for that patient." }),
    },
  }),
];

import { z } from "zod";
import {
  cartInsuranceBodySchema,
  cartInsuranceDeleteSchema,
  coverageUpdateSchema,
  dateOfBirthVerificationSchema,
  EXAM_INSURANCE_STATUSES,
  examInsuranceSearchSchema,
  SEARCH_STATUSES,
  searchCriteriaSchema,
} from "~/models/insurance";
import { cartResponseSchema } from "../schemas/cart-api";
import { errors, operation, pathParams, type ApiOperation } from "./registry.server";

/** Insurance benefits (issue 27; spec 3 §7 "Insurance benefits"): schemas and answers. */

const tag = "Insurance";
const TOO_MANY = "Too many tries at this benefit's (or from this address's) verification; try later.";

const searchStatus = z.enum(SEARCH_STATUSES);

const benefitSchema = z.object({
  benefitId: z.string().describe("The coverage token."),
  firstName: z.string(),
  lastName: z.string(),
  remainingAllowance: z.number().int().describe("Integer cents."),
  copay: z.number().int().describe("Integer cents."),
  isOneTimeUse: z.boolean(),
  network: z.string(),
  planName: z.string(),
  expireDate: z.string().nullable(),
  provider: z.string(),
  coinsurance: z.number().describe("Percent."),
  maximumBenefit: z.number().int().describe("Integer cents."),
  deductible: z.number().int().describe("Integer cents."),
  inNetwork: z.boolean(),
  isUseable: z.boolean(),
  insuranceType: z.literal("CONTACT_LENS"),
  searchStatus: z.string(),
});

export const operations: ApiOperation[] = [
  operation({
    method: "POST",
    path: "/api/insurance/memberBenefitSearch",
    summary: "Start a member benefit search; poll its result with the token",
    description:
      "ZIPs are US ZIPs (only the first 5 digits are used); the date of birth is read as YYYY-MM-DD; searchReason " +
      "is background or customerInitiated ('Invalid search reason'). A provider that fails gives no token and the " +
      "failure's status (Error, or NotFound for a 404).",
    tag,
    auth: "none",
    body: searchCriteriaSchema,
    responses: {
      200: {
        description: "The search's token, or the status of a provider failure.",
        schema: z.union([
          z.object({ searchToken: z.string(), searchStatus: z.literal("Pending") }),
          z.object({ searchToken: z.null(), searchStatus }),
        ]),
      },
      ...errors({ 400: "Bad input." }),
    },
  }),
  operation({
    method: "GET",
    path: "/api/insurance/memberBenefitSearchResult/{token}",
    summary: "A search's result so far: the mapped status and the contact-lens benefits",
    description:
      "Poll until the status is not Pending or a benefit's searchStatus is Success; still Pending after the last " +
      "poll counts as NotFound. An unknown or missing provider status is Error; an unknown or expired search is " +
      "NotFound; a Success with a coinsurance benefit is ContactUs on the default campaign path. Only CONTACT_LENS " +
      "benefits are answered.",
    tag,
    auth: "none",
    params: pathParams("token"),
    responses: {
      200: {
        description: "The result.",
        schema: z.object({ searchToken: z.string(), searchStatus, insuranceBenefits: z.array(benefitSchema) }),
      },
      ...errors({ 400: "A malformed token." }),
    },
  }),
  operation({
    method: "POST",
    path: "/api/insurance/dateOfBirthVerification",
    summary: "Whether a date of birth is the benefit's member's",
    description: "The date is read as YYYY-MM-DD; an unparsable one is null and verifies nothing.",
    tag,
    auth: "none",
    body: dateOfBirthVerificationSchema,
    responses: {
      200: { description: "The answer.", schema: z.object({ verified: z.boolean() }) },
      ...errors({ 400: "Bad input.", 404: "No such benefit.", 429: TOO_MANY }),
    },
  }),
  operation({
    method: "GET",
    path: "/api/insurance/insuranceBenefitName/{id}",
    summary: "A benefit's name (its plan)",
    tag,
    auth: "none",
    params: pathParams("id"),
    responses: {
      200: { description: "The name.", schema: z.object({ benefitId: z.string(), name: z.string() }) },
      ...errors({ 400: "A malformed id.", 404: "No such benefit." }),
    },
  }),
  operation({
    method: "PUT",
    path: "/api/insurance/coverage/{id}",
    summary: "Send the subscriber's last four SSN digits for a coverage",
    description: "Any failure answers 'There was an error validating your SSN. Please try again.'",
    tag,
    auth: "none",
    params: pathParams("id"),
    body: coverageUpdateSchema,
    responses: {
      200: { description: "Accepted.", schema: z.object({ benefitId: z.string(), updated: z.literal(true) }) },
      ...errors({
        400: "Not four digits (the SSN message), or a malformed id.",
        404: "No such benefit.",
        422: "The provider refused the digits (the SSN message).",
        429: TOO_MANY,
      }),
    },
  }),
  operation({
    method: "POST",
    path: "/api/cart/insurance",
    summary: "Apply an insurance benefit to the cart",
    description:
      "A benefit a member search found, with that search's token (the result is read again, so only a Success's " +
      "useable contact-lens benefit with allowance left applies), or the passive search's offer on the cart, with " +
      "the member's date of birth (verified with the provider). The cart gets orderSummary.insuranceBenefitsTotal " +
      "and the Insurance_Customer group; its mail-in rebates drop out (they do not combine with insurance).",
    tag,
    auth: "optional",
    body: cartInsuranceBodySchema,
    responses: {
      200: { description: "Applied.", schema: z.object({ message: z.string(), cart: cartResponseSchema }) },
      ...errors({
        400: "Bad input.",
        422: "The benefit can't be applied, or the date of birth doesn't match.",
        429: TOO_MANY,
      }),
    },
  }),
  operation({
    method: "DELETE",
    path: "/api/cart/insurance",
    summary: "Remove the cart's insurance benefit",
    description: "Clears insuranceBenefitsTotal and the Insurance_Customer group; rebates apply again.",
    tag,
    auth: "optional",
    body: cartInsuranceDeleteSchema,
    responses: {
      200: { description: "Removed.", schema: z.object({ message: z.string(), cart: cartResponseSchema }) },
      ...errors({ 400: "Bad input.", 404: "No cart, or the cart has none of these benefits." }),
    },
  }),
  operation({
    method: "POST",
    path: "/api/examInsurance/search",
    summary: "Start an exam insurance search; poll its result with the token",
    description: "A null token: the provider could not start the search (logged); the exam is not covered.",
    tag,
    auth: "none",
    body: examInsuranceSearchSchema,
    responses: {
      200: { description: "The search's token.", schema: z.object({ searchToken: z.string().nullable() }) },
      ...errors({ 400: "Bad input." }),
    },
  }),
  operation({
    method: "GET",
    path: "/api/examInsurance/searchResult/{token}",
    summary: "An exam insurance search's result: poll until Complete",
    description:
      "coverageToken is the exam benefit's id; the all-zero id means none. A provider failure completes the search " +
      "with no coverage.",
    tag,
    auth: "none",
    params: pathParams("token"),
    responses: {
      200: {
        description: "The result.",
        schema: z.object({
          searchToken: z.string(),
          searchStatus: z.enum(EXAM_INSURANCE_STATUSES),
          isSearching: z.boolean(),
          provider: z.string().nullable(),
          coverageToken: z.string(),
          copay: z.number().int().nullable().describe("Integer cents."),
        }),
      },
      ...errors({ 400: "A malformed token." }),
    },
  }),
];

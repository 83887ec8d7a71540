import { z } from "zod";
import { ACCOUNT_MESSAGES, firstNameSchema, formatPhone, fullNameFits, lastNameSchema, phoneSchema } from "./account";

/**
 * The address book's rules (spec 2 §3 Address, §5; spec 3 §5): required first name, last name, address1, city,
 * postal code, country and state; the state is 2 letters unless the address is international (a country set and
 * not US); military states AA, AE, AP go with the cities APO, FPO, DPO; US ZIP codes are 5 digits with an optional
 * 4-digit extension (dash, space or nothing between); Canadian codes are upper-cased and shown 'A1A 1A1'; an
 * international or overseas military address needs a phone.
 */
export const ADDRESS_LINE_MAX = 30;
export const CITY_MAX = 25;
export const POSTAL_CODE_MAX = 10;
/** Outside the US the state (province, region) is free text; this keeps it to a sensible length. */
export const REGION_MAX = 30;

export const ADDRESS_MESSAGES = {
  address1Required: "Enter the street address.",
  addressLineTooLong: `Address lines can be at most ${ADDRESS_LINE_MAX} characters.`,
  cityRequired: "Enter the city.",
  cityInvalid: "A city can contain only letters, spaces, hyphens and apostrophes.",
  cityTooLong: `A city can be at most ${CITY_MAX} characters.`,
  stateRequired: "Choose a state.",
  regionRequired: "Enter the state, province or region.",
  regionTooLong: `The state, province or region can be at most ${REGION_MAX} characters.`,
  postalCodeRequired: "Enter the ZIP or postal code.",
  postalCodeTooLong: `Postal codes can be at most ${POSTAL_CODE_MAX} characters.`,
  zipInvalid: "Enter a 5-digit ZIP code, or ZIP+4 (12345-6789).",
  canadianPostalCodeInvalid: "Enter a Canadian postal code like A1A 1A1.",
  postalCodeInvalid: "Enter a valid postal code.",
  countryRequired: "Choose a country.",
  militaryCityRequired: "For an AA, AE or AP address, the city is APO, FPO or DPO.",
  militaryStateRequired: "APO, FPO and DPO addresses need the state AA, AE or AP.",
  internationalPhoneRequired: "Addresses outside the US need a phone number.",
  militaryPhoneRequired: "Overseas military addresses need a phone number.",
} as const;

/** The US states, DC, the territories and the military "states" (spec 3 §3: a state and territory list). */
export const US_STATES = [
  { code: "AL", name: "Alabama" },
  { code: "AK", name: "Alaska" },
  { code: "AZ", name: "Arizona" },
  { code: "AR", name: "Arkansas" },
  { code: "CA", name: "California" },
  { code: "CO", name: "Colorado" },
  { code: "CT", name: "Connecticut" },
  { code: "DE", name: "Delaware" },
  { code: "DC", name: "District of Columbia" },
  { code: "FL", name: "Florida" },
  { code: "GA", name: "Georgia" },
  { code: "HI", name: "Hawaii" },
  { code: "ID", name: "Idaho" },
  { code: "IL", name: "Illinois" },
  { code: "IN", name: "Indiana" },
  { code: "IA", name: "Iowa" },
  { code: "KS", name: "Kansas" },
  { code: "KY", name: "Kentucky" },
  { code: "LA", name: "Louisiana" },
  { code: "ME", name: "Maine" },
  { code: "MD", name: "Maryland" },
  { code: "MA", name: "Massachusetts" },
  { code: "MI", name: "Michigan" },
  { code: "MN", name: "Minnesota" },
  { code: "MS", name: "Mississippi" },
  { code: "MO", name: "Missouri" },
  { code: "MT", name: "Montana" },
  { code: "NE", name: "Nebraska" },
  { code: "NV", name: "Nevada" },
  { code: "NH", name: "New Hampshire" },
  { code: "NJ", name: "New Jersey" },
  { code: "NM", name: "New Mexico" },
  { code: "NY", name: "New York" },
  { code: "NC", name: "North Carolina" },
  { code: "ND", name: "North Dakota" },
  { code: "OH", name: "Ohio" },
  { code: "OK", name: "Oklahoma" },
  { code: "OR", name: "Oregon" },
  { code: "PA", name: "Pennsylvania" },
  { code: "RI", name: "Rhode Island" },
  { code: "SC", name: "South Carolina" },
  { code: "SD", name: "South Dakota" },
  { code: "TN", name: "Tennessee" },
  { code: "TX", name: "Texas" },
  { code: "UT", name: "Utah" },
  { code: "VT", name: "Vermont" },
  { code: "VA", name: "Virginia" },
  { code: "WA", name: "Washington" },
  { code: "WV", name: "West Virginia" },
  { code: "WI", name: "Wisconsin" },
  { code: "WY", name: "Wyoming" },
  { code: "AS", name: "American Samoa" },
  { code: "GU", name: "Guam" },
  { code: "MP", name: "Northern Mariana Islands" },
  { code: "PR", name: "Puerto Rico" },
  { code: "VI", name: "U.S. Virgin Islands" },
  { code: "UM", name: "U.S. Minor Outlying Islands" },
  { code: "AA", name: "Armed Forces Americas (AA)" },
  { code: "AE", name: "Armed Forces Europe (AE)" },
  { code: "AP", name: "Armed Forces Pacific (AP)" },
] as const;
export type UsStateCode = (typeof US_STATES)[number]["code"];

export const MILITARY_STATES = ["AA", "AE", "AP"] as const;
export const MILITARY_CITIES = ["APO", "FPO", "DPO"] as const;

/** Countries we ship to, by ISO 3166-1 alpha-2 code; the US first. */
export const COUNTRIES = [
  { code: "US", name: "United States" },
  { code: "CA", name: "Canada" },
  { code: "MX", name: "Mexico" },
  { code: "GB", name: "United Kingdom" },
  { code: "IE", name: "Ireland" },
  { code: "AU", name: "Australia" },
  { code: "NZ", name: "New Zealand" },
  { code: "DE", name: "Germany" },
  { code: "FR", name: "France" },
  { code: "ES", name: "Spain" },
  { code: "IT", name: "Italy" },
  { code: "NL", name: "Netherlands" },
  { code: "JP", name: "Japan" },
  { code: "KR", name: "South Korea" },
] as const;
export type CountryCode = (typeof COUNTRIES)[number]["code"];
const COUNTRY_CODES = COUNTRIES.map((country) => country.code) as [CountryCode, ...CountryCode[]];
const STATE_CODES: ReadonlySet<string> = new Set(US_STATES.map((state) => state.code));

/** Letters (with accents), spaces, hyphens and apostrophes. */
const CITY_PATTERN = /^[\p{L}][\p{L}\p{M} '’-]*$/u;
const US_ZIP_PATTERN = /^(\d{5})(?:[-\s]?(\d{4}))?$/;
/** Letter-digit-letter, then optionally digit-letter-digit (a space or dash between is allowed). */
const CANADIAN_POSTAL_PATTERN = /^([A-Z]\d[A-Z])(?:[\s-]?(\d[A-Z]\d))?$/i;
const OTHER_POSTAL_PATTERN = /^[A-Za-z0-9][A-Za-z0-9 -]*$/;

/** International means a country is set and it is not the US. */
export function isInternational(country: string | null | undefined): boolean {
  return !!country && country.trim().toUpperCase() !== "US";
}

export function isMilitaryState(state: string | null | undefined): boolean {
  return (MILITARY_STATES as readonly string[]).includes((state ?? "").trim().toUpperCase());
}

export function isMilitaryCity(city: string | null | undefined): boolean {
  return (MILITARY_CITIES as readonly string[]).includes((city ?? "").trim().toUpperCase());
}

/** A ZIP as stored: "12345" or "12345-6789"; null when it is not a US ZIP. */
export function normalizeUsZip(raw: string): string | null {
  const match = US_ZIP_PATTERN.exec(raw.trim());
  if (!match) return null;
  return match[2] ? `${match[1]}-${match[2]}` : match[1]!;
}

/** A Canadian postal code upper-cased and shown 'A1A 1A1'; null when it is not one. */
export function normalizeCanadianPostalCode(raw: string): string | null {
  const match = CANADIAN_POSTAL_PATTERN.exec(raw.trim());
  if (!match) return null;
  return (match[2] ? `${match[1]} ${match[2]}` : match[1]!).toUpperCase();
}

/** The message for a postal code that does not fit its country, or null when it fits. */
function postalCodeProblem(country: string, postalCode: string): string | null {
  if (country === "US") return normalizeUsZip(postalCode) ? null : ADDRESS_MESSAGES.zipInvalid;
  if (country === "CA")
    return normalizeCanadianPostalCode(postalCode) ? null : ADDRESS_MESSAGES.canadianPostalCodeInvalid;
  return OTHER_POSTAL_PATTERN.test(postalCode) ? null : ADDRESS_MESSAGES.postalCodeInvalid;
}

function lineSchema(requiredMessage: string) {
  return z
    .string({ error: requiredMessage })
    .trim()
    .min(1, { error: requiredMessage })
    .max(ADDRESS_LINE_MAX, { error: ADDRESS_MESSAGES.addressLineTooLong });
}

/**
 * The add/edit address form, shared by the browser (Conform) and the action. A US address picks its state from
 * the list (`state`); any other country types it (`region`). The refinements hold the rules that join fields.
 */
export const addressFormSchema = z
  .object({
    firstName: firstNameSchema,
    lastName: lastNameSchema,
    address1: lineSchema(ADDRESS_MESSAGES.address1Required),
    address2: z.string().trim().max(ADDRESS_LINE_MAX, { error: ADDRESS_MESSAGES.addressLineTooLong }).optional(),
    city: z
      .string({ error: ADDRESS_MESSAGES.cityRequired })
      .trim()
      .min(1, { error: ADDRESS_MESSAGES.cityRequired })
      .max(CITY_MAX, { error: ADDRESS_MESSAGES.cityTooLong })
      .regex(CITY_PATTERN, { error: ADDRESS_MESSAGES.cityInvalid }),
    state: z.string().trim().optional(),
    region: z.string().trim().max(REGION_MAX, { error: ADDRESS_MESSAGES.regionTooLong }).optional(),
    postalCode: z
      .string({ error: ADDRESS_MESSAGES.postalCodeRequired })
      .trim()
      .min(1, { error: ADDRESS_MESSAGES.postalCodeRequired })
      .max(POSTAL_CODE_MAX, { error: ADDRESS_MESSAGES.postalCodeTooLong }),
    country: z.enum(COUNTRY_CODES, { error: ADDRESS_MESSAGES.countryRequired }),
    phone: phoneSchema.optional(),
  })
  // The refinement also runs when a field failed (`when`), so every message shows at once; it skips the rules of
  // fields that already have their own message.
  .superRefine(
    (value, ctx) => {
      const failed = new Set(ctx.issues.map((issue) => String(issue.path?.[0] ?? "")));
      const ok = (field: keyof typeof value) => !failed.has(field) && typeof value[field] === "string";
      const issue = (path: string, message: string) => ctx.addIssue({ code: "custom", path: [path], message });
      if (ok("firstName") && ok("lastName") && !fullNameFits(value.firstName, value.lastName)) {
        issue("lastName", ACCOUNT_MESSAGES.fullNameTooLong);
      }
      if (!ok("country")) return;
      const international = isInternational(value.country);
      // `when` runs this on a failed parse too, so a field can still hold anything the client sent.
      const state = typeof value.state === "string" ? value.state.toUpperCase() : "";
      if (international) {
        if ((typeof value.region !== "string" || !value.region) && !failed.has("region"))
          issue("region", ADDRESS_MESSAGES.regionRequired);
      } else if (!STATE_CODES.has(state)) {
        issue("state", ADDRESS_MESSAGES.stateRequired);
      } else if (ok("city") && isMilitaryState(state) && !isMilitaryCity(value.city)) {
        issue("city", ADDRESS_MESSAGES.militaryCityRequired);
      } else if (ok("city") && !isMilitaryState(state) && isMilitaryCity(value.city)) {
        issue("state", ADDRESS_MESSAGES.militaryStateRequired);
      }
      const postalProblem = ok("postalCode") ? postalCodeProblem(value.country, value.postalCode) : null;
      if (postalProblem) issue("postalCode", postalProblem);
      if (!value.phone && !failed.has("phone")) {
        if (international) issue("phone", ADDRESS_MESSAGES.internationalPhoneRequired);
        else if (isMilitaryState(state)) issue("phone", ADDRESS_MESSAGES.militaryPhoneRequired);
      }
    },
    { when: () => true },
  );
export type AddressFormValue = z.infer<typeof addressFormSchema>;

/** Where an address is: what a verifier checks (names and phone are not its business). */
export interface AddressPlace {
  address1: string;
  address2: string;
  city: string;
  state: string;
  postalCode: string;
  country: string;
}

/** An address with the person it is for and their phone (as digits): the address book's, a cart's or an order's. */
export interface PostalAddress extends AddressPlace {
  firstName: string;
  lastName: string;
  phone: string | null;
}

/** A PostalAddress as JSON carries it: the API's answers, what the session holds while an address is verified. */
export const postalAddressSchema = z.object({
  firstName: z.string(),
  lastName: z.string(),
  address1: z.string(),
  address2: z.string(),
  city: z.string(),
  state: z.string(),
  postalCode: z.string(),
  country: z.string(),
  phone: z.string().nullable(),
}) satisfies z.ZodType<PostalAddress>;

/** An address as the address book stores it: a country from the list. */
export interface AddressInput extends PostalAddress {
  country: CountryCode;
}

/** A valid form value in its stored shape: the state from the list or the typed region, codes normalized. */
export function toAddressInput(value: AddressFormValue): AddressInput {
  const international = isInternational(value.country);
  const state = international ? (value.region ?? "") : (value.state ?? "").toUpperCase();
  const city = isMilitaryCity(value.city) ? value.city.toUpperCase() : value.city;
  const postalCode =
    value.country === "US"
      ? (normalizeUsZip(value.postalCode) ?? value.postalCode)
      : value.country === "CA"
        ? (normalizeCanadianPostalCode(value.postalCode) ?? value.postalCode)
        : value.postalCode.toUpperCase();
  return {
    firstName: value.firstName,
    lastName: value.lastName,
    address1: value.address1,
    address2: value.address2 ?? "",
    city,
    state,
    postalCode,
    country: value.country,
    phone: value.phone ?? null,
  };
}

/** The form's fields as text (its default values). */
export type AddressFormDefaults = Partial<Record<keyof z.input<typeof addressFormSchema>, string>>;

/** A stored address as the form's default values (the inverse of toAddressInput). */
export function toAddressFormDefaults(address: AddressInput | null): AddressFormDefaults {
  if (!address) return { country: "US" };
  const international = isInternational(address.country);
  return {
    firstName: address.firstName,
    lastName: address.lastName,
    address1: address.address1,
    address2: address.address2,
    city: address.city,
    state: international ? "" : address.state,
    region: international ? address.state : "",
    postalCode: address.postalCode,
    country: address.country,
    phone: address.phone ? formatPhone(address.phone) : "",
  };
}

type AddressFields = Pick<
  AddressInput,
  "firstName" | "lastName" | "address1" | "city" | "state" | "postalCode" | "country" | "phone"
>;

/** Spec 2 §5: every required field is filled, and the state is 2 letters unless the address is international. */
export function addressHasRequiredFields(address: Partial<AddressFields>): boolean {
  const filled = (value: string | null | undefined) => !!value && value.trim().length > 0;
  const required = [
    address.firstName,
    address.lastName,
    address.address1,
    address.city,
    address.postalCode,
    address.country,
    address.state,
  ];
  if (!required.every(filled)) return false;
  return isInternational(address.country) || /^[A-Za-z]{2}$/.test(address.state!.trim());
}

export type ShippingAddressProblem = "missing-fields" | "international-without-phone" | "military-without-phone";

/** What a shopper is told about a saved address that cannot be shipped to as it is. */
export const SHIPPING_ADDRESS_PROBLEM_MESSAGES: Record<ShippingAddressProblem, string> = {
  "missing-fields": "This address is missing details. Edit it in your address book, or enter a new one.",
  "international-without-phone": ADDRESS_MESSAGES.internationalPhoneRequired,
  "military-without-phone": ADDRESS_MESSAGES.militaryPhoneRequired,
};

/** Why an address cannot be shipped to (spec 2 §4 shipping address validity), or null when it can. */
export function shippingAddressProblem(address: Partial<AddressFields>): ShippingAddressProblem | null {
  if (!addressHasRequiredFields(address)) return "missing-fields";
  const hasPhone = !!address.phone && address.phone.trim().length > 0;
  if (hasPhone) return null;
  if (isInternational(address.country)) return "international-without-phone";
  if (isMilitaryState(address.state)) return "military-without-phone";
  return null;
}

export function countryName(code: string): string {
  return COUNTRIES.find((country) => country.code === code)?.name ?? code;
}

/** The lines of an address label: name, street lines, "City, ST 12345", the country when not the US, phone. */
export function addressLines(address: AddressInput): string[] {
  const postalCode =
    address.country === "CA"
      ? (normalizeCanadianPostalCode(address.postalCode) ?? address.postalCode)
      : address.postalCode;
  return [
    `${address.firstName} ${address.lastName}`,
    address.address1,
    address.address2,
    `${address.city}, ${address.state} ${postalCode}`,
    isInternational(address.country) ? countryName(address.country) : "",
    address.phone ? formatPhone(address.phone) : "",
  ].filter((line) => line.length > 0);
}

import { describe, expect, it } from "vitest";
import {
  ADDRESS_LINE_MAX,
  ADDRESS_MESSAGES,
  addressFormSchema,
  addressHasRequiredFields,
  addressLines,
  CITY_MAX,
  COUNTRIES,
  isInternational,
  isMilitaryState,
  MILITARY_CITIES,
  MILITARY_STATES,
  normalizeCanadianPostalCode,
  normalizeUsZip,
  POSTAL_CODE_MAX,
  shippingAddressProblem,
  toAddressFormDefaults,
  toAddressInput,
  US_STATES,
} from "./address";

const valid = {
  firstName: "Ann",
  lastName: "Lee",
  address1: "123 Main St",
  city: "Boise",
  state: "ID",
  postalCode: "83702",
  country: "US",
};

/** The field errors of a form value, as the form shows them (first message per field). */
function errorsOf(input: Record<string, string | undefined>): Record<string, string> {
  const result = addressFormSchema.safeParse(input);
  if (result.success) return {};
  const errors: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const key = String(issue.path[0] ?? "");
    errors[key] ??= issue.message;
  }
  return errors;
}

describe("address limits and lists (spec 2 §3, spec 3 §5)", () => {
  it("keeps the spec's maximum lengths", () => {
    expect([ADDRESS_LINE_MAX, POSTAL_CODE_MAX, CITY_MAX]).toEqual([30, 10, 25]);
  });

  it("lists the 50 states, DC, the territories and the military states AA, AE, AP", () => {
    const codes = US_STATES.map((state) => state.code);
    expect(new Set(codes).size).toBe(codes.length);
    expect(codes).toEqual(expect.arrayContaining(["ID", "NY", "CA", "DC", "PR", "GU", "VI", "AS", "MP"]));
    expect(codes).toEqual(expect.arrayContaining([...MILITARY_STATES]));
    expect(codes.length).toBe(50 + 1 + 6 + 3);
    expect(MILITARY_STATES).toEqual(["AA", "AE", "AP"]);
    expect(MILITARY_CITIES).toEqual(["APO", "FPO", "DPO"]);
  });

  it("lists countries by ISO code, the US first", () => {
    expect(COUNTRIES[0]!.code).toBe("US");
    expect(COUNTRIES.map((country) => country.code)).toEqual(expect.arrayContaining(["CA", "MX", "GB"]));
    expect(COUNTRIES.every((country) => /^[A-Z]{2}$/.test(country.code))).toBe(true);
  });
});

describe("required fields", () => {
  it("accepts a complete US address", () => {
    expect(errorsOf(valid)).toEqual({});
  });

  it("requires first name, last name, address1, city, postal code, country and state", () => {
    expect(errorsOf({})).toEqual({
      firstName: "Enter your first name.",
      lastName: "Enter your last name.",
      address1: ADDRESS_MESSAGES.address1Required,
      city: ADDRESS_MESSAGES.cityRequired,
      postalCode: ADDRESS_MESSAGES.postalCodeRequired,
      country: ADDRESS_MESSAGES.countryRequired,
    });
    expect(errorsOf({ ...valid, state: undefined })).toEqual({ state: ADDRESS_MESSAGES.stateRequired });
  });

  it("rejects whitespace-only values", () => {
    expect(errorsOf({ ...valid, address1: "   ", city: "  " })).toEqual({
      address1: ADDRESS_MESSAGES.address1Required,
      city: ADDRESS_MESSAGES.cityRequired,
    });
  });

  it("needs a US state from the list (2 letters) unless the address is international", () => {
    expect(errorsOf({ ...valid, state: "Idaho" })).toEqual({ state: ADDRESS_MESSAGES.stateRequired });
    expect(errorsOf({ ...valid, state: "ZZ" })).toEqual({ state: ADDRESS_MESSAGES.stateRequired });
    expect(errorsOf({ ...valid, state: "id" })).toEqual({});
    const london = { ...valid, state: undefined, city: "London", postalCode: "SW1A 1AA", country: "GB" };
    expect(errorsOf({ ...london, phone: "2085550142" })).toEqual({ region: ADDRESS_MESSAGES.regionRequired });
    expect(errorsOf({ ...london, region: "Greater London", phone: "2085550142" })).toEqual({});
  });

  it("refuses a country that is not in the list", () => {
    expect(errorsOf({ ...valid, country: "ZZ" })).toEqual({ country: ADDRESS_MESSAGES.countryRequired });
  });
});

describe("field formats", () => {
  it("limits address lines to 30, cities to 25 and postal codes to 10 characters", () => {
    expect(errorsOf({ ...valid, address1: "x".repeat(31) })).toEqual({
      address1: ADDRESS_MESSAGES.addressLineTooLong,
    });
    expect(errorsOf({ ...valid, address1: "x".repeat(30), address2: "y".repeat(31) })).toEqual({
      address2: ADDRESS_MESSAGES.addressLineTooLong,
    });
    expect(errorsOf({ ...valid, city: "a".repeat(26) })).toEqual({ city: ADDRESS_MESSAGES.cityTooLong });
    expect(errorsOf({ ...valid, city: "a".repeat(25) })).toEqual({});
    expect(errorsOf({ ...valid, postalCode: "12345-67890" })).toEqual({
      postalCode: ADDRESS_MESSAGES.postalCodeTooLong,
    });
  });

  it("allows cities of letters with accents, spaces, hyphens and apostrophes only", () => {
    for (const city of ["Coeur d'Alene", "Winston-Salem", "São Paulo", "Montréal", "O’Fallon"]) {
      expect(errorsOf({ ...valid, city })).toEqual({});
    }
    for (const city of ["Boise 2", "Boise!", "-Boise", "St. Louis"]) {
      expect(errorsOf({ ...valid, city })).toEqual({ city: ADDRESS_MESSAGES.cityInvalid });
    }
  });

  it("takes US ZIP codes of 5 digits with an optional 4-digit extension after a dash, a space or nothing", () => {
    for (const zip of ["83702", "83702-1234", "83702 1234", "837021234"]) {
      expect(errorsOf({ ...valid, postalCode: zip })).toEqual({});
    }
    for (const zip of ["8370", "837022", "83702-123", "83702_1234", "ABCDE"]) {
      expect(errorsOf({ ...valid, postalCode: zip })).toEqual({ postalCode: ADDRESS_MESSAGES.zipInvalid });
    }
    expect(normalizeUsZip("83702 1234")).toBe("83702-1234");
    expect(normalizeUsZip("837021234")).toBe("83702-1234");
    expect(normalizeUsZip("83702")).toBe("83702");
  });

  it("upper-cases Canadian postal codes and shows them 'A1A 1A1'", () => {
    expect(normalizeCanadianPostalCode("m5v3l9")).toBe("M5V 3L9");
    expect(normalizeCanadianPostalCode("m5v-3l9")).toBe("M5V 3L9");
    expect(normalizeCanadianPostalCode("M5V")).toBe("M5V");
    expect(normalizeCanadianPostalCode("55V 3L9")).toBeNull();
    const toronto = {
      ...valid,
      state: undefined,
      region: "ON",
      city: "Toronto",
      country: "CA",
      phone: "416-555-0100",
    };
    expect(errorsOf({ ...toronto, postalCode: "12345" })).toEqual({
      postalCode: ADDRESS_MESSAGES.canadianPostalCodeInvalid,
    });
    const parsed = addressFormSchema.parse({ ...toronto, postalCode: "m5v 3l9" });
    expect(toAddressInput(parsed)).toMatchObject({ postalCode: "M5V 3L9", state: "ON", phone: "4165550100" });
  });

  it("checks names as the account does (no digits or symbols, full name at most 35)", () => {
    expect(errorsOf({ ...valid, firstName: "Ann2" })).toEqual({
      firstName: "Your first name can't contain numbers or special symbols.",
    });
    expect(errorsOf({ ...valid, firstName: "A".repeat(15), lastName: "B".repeat(19) })).toEqual({});
    expect(errorsOf({ ...valid, firstName: "A".repeat(16) })).toEqual({
      firstName: "Your first name can be at most 15 characters.",
    });
  });

  it("stores phones as 10 digits", () => {
    expect(errorsOf({ ...valid, phone: "555-0142" })).toEqual({ phone: "Enter a 10-digit phone number." });
    expect(toAddressInput(addressFormSchema.parse({ ...valid, phone: "1 (208) 555-0142" })).phone).toBe("2085550142");
    expect(toAddressInput(addressFormSchema.parse(valid)).phone).toBeNull();
  });
});

describe("military and international addresses", () => {
  const military = { ...valid, city: "APO", state: "AE", postalCode: "09012", phone: "2085550142" };

  it("pairs the military states AA, AE, AP with the cities APO, FPO, DPO", () => {
    expect(errorsOf(military)).toEqual({});
    expect(errorsOf({ ...military, city: "fpo", state: "AP" })).toEqual({});
    expect(toAddressInput(addressFormSchema.parse({ ...military, city: "dpo" })).city).toBe("DPO");
    expect(errorsOf({ ...military, city: "Boise" })).toEqual({ city: ADDRESS_MESSAGES.militaryCityRequired });
    expect(errorsOf({ ...military, state: "ID" })).toEqual({ state: ADDRESS_MESSAGES.militaryStateRequired });
    expect(isMilitaryState("ae")).toBe(true);
    expect(isMilitaryState("ID")).toBe(false);
  });

  it("needs a phone for an overseas military address", () => {
    expect(errorsOf({ ...military, phone: undefined })).toEqual({ phone: ADDRESS_MESSAGES.militaryPhoneRequired });
  });

  it("calls an address international when a country is set and it is not the US, and then needs a phone", () => {
    expect(isInternational("US")).toBe(false);
    expect(isInternational("")).toBe(false);
    expect(isInternational(null)).toBe(false);
    expect(isInternational("CA")).toBe(true);
    const paris = { ...valid, state: undefined, region: "Île-de-France", city: "Paris", postalCode: "75001" };
    expect(errorsOf({ ...paris, country: "FR" })).toEqual({ phone: ADDRESS_MESSAGES.internationalPhoneRequired });
    expect(errorsOf({ ...paris, country: "FR", phone: "2085550142" })).toEqual({});
  });

  it("shows every message at once, including the rules that join fields", () => {
    expect(errorsOf({ country: "FR", city: "Paris", postalCode: "75001" })).toEqual({
      firstName: "Enter your first name.",
      lastName: "Enter your last name.",
      address1: ADDRESS_MESSAGES.address1Required,
      region: ADDRESS_MESSAGES.regionRequired,
      phone: ADDRESS_MESSAGES.internationalPhoneRequired,
    });
  });
});

describe("stored addresses", () => {
  const stored = toAddressInput(addressFormSchema.parse({ ...valid, postalCode: "83702 1234" }));

  it("normalizes the form value to the stored shape and back", () => {
    expect(stored).toEqual({
      firstName: "Ann",
      lastName: "Lee",
      address1: "123 Main St",
      address2: "",
      city: "Boise",
      state: "ID",
      postalCode: "83702-1234",
      country: "US",
      phone: null,
    });
    expect(toAddressFormDefaults(stored)).toMatchObject({ state: "ID", region: "", phone: "" });
    expect(toAddressFormDefaults({ ...stored, country: "CA", state: "ON", phone: "4165550100" })).toMatchObject({
      state: "",
      region: "ON",
      phone: "(416) 555-0100",
    });
    expect(toAddressFormDefaults(null)).toEqual({ country: "US" });
  });

  it("has required fields only when all are filled and a US state is 2 letters", () => {
    expect(addressHasRequiredFields(stored)).toBe(true);
    expect(addressHasRequiredFields({ ...stored, city: " " })).toBe(false);
    expect(addressHasRequiredFields({ ...stored, state: "Idaho" })).toBe(false);
    expect(addressHasRequiredFields({ ...stored, country: "GB", state: "Greater London" })).toBe(true);
  });

  it("says why an address cannot be shipped to", () => {
    expect(shippingAddressProblem(stored)).toBeNull();
    expect(shippingAddressProblem({ ...stored, lastName: "" })).toBe("missing-fields");
    expect(shippingAddressProblem({ ...stored, country: "CA", state: "ON" })).toBe("international-without-phone");
    expect(shippingAddressProblem({ ...stored, state: "AE", city: "APO" })).toBe("military-without-phone");
    expect(shippingAddressProblem({ ...stored, state: "AE", city: "APO", phone: "2085550142" })).toBeNull();
  });

  it("prints an address label, with the country only outside the US", () => {
    expect(addressLines({ ...stored, phone: "2085550142" })).toEqual([
      "Ann Lee",
      "123 Main St",
      "Boise, ID 83702-1234",
      "(208) 555-0142",
    ]);
    expect(addressLines({ ...stored, country: "CA", state: "ON", city: "Toronto", postalCode: "m5v3l9" })).toEqual([
      "Ann Lee",
      "123 Main St",
      "Toronto, ON M5V 3L9",
      "Canada",
    ]);
  });
});

describe("addressFormSchema with fields of the wrong type", () => {
  const base = {
    firstName: "Ann",
    lastName: "Nojs",
    address1: "500 W Idaho St",
    city: "Boise",
    state: "ID",
    postalCode: "83702",
    country: "US",
  };
  const junk: unknown[] = [1, true, {}, [], ["ID", "ID"], { a: 1 }];
  it.each([
    "firstName",
    "lastName",
    "address1",
    "address2",
    "city",
    "state",
    "region",
    "postalCode",
    "country",
    "phone",
  ])("refuses a non-string %s without throwing", (field) => {
    for (const value of junk) {
      const result = addressFormSchema.safeParse({ ...base, [field]: value });
      expect(result.success).toBe(false);
    }
  });
});

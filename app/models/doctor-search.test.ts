import { describe, expect, it } from "vitest";
import { ADDRESS_MESSAGES } from "./address";
import {
  ADD_DOCTOR_MESSAGES,
  addDoctorSchema,
  chooseDoctorSchema,
  describeLocation,
  distanceMiles,
  DOCTOR_SEARCH_MESSAGES,
  doctorSearchSchema,
  doctorsByPatient,
  formatDistance,
  isPhoneShaped,
  parseDistance,
  parseLocation,
  parseSearchTerm,
  patientKey,
  setDoctorForGroups,
  toNewDoctorInput,
  type DoctorGroup,
} from "./doctor-search";

describe("the search term (spec 2 §5: phone-shaped → phone, else name)", () => {
  it.each([
    ["(208) 555-0101", "2085550101"],
    ["208-555-0101", "2085550101"],
    ["208.555.0101", "2085550101"],
    ["2085550101", "2085550101"],
    ["+1 208 555 0101", "2085550101"],
    ["1-208-555-0101", "2085550101"],
  ])("%s is searched by phone as %s (formatting removed)", (raw, phone) => {
    expect(parseSearchTerm(raw)).toEqual({ ok: true, term: { kind: "phone", phone } });
  });

  it("a phone-shaped term that is not 10 digits (or 1 + 10) is refused, not searched as a name", () => {
    expect(isPhoneShaped("555-0101")).toBe(true);
    expect(parseSearchTerm("555-0101")).toEqual({ ok: false, error: "invalidPhone" });
    expect(parseSearchTerm("22085550101")).toEqual({ ok: false, error: "invalidPhone" });
  });

  it("anything else is a name: lower-case words, honorifics and credentials dropped", () => {
    expect(parseSearchTerm("  Dr. Maya Okafor, OD ")).toEqual({
      ok: true,
      term: { kind: "name", words: ["maya", "okafor"] },
    });
    expect(parseSearchTerm("okafor")).toEqual({ ok: true, term: { kind: "name", words: ["okafor"] } });
    expect(parseSearchTerm("Mendez-Ruiz")).toEqual({ ok: true, term: { kind: "name", words: ["mendez-ruiz"] } });
    expect(parseSearchTerm("O'Brien")).toEqual({ ok: true, term: { kind: "name", words: ["o'brien"] } });
    expect(parseSearchTerm("Eye & Contact")).toEqual({ ok: true, term: { kind: "name", words: ["eye", "contact"] } });
  });

  it("an empty term (or only an honorific) is no term; a name with digits or symbols is refused", () => {
    expect(parseSearchTerm("   ")).toEqual({ ok: true, term: null });
    expect(parseSearchTerm("Dr.")).toEqual({ ok: true, term: null });
    expect(parseSearchTerm("Okafor2")).toEqual({ ok: false, error: "invalidName" });
    expect(parseSearchTerm("100%")).toEqual({ ok: false, error: "invalidName" });
  });
});

describe("the location (spec 2 §5: ZIP, 'city, state', a state, or a mix)", () => {
  it("a ZIP code is its first 5 digits", () => {
    expect(parseLocation("83702")).toEqual({ ok: true, location: { kind: "postalCode", postalCode: "83702" } });
    expect(parseLocation("83702-1234")).toEqual({ ok: true, location: { kind: "postalCode", postalCode: "83702" } });
    expect(parseLocation("837021234")).toEqual({ ok: true, location: { kind: "postalCode", postalCode: "83702" } });
    expect(parseLocation(" 06103 ")).toEqual({ ok: true, location: { kind: "postalCode", postalCode: "06103" } });
  });

  it("'city, state' with a state code or name, with or without the comma", () => {
    const boise = { ok: true, location: { kind: "cityState", city: "Boise", state: "ID" } };
    expect(parseLocation("Boise, ID")).toEqual(boise);
    expect(parseLocation("Boise, id")).toEqual(boise);
    expect(parseLocation("Boise ID")).toEqual(boise);
    expect(parseLocation("Boise, Idaho")).toEqual(boise);
    expect(parseLocation("Boise, ID, USA")).toEqual(boise);
    expect(parseLocation("Salt Lake City Utah")).toEqual({
      ok: true,
      location: { kind: "cityState", city: "Salt Lake City", state: "UT" },
    });
    expect(parseLocation("St. Louis, MO")).toEqual({
      ok: true,
      location: { kind: "cityState", city: "St. Louis", state: "MO" },
    });
    expect(parseLocation("Washington, DC")).toEqual({
      ok: true,
      location: { kind: "cityState", city: "Washington", state: "DC" },
    });
  });

  it("a multi-word state is matched before the shorter state it contains", () => {
    expect(parseLocation("Charleston, West Virginia")).toEqual({
      ok: true,
      location: { kind: "cityState", city: "Charleston", state: "WV" },
    });
    expect(parseLocation("west virginia")).toEqual({ ok: true, location: { kind: "state", state: "WV" } });
    expect(parseLocation("Virginia")).toEqual({ ok: true, location: { kind: "state", state: "VA" } });
  });

  it("a state name or code alone is a state", () => {
    expect(parseLocation("Idaho")).toEqual({ ok: true, location: { kind: "state", state: "ID" } });
    expect(parseLocation("new york")).toEqual({ ok: true, location: { kind: "state", state: "NY" } });
    expect(parseLocation("TX")).toEqual({ ok: true, location: { kind: "state", state: "TX" } });
    expect(parseLocation("District of Columbia")).toEqual({ ok: true, location: { kind: "state", state: "DC" } });
  });

  it("a mix: the ZIP wins, and the city and state around it are kept", () => {
    expect(parseLocation("Boise, Idaho 83702")).toEqual({
      ok: true,
      location: { kind: "postalCode", postalCode: "83702", city: "Boise", state: "ID" },
    });
    expect(parseLocation("83702 Idaho")).toEqual({
      ok: true,
      location: { kind: "postalCode", postalCode: "83702", state: "ID" },
    });
    expect(parseLocation("Boise 83702")).toEqual({ ok: true, location: { kind: "postalCode", postalCode: "83702" } });
  });

  it("empty is no location (the caller uses the primary address)", () => {
    expect(parseLocation("")).toEqual({ ok: true, location: null });
    expect(parseLocation("   ")).toEqual({ ok: true, location: null });
  });

  it.each(["Boise", "Boise, Narnia", "8370", "83702 12345", "somewhere", "Boise, ID!", "Ontario", "AE", "!!"])(
    "%s is 'invalidLocation'",
    (raw) => {
      expect(parseLocation(raw)).toEqual({ ok: false, error: "invalidLocation" });
    },
  );

  it("reads in a heading", () => {
    expect(describeLocation({ kind: "postalCode", postalCode: "83702" })).toBe("near 83702");
    expect(describeLocation({ kind: "cityState", city: "Boise", state: "ID" })).toBe("near Boise, ID");
    expect(describeLocation({ kind: "state", state: "ID" })).toBe("in Idaho");
    expect(describeLocation({ kind: "postalCode", postalCode: "83702" }, 25)).toBe("within 25 miles of 83702");
    expect(describeLocation({ kind: "cityState", city: "Boise", state: "ID" }, 1)).toBe("within 1 mile of Boise, ID");
  });
});

describe("distance (haversine, miles)", () => {
  const boise = { latitude: 43.6322, longitude: -116.2052 };
  const nampa = { latitude: 43.5834, longitude: -116.5848 };
  const newYork = { latitude: 40.7484, longitude: -73.9967 };

  it("is zero to itself and symmetric", () => {
    expect(distanceMiles(boise, boise)).toBe(0);
    expect(distanceMiles(boise, nampa)).toBeCloseTo(distanceMiles(nampa, boise), 9);
  });

  it("matches known distances", () => {
    // Boise–Nampa is about 19 miles apart as the crow flies; Boise–New York about 2,130.
    expect(distanceMiles(boise, nampa)).toBeGreaterThan(18);
    expect(distanceMiles(boise, nampa)).toBeLessThan(21);
    expect(distanceMiles(boise, newYork)).toBeGreaterThan(2100);
    expect(distanceMiles(boise, newYork)).toBeLessThan(2160);
    // A quarter of the earth's circumference along the equator.
    expect(distanceMiles({ latitude: 0, longitude: 0 }, { latitude: 0, longitude: 90 })).toBeCloseTo(6218.5, 0);
  });

  it("formats with one decimal under 10 miles, whole miles above", () => {
    expect(formatDistance(0.04)).toBe("0 mi");
    expect(formatDistance(3.26)).toBe("3.3 mi");
    expect(formatDistance(19.6)).toBe("20 mi");
    expect(formatDistance(2130.4)).toBe("2,130 mi");
  });
});

describe("the search form schema", () => {
  const errors = (value: Record<string, string>) => {
    const result = doctorSearchSchema.safeParse(value);
    return result.success ? {} : Object.fromEntries(result.error.issues.map((issue) => [issue.path[0], issue.message]));
  };

  it("accepts a name, a phone, a location, or nothing yet", () => {
    expect(errors({ q: "Okafor", location: "Boise, ID" })).toEqual({});
    expect(errors({ q: "(208) 555-0101", location: "" })).toEqual({});
    expect(errors({})).toEqual({});
  });

  it("gives the invalidLocation message under the location, and term messages under the term", () => {
    expect(DOCTOR_SEARCH_MESSAGES.invalidLocation).toBe("Enter a ZIP code, a city and state, or a state.");
    expect(errors({ q: "Okafor", location: "Narnia" })).toEqual({ location: DOCTOR_SEARCH_MESSAGES.invalidLocation });
    expect(errors({ q: "555-01", location: "83702" })).toEqual({ q: DOCTOR_SEARCH_MESSAGES.invalidPhone });
    expect(errors({ q: "x".repeat(61) })).toMatchObject({ q: DOCTOR_SEARCH_MESSAGES.termTooLong });
  });

  it("takes distanceInMiles as whole miles from 1 to 500, or none", () => {
    expect(parseDistance("")).toBeNull();
    expect(parseDistance(" 25 ")).toBe(25);
    expect(parseDistance("500")).toBe(500);
    for (const bad of ["0", "501", "2.5", "-5", "ten", "1e2"]) expect(parseDistance(bad), bad).toBeUndefined();
    expect(errors({ q: "Okafor", location: "83702", distanceInMiles: "25" })).toEqual({});
    expect(errors({ q: "Okafor", location: "83702", distanceInMiles: "far" })).toEqual({
      distanceInMiles: DOCTOR_SEARCH_MESSAGES.invalidDistance,
    });
  });
});

describe("the add-doctor form schema", () => {
  const valid = {
    intent: "add-doctor",
    groupId: "group-1",
    firstName: "Maya",
    lastName: "Okafor",
    clinicName: "Clearview Eye Care",
    phone: "(208) 555-0199",
    address1: "100 Main St",
    city: "Boise",
    state: "ID",
    postalCode: "83702-1234",
  };
  const fieldErrors = (value: Record<string, unknown>) => {
    const result = addDoctorSchema.safeParse(value);
    return result.success ? {} : Object.fromEntries(result.error.issues.map((issue) => [issue.path[0], issue.message]));
  };

  it("accepts a doctor and clinic and normalises the phone and ZIP", () => {
    const parsed = addDoctorSchema.parse(valid);
    expect(toNewDoctorInput(parsed)).toEqual({
      firstName: "Maya",
      lastName: "Okafor",
      phone: "2085550199",
      clinic: {
        name: "Clearview Eye Care",
        phone: "2085550199",
        address1: "100 Main St",
        address2: "",
        city: "Boise",
        state: "ID",
        postalCode: "83702-1234",
      },
    });
  });

  it("requires every field but the suite, with the address book's messages for the address", () => {
    expect(fieldErrors({ intent: "add-doctor", groupId: "all" })).toEqual({
      firstName: ADD_DOCTOR_MESSAGES.firstNameRequired,
      lastName: ADD_DOCTOR_MESSAGES.lastNameRequired,
      clinicName: ADD_DOCTOR_MESSAGES.clinicNameRequired,
      phone: ADD_DOCTOR_MESSAGES.phoneRequired,
      address1: ADDRESS_MESSAGES.address1Required,
      city: ADDRESS_MESSAGES.cityRequired,
      state: ADDRESS_MESSAGES.stateRequired,
      postalCode: ADDRESS_MESSAGES.postalCodeRequired,
    });
  });

  it("checks names, the phone, the state and the ZIP", () => {
    expect(fieldErrors({ ...valid, firstName: "M4ya" })).toEqual({ firstName: ADD_DOCTOR_MESSAGES.nameInvalid });
    expect(fieldErrors({ ...valid, phone: "555-0199" })).toEqual({ phone: "Enter a 10-digit phone number." });
    expect(fieldErrors({ ...valid, state: "AE" })).toEqual({ state: ADDRESS_MESSAGES.stateRequired });
    expect(fieldErrors({ ...valid, postalCode: "8370" })).toEqual({ postalCode: ADDRESS_MESSAGES.zipInvalid });
    expect(fieldErrors({ ...valid, city: "Boise 2" })).toEqual({ city: ADDRESS_MESSAGES.cityInvalid });
    expect(fieldErrors({ ...valid, clinicName: "20/20 Vision & Co." })).toEqual({});
  });
});

describe("the choose form", () => {
  it("needs a positive doctor id, with the spec's message", () => {
    expect(chooseDoctorSchema.safeParse({ intent: "choose-doctor", doctorId: "12", groupId: "all" }).success).toBe(
      true,
    );
    const refused = chooseDoctorSchema.safeParse({ intent: "choose-doctor", doctorId: "abc", groupId: "all" });
    expect(refused.success).toBe(false);
    expect(refused.error!.issues[0]!.message).toBe("Must provide a valid doctor for line item group");
  });
});

describe("setting a doctor (spec 2 §4)", () => {
  const group = (id: string, hasDoctor: boolean, extra: Partial<DoctorGroup> = {}): DoctorGroup => ({
    id,
    type: "Lens",
    hasDoctor,
    isPrivateLabel: false,
    ...extra,
  });

  it("with some groups lacking a doctor, only those are updated", () => {
    expect(setDoctorForGroups([group("a", true), group("b", false), group("c", false)])).toEqual(["b", "c"]);
    expect(setDoctorForGroups([group("a", true), group("b", false, { isPrivateLabel: true })])).toEqual(["b"]);
  });

  it("when every group has a doctor, every non-private-label group is updated", () => {
    expect(
      setDoctorForGroups([group("a", true), group("b", true, { isPrivateLabel: true }), group("c", true)]),
    ).toEqual(["a", "c"]);
  });

  it("solution groups are never given a doctor", () => {
    expect(setDoctorForGroups([group("s", false, { type: "Solution" }), group("a", false)])).toEqual(["a"]);
    expect(setDoctorForGroups([group("s", false, { type: "Solution" })])).toEqual([]);
  });
});

describe("patient-name matching of recent doctors", () => {
  it("matches full names case-insensitively and trimmed, newest usable doctor first", () => {
    expect(patientKey({ firstName: "  Jane ", lastName: "DOE " })).toBe("jane doe");
    const found = doctorsByPatient(
      [
        { id: "g1", hasDoctor: false, patient: { firstName: "jane", lastName: "doe" } },
        { id: "g2", hasDoctor: false, patient: { firstName: "John", lastName: "Doe" } },
        { id: "g3", hasDoctor: true, patient: { firstName: "Jane", lastName: "Doe" } },
        { id: "g4", hasDoctor: false, patient: null },
      ],
      [
        { doctorId: 7, patient: { firstName: "Jane", lastName: "Doe" }, canUseForPassiveVerification: false },
        { doctorId: 8, patient: { firstName: "Jane", lastName: " Doe" }, canUseForPassiveVerification: true },
        { doctorId: 9, patient: { firstName: "Jane", lastName: "Doe" }, canUseForPassiveVerification: true },
      ],
    );
    expect([...found]).toEqual([["g1", 8]]);
  });
});

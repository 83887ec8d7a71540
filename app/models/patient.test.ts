import { describe, expect, it } from "vitest";
import {
  addEyeTarget,
  FIRST_NAME_MAX,
  FULL_NAME_MAX,
  fullName,
  hasFullName,
  LAST_NAME_MAX,
  lensGroupHeading,
  matchPatient,
  NEW_PATIENT,
  PATIENT_MESSAGES,
  patientFirstNameSchema,
  patientFormSchema,
  patientLastNameSchema,
  sortPatients,
} from "./patient";

const messagesOf = (result: { success: boolean; error?: { issues: Array<{ message: string }> } }) =>
  result.error?.issues.map((issue) => issue.message) ?? [];

describe("patient names (spec 2 §5; issue 6: max 15/19, full 35)", () => {
  it("keeps the spec's limits", () => {
    expect([FIRST_NAME_MAX, LAST_NAME_MAX, FULL_NAME_MAX]).toEqual([15, 19, 35]);
  });

  it("requires both names with the spec's message, and only that message for an empty one", () => {
    expect(PATIENT_MESSAGES.required).toBe("Must provide a valid patient name for line item group");
    for (const value of ["", "   "]) {
      expect(messagesOf(patientFirstNameSchema.safeParse(value))).toEqual([PATIENT_MESSAGES.required]);
      expect(messagesOf(patientLastNameSchema.safeParse(value))).toEqual([PATIENT_MESSAGES.required]);
    }
    expect(messagesOf(patientFirstNameSchema.safeParse(undefined))).toEqual([PATIENT_MESSAGES.required]);
  });

  it("accepts letters with spaces, hyphens and apostrophes, trimmed", () => {
    for (const name of ["Ann", "Mary-Jane", "O'Brien", "D’Angelo", "de la Cruz", "José", "Zoë"]) {
      expect(patientLastNameSchema.safeParse(` ${name} `)).toEqual({ success: true, data: name });
    }
  });

  it("refuses digits and other symbols", () => {
    for (const name of ["Ann2", "R2D2", "Ann!", "Ann.", "J@ne", "-Ann", "'Ann", "Ann_Lee", "<b>"]) {
      expect(messagesOf(patientFirstNameSchema.safeParse(name)), name).toContain(PATIENT_MESSAGES.lettersOnly);
    }
  });

  it("limits the first name to 15 and the last to 19 characters", () => {
    expect(patientFirstNameSchema.safeParse("A".repeat(15)).success).toBe(true);
    expect(messagesOf(patientFirstNameSchema.safeParse("A".repeat(16)))).toEqual([PATIENT_MESSAGES.firstNameTooLong]);
    expect(patientLastNameSchema.safeParse("B".repeat(19)).success).toBe(true);
    expect(messagesOf(patientLastNameSchema.safeParse("B".repeat(20)))).toEqual([PATIENT_MESSAGES.lastNameTooLong]);
    expect(PATIENT_MESSAGES.firstNameTooLong).toContain("15");
    expect(PATIENT_MESSAGES.lastNameTooLong).toContain("19");
  });
});

describe("patientFormSchema", () => {
  const parse = (value: Record<string, string | undefined>) => patientFormSchema.safeParse({ groupId: "g1", ...value });
  const fieldErrors = (value: Record<string, string | undefined>) => {
    const result = parse(value);
    const errors: Record<string, string[]> = {};
    for (const issue of result.error?.issues ?? []) (errors[issue.path.join(".")] ??= []).push(issue.message);
    return errors;
  };

  it("gives a new patient's trimmed names", () => {
    expect(parse({ firstName: " Ann ", lastName: " Lee " })).toEqual({
      success: true,
      data: { groupId: "g1", kind: "new", firstName: "Ann", lastName: "Lee" },
    });
    expect(parse({ patientId: NEW_PATIENT, firstName: "Ann", lastName: "Lee" }).data).toMatchObject({ kind: "new" });
  });

  it("puts each name's problem on its own field", () => {
    expect(fieldErrors({})).toEqual({
      firstName: [PATIENT_MESSAGES.required],
      lastName: [PATIENT_MESSAGES.required],
    });
    expect(fieldErrors({ firstName: "Ann3", lastName: "L".repeat(20) })).toEqual({
      firstName: [PATIENT_MESSAGES.lettersOnly],
      lastName: [PATIENT_MESSAGES.lastNameTooLong],
    });
  });

  it("takes an existing patient by id, needing no names", () => {
    expect(parse({ patientId: "42" })).toEqual({
      success: true,
      data: { groupId: "g1", kind: "existing", patientId: 42 },
    });
    expect(fieldErrors({ patientId: "abc" })).toEqual({ patientId: [PATIENT_MESSAGES.choosePatient] });
    expect(fieldErrors({ patientId: "0" })).toEqual({ patientId: [PATIENT_MESSAGES.choosePatient] });
  });

  it("needs the group", () => {
    expect(patientFormSchema.safeParse({ firstName: "Ann", lastName: "Lee" }).success).toBe(false);
  });
});

describe("fullName and hasFullName", () => {
  it("joins the trimmed names with one space", () => {
    expect(fullName({ firstName: " Ann ", lastName: " Lee" })).toBe("Ann Lee");
  });
  it("needs text in both names", () => {
    expect(hasFullName({ firstName: "Ann", lastName: "Lee" })).toBe(true);
    expect(hasFullName({ firstName: "Ann", lastName: " " })).toBe(false);
    expect(hasFullName(null)).toBe(false);
  });
});

describe("lensGroupHeading (issue 13: the cart names each lens group's patient)", () => {
  it("names the patient: 'Contact lenses for Pat Smith'", () => {
    expect(lensGroupHeading({ firstName: " Pat", lastName: "Smith " })).toBe("Contact lenses for Pat Smith");
  });
  it("is 'Contact lenses' while the group has no patient", () => {
    expect(lensGroupHeading(null)).toBe("Contact lenses");
    expect(lensGroupHeading(undefined)).toBe("Contact lenses");
    expect(lensGroupHeading({ firstName: " ", lastName: "" })).toBe("Contact lenses");
  });
});

describe("matchPatient (spec 2 §4: patientId, else id, else case-insensitive trimmed full name)", () => {
  const ann = { patientId: 1, id: "a", firstName: "Ann", lastName: "Lee" };
  const bob = { patientId: 2, id: "b", firstName: "Bob", lastName: "Lee" };
  const patients = [ann, bob];

  it("matches by patientId first, even when the name is another patient's", () => {
    expect(matchPatient({ patientId: 2, id: "a", firstName: "Ann", lastName: "Lee" }, patients)).toBe(bob);
  });
  it("a patientId that matches no one matches nothing (no fallback to the name)", () => {
    expect(matchPatient({ patientId: 9, firstName: "Ann", lastName: "Lee" }, patients)).toBeNull();
  });
  it("without a patientId, matches by id", () => {
    expect(matchPatient({ id: "b", firstName: "Ann", lastName: "Lee" }, patients)).toBe(bob);
  });
  it("without either, matches the case-insensitive trimmed full name", () => {
    expect(matchPatient({ firstName: "  aNN ", lastName: "LEE  " }, patients)).toBe(ann);
    expect(matchPatient({ firstName: "Ann", lastName: "Leer" }, patients)).toBeNull();
  });
  it("no patient, or no name, matches nothing", () => {
    expect(matchPatient(null, patients)).toBeNull();
    expect(matchPatient({ firstName: "", lastName: "" }, [{ patientId: 3, firstName: "", lastName: "" }])).toBeNull();
  });
});

describe("sortPatients", () => {
  it("sorts by full name, ignoring case", () => {
    const sorted = sortPatients([
      { firstName: "bob", lastName: "Lee" },
      { firstName: "Ann", lastName: "Zed" },
      { firstName: "ann", lastName: "Lee" },
    ]);
    expect(sorted.map(fullName)).toEqual(["ann Lee", "Ann Zed", "bob Lee"]);
  });
});

describe("addEyeTarget", () => {
  it("says which group the lens goes to only while the group still needs the eye the link asked for", () => {
    const asked = { groupId: "g1", eye: "left" as const };
    expect(addEyeTarget(asked, { eye: "left", patient: { firstName: "Ada", lastName: "Byron" } })).toEqual({
      groupId: "g1",
      eye: "left",
      message: "Adding lenses for the left eye to Contact lenses for Ada Byron in your cart.",
    });
    expect(addEyeTarget(asked, { eye: "right", patient: null })).toBeNull();
    expect(addEyeTarget(asked, null)).toBeNull();
    expect(addEyeTarget(null, { eye: "left", patient: null })).toBeNull();
  });
});

import { describe, expect, it } from "vitest";
import {
  EXPIRATION_MESSAGES,
  EXPIRING_CEILING_DAYS,
  EXPIRING_WITHIN_DAYS,
  expirationDateSchema,
  expiringHeadline,
  expiryBadge,
  expiryView,
  eyeDetail,
  eyeParameterList,
  eyeSummary,
  firstExpiringPrescription,
  isExpired,
  isUsableForProduct,
  latestExpirationDate,
  isExamNeededPostOrder,
  orderPrescriptionSource,
  orderPrescriptionStatus,
  MAX_EXPIRATION_YEARS,
  orderAgainFormSchema,
  PRESCRIPTION_VALID_DAYS,
  packSizeStem,
  parseExpirationInput,
  parsePrescriptionId,
  patientExists,
  RECENTLY_ORDERED_DAYS,
  savedPrescriptionChoiceSchema,
  sortPrescriptions,
  unusableReason,
  usablePrescriptions,
  walletPatients,
  type CatalogProductState,
  type PrescriptionRecord,
} from "./prescriptions";
import { matchPatient } from "./patient";
import { SUBMIT_AND_SKIP_UPC } from "./stock";

const TODAY = "2026-06-10";
/** Noon in Boise on TODAY (18:00 UTC in summer). */
const NOW = new Date("2026-06-10T18:00:00Z");

const LENS = 1001;
const OTHER_LENS = 1002;

const eye = (productId = LENS, upc = "00000000001", parameters: Record<string, string> = { power: "-1.00" }) => ({
  productId,
  upc,
  quantity: 2,
  parameters,
});

let nextId = 1;
function rx(fields: Partial<PrescriptionRecord> = {}): PrescriptionRecord {
  return {
    id: nextId++,
    patientId: null,
    patientFirstName: "Ann",
    patientLastName: "Lee",
    source: "typed",
    status: "PendingVerification",
    expirationDate: "2027-01-01",
    rightEye: eye(),
    leftEye: eye(),
    prescriber: null,
    orderId: null,
    orderedAt: null,
    autoReorder: false,
    clonedFromId: null,
    ...fields,
  };
}

const catalog = (
  ...states: Array<Partial<CatalogProductState> & { id: number }>
): ReadonlyMap<number, CatalogProductState> =>
  new Map(states.map((state) => [state.id, { discontinuedInCatalog: false, isHidden: false, ...state }]));
const CATALOG = catalog({ id: LENS }, { id: OTHER_LENS });

/** The ISO day `days` from TODAY. */
function inDays(days: number): string {
  const date = new Date(`${TODAY}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

describe("usable for a product (spec 2 §4)", () => {
  it("needs the product on one of its eyes", () => {
    const prescription = rx({ rightEye: eye(LENS), leftEye: eye(OTHER_LENS) });
    expect(isUsableForProduct(prescription, LENS, CATALOG, TODAY)).toBe(true);
    expect(isUsableForProduct(prescription, OTHER_LENS, CATALOG, TODAY)).toBe(true);
    expect(unusableReason(prescription, 9999, CATALOG, TODAY)).toBe("not-for-product");
    // One eye only is enough.
    expect(isUsableForProduct(rx({ leftEye: null }), LENS, CATALOG, TODAY)).toBe(true);
  });

  it("is not expired: usable on its expiration day, not the day after (business days)", () => {
    expect(isUsableForProduct(rx({ expirationDate: TODAY }), LENS, CATALOG, TODAY)).toBe(true);
    expect(unusableReason(rx({ expirationDate: inDays(-1) }), LENS, CATALOG, TODAY)).toBe("expired");
    expect(isExpired(inDays(-1), TODAY)).toBe(true);
    expect(isExpired(TODAY, TODAY)).toBe(false);
    expect(isExpired(null, TODAY)).toBe(false);
  });

  it("is excluded when an eye holds the submit-and-skip marker UPC", () => {
    const pending = rx({ expirationDate: null, rightEye: eye(LENS, SUBMIT_AND_SKIP_UPC, {}) });
    expect(unusableReason(pending, LENS, CATALOG, TODAY)).toBe("not-submitted");
    expect(unusableReason(rx({ rightEye: null, leftEye: null }), null, CATALOG, TODAY)).toBe("not-submitted");
  });

  it("is excluded when a product on it is missing from the catalog, discontinued or hidden", () => {
    const both = rx({ rightEye: eye(LENS), leftEye: eye(OTHER_LENS) });
    expect(unusableReason(both, LENS, catalog({ id: LENS }), TODAY)).toBe("product-unavailable");
    expect(
      unusableReason(both, LENS, catalog({ id: LENS }, { id: OTHER_LENS, discontinuedInCatalog: true }), TODAY),
    ).toBe("product-unavailable");
    expect(unusableReason(both, LENS, catalog({ id: LENS, isHidden: true }, { id: OTHER_LENS }), TODAY)).toBe(
      "product-unavailable",
    );
  });

  it("with no product given, judges the prescription for what it holds", () => {
    expect(unusableReason(rx(), null, CATALOG, TODAY)).toBeNull();
    expect(unusableReason(rx({ expirationDate: inDays(-3) }), null, CATALOG, TODAY)).toBe("expired");
  });

  it("lists the usable ones in the wallet's order", () => {
    const late = rx({ expirationDate: "2027-05-01" });
    const early = rx({ expirationDate: "2026-12-01" });
    const expired = rx({ expirationDate: inDays(-1) });
    const other = rx({ rightEye: eye(OTHER_LENS), leftEye: null });
    expect(usablePrescriptions([late, expired, other, early], LENS, CATALOG, TODAY)).toEqual([early, late]);
  });
});

describe("sorting and merging (spec 2 §4)", () => {
  it("sorts prescriptions by expiration date, then id; one without a date last", () => {
    const a = rx({ id: 30, expirationDate: "2027-01-01" });
    const b = rx({ id: 10, expirationDate: "2027-01-01" });
    const c = rx({ id: 5, expirationDate: "2026-12-31" });
    const d = rx({ id: 1, expirationDate: null });
    expect(sortPrescriptions([d, a, b, c]).map((item) => item.id)).toEqual([5, 10, 30, 1]);
  });

  it("merges patients by full name (trimmed, case-insensitive) and sorts them case-insensitively", () => {
    const patients = walletPatients([
      rx({ id: 1, patientFirstName: "bob", patientLastName: "stone", expirationDate: "2027-03-01" }),
      rx({ id: 2, patientFirstName: "Ann", patientLastName: "Lee", expirationDate: "2027-02-01" }),
      rx({ id: 3, patientFirstName: " Bob ", patientLastName: "Stone", expirationDate: "2027-01-01" }),
      rx({ id: 4, patientFirstName: "ann", patientLastName: "LEE", expirationDate: "2026-12-01" }),
      rx({ id: 5, patientFirstName: "Cy", patientLastName: "Abel", expirationDate: "2026-12-01" }),
    ]);
    // 'Ann Lee' < 'Bob Stone' < 'Cy Abel' by full name; each spelled as on its newest prescription.
    expect(patients.map((patient) => `${patient.firstName} ${patient.lastName}`)).toEqual([
      "ann LEE",
      "Bob Stone",
      "Cy Abel",
    ]);
    expect(patients.map((patient) => patient.prescriptions.map((item) => item.id))).toEqual([[4, 2], [3, 1], [5]]);
  });

  it("finds an existing patient by first and last name, case-insensitively", () => {
    const known = [{ firstName: "Ann", lastName: "Lee" }];
    expect(patientExists(known, { firstName: "ANN", lastName: "lee " })).toBe(true);
    expect(patientExists(known, { firstName: "Ann", lastName: "Leer" })).toBe(false);
  });

  it("matches a group's patient by patientId, else id, else the trimmed case-insensitive full name", () => {
    const patients = [
      { patientId: 1, id: "a", firstName: "Ann", lastName: "Lee" },
      { patientId: 2, id: "b", firstName: "Bob", lastName: "Stone" },
    ];
    expect(matchPatient({ patientId: 2, firstName: "Ann", lastName: "Lee" }, patients)?.patientId).toBe(2);
    expect(matchPatient({ id: "a", firstName: "Bob", lastName: "Stone" }, patients)?.patientId).toBe(1);
    expect(matchPatient({ firstName: " bob ", lastName: "STONE" }, patients)?.patientId).toBe(2);
    expect(matchPatient({ patientId: 9, firstName: "Ann", lastName: "Lee" }, patients)).toBeNull();
  });
});

describe("the first-expiring prescription (spec 2 §4)", () => {
  const orderedDaysAgo = (days: number) => new Date(NOW.getTime() - days * 24 * 60 * 60 * 1000);

  it("looks within 45 days: day 45 counts, day 46 does not", () => {
    expect(firstExpiringPrescription([rx({ id: 7, expirationDate: inDays(45) })], NOW)).toMatchObject({
      prescriptionId: 7,
      days: 45,
    });
    expect(firstExpiringPrescription([rx({ expirationDate: inDays(46) })], NOW)).toBeNull();
    expect(EXPIRING_WITHIN_DAYS).toBe(45);
  });

  it("counts a prescription without an expiration date valid for a year", () => {
    expect(PRESCRIPTION_VALID_DAYS).toBe(365);
  });

  it("keeps the soonest, today included; an expired one or one without a date is never chosen", () => {
    const chosen = firstExpiringPrescription(
      [
        rx({ id: 1, expirationDate: inDays(30) }),
        rx({ id: 2, expirationDate: inDays(0), patientFirstName: "Bob" }),
        rx({ id: 3, expirationDate: inDays(-1) }),
        rx({ id: 4, expirationDate: null }),
      ],
      NOW,
    );
    expect(chosen).toEqual({ prescriptionId: 2, firstName: "Bob", expirationDate: TODAY, days: 0 });
  });

  it("ignores one ordered within the last 15 days (15 days ago included), not one ordered 16 days ago", () => {
    const soon = inDays(10);
    expect(firstExpiringPrescription([rx({ expirationDate: soon, orderedAt: orderedDaysAgo(0) })], NOW)).toBeNull();
    expect(firstExpiringPrescription([rx({ expirationDate: soon, orderedAt: orderedDaysAgo(15) })], NOW)).toBeNull();
    expect(
      firstExpiringPrescription([rx({ id: 9, expirationDate: soon, orderedAt: orderedDaysAgo(16) })], NOW),
    ).toMatchObject({ prescriptionId: 9 });
    // Serialised timestamps count the same way.
    expect(
      firstExpiringPrescription([rx({ expirationDate: soon, orderedAt: orderedDaysAgo(3).toISOString() })], NOW),
    ).toBeNull();
    expect(RECENTLY_ORDERED_DAYS).toBe(15);
  });

  it("a recently ordered prescription does not hide another patient's expiring one", () => {
    const chosen = firstExpiringPrescription(
      [
        rx({ id: 1, expirationDate: inDays(5), orderedAt: orderedDaysAgo(2) }),
        rx({ id: 2, expirationDate: inDays(40), patientFirstName: "Cy" }),
      ],
      NOW,
    );
    expect(chosen).toMatchObject({ prescriptionId: 2, firstName: "Cy", days: 40 });
  });

  it("starts from the 1000-day ceiling: nothing at or past it is chosen, however wide the window", () => {
    const wide = { withinDays: 5000 };
    expect(firstExpiringPrescription([rx({ id: 3, expirationDate: inDays(999) })], NOW, wide)).toMatchObject({
      prescriptionId: 3,
      days: 999,
    });
    expect(firstExpiringPrescription([rx({ expirationDate: inDays(EXPIRING_CEILING_DAYS) })], NOW, wide)).toBeNull();
  });

  it("ties go to the lower id", () => {
    const chosen = firstExpiringPrescription(
      [rx({ id: 12, expirationDate: inDays(3) }), rx({ id: 11, expirationDate: inDays(3) })],
      NOW,
    );
    expect(chosen?.prescriptionId).toBe(11);
  });

  it("counts days in Boise: late evening there is still the same day", () => {
    // 05:30 UTC on June 11 is 23:30 on June 10 in Boise: the prescription expiring June 10 has today left.
    const lateEvening = new Date("2026-06-11T05:30:00Z");
    expect(firstExpiringPrescription([rx({ expirationDate: TODAY })], lateEvening)).toMatchObject({ days: 0 });
  });
});

describe("the expiry badge and headline (spec 2 §8)", () => {
  it("says today, 1 day, n days", () => {
    expect(expiryBadge(0)).toBe("You have today left to order.");
    expect(expiryBadge(1)).toBe("You have 1 day left to order.");
    expect(expiryBadge(2)).toBe("You have 2 days left to order.");
    expect(expiryBadge(45)).toBe("You have 45 days left to order.");
  });

  it("names the patient and the date", () => {
    expect(expiringHeadline("Ann ", "2026-07-04")).toBe("Ann's prescription expires July 4, 2026");
  });

  it("writes a wallet prescription's expiry, with the badge only within the window", () => {
    expect(expiryView(inDays(3), TODAY)).toEqual({
      text: "Expires June 13, 2026",
      expired: false,
      badge: "You have 3 days left to order.",
    });
    expect(expiryView(inDays(46), TODAY).badge).toBeNull();
    expect(expiryView(inDays(-1), TODAY)).toEqual({ text: "Expired on June 9, 2026", expired: true, badge: null });
    expect(expiryView(null, TODAY).text).toBe("Expiration date not known yet");
  });
});

describe("eyes in words and in the API's shape", () => {
  const toric = { power: "-2.25", baseCurve: "8.6", diameter: "14.5", cylinder: "-0.75", axis: "180" };

  it("lists parameters in the catalog's order with its labels", () => {
    expect(eyeParameterList({ axis: "180", power: "-2.25", color: "Blue", addPower: "+1.50" })).toEqual([
      { label: "Power/sphere", value: "-2.25" },
      { label: "Axis", value: "180" },
      { label: "AddPower", value: "+1.50" },
      { label: "Color", value: "Blue" },
    ]);
    expect(eyeSummary("right", eye(LENS, "1", toric))).toBe(
      "OD: Power/sphere -2.25, BC 8.6, DIA 14.5, CYL -0.75, Axis 180",
    );
    expect(eyeSummary("left", eye(LENS, SUBMIT_AND_SKIP_UPC, {}))).toBe("OS: values to come");
  });

  it("maps the catalog's names to the spec's per-eye detail", () => {
    expect(eyeDetail(eye(LENS, "1", { ...toric, monovisionCode: "D", addPower: "+1.00", color: "Gray" }))).toEqual({
      spherePower: "-2.25",
      axisDegree: "180",
      baseCurve: "8.6",
      color: "Gray",
      cylinderPower: "-0.75",
      diameter: "14.5",
      domNonDom: "D",
      addPower: "+1.00",
    });
    expect(eyeDetail(null)).toBeNull();
  });

  it("knows another pack size of the same lens by its vanity URL", () => {
    expect(packSizeStem("dailies-total1-30-pack")).toBe(packSizeStem("dailies-total1-90-pack"));
    expect(packSizeStem("acuvue-oasys-1-day-30-pack")).not.toBe(packSizeStem("acuvue-oasys-max-1-day-30-pack"));
  });
});

describe("the expiration date asked with a typed prescription", () => {
  const schema = expirationDateSchema({ required: true, today: () => TODAY });
  const messages = (value: string | undefined) => {
    const result = schema.safeParse(value);
    return result.success ? [] : result.error.issues.map((issue) => issue.message);
  };

  it("takes an ISO day or MM/DD/YYYY, from today to 10 years ahead", () => {
    expect(schema.parse(TODAY)).toBe(TODAY);
    expect(schema.parse(" 12/31/2027 ")).toBe("2027-12-31");
    expect(schema.parse(latestExpirationDate(TODAY))).toBe("2036-06-10");
    expect(MAX_EXPIRATION_YEARS).toBe(10);
  });

  it("refuses a missing, unreal, past or absurdly far date with a clear message", () => {
    expect(messages(undefined)).toEqual([EXPIRATION_MESSAGES.required]);
    expect(messages("2027-02-30")).toEqual([EXPIRATION_MESSAGES.invalid]);
    expect(messages("13/01/2027")).toEqual([EXPIRATION_MESSAGES.invalid]);
    expect(messages("tomorrow")).toEqual([EXPIRATION_MESSAGES.invalid]);
    expect(messages(inDays(-1))).toEqual([EXPIRATION_MESSAGES.expired]);
    expect(EXPIRATION_MESSAGES.expired).toMatch(/^This prescription has expired\./);
    expect(messages("2036-06-11")).toEqual([EXPIRATION_MESSAGES.tooFar]);
  });

  it("may be left empty where it is optional", () => {
    const optional = expirationDateSchema({ required: false, today: () => TODAY });
    expect(optional.parse(undefined)).toBeUndefined();
    expect(optional.parse("")).toBeUndefined();
    expect(optional.safeParse(inDays(-1)).success).toBe(false);
  });

  it("parses input leniently but never invents a day", () => {
    expect(parseExpirationInput("2/29/2028")).toBe("2028-02-29");
    expect(parseExpirationInput("2/29/2027")).toBeNull();
    expect(parseExpirationInput("2027-1-5")).toBeNull();
  });
});

describe("the wallet's forms", () => {
  it("Order again: quantities per eye (0 leaves an eye out), colours, auto-reorder", () => {
    expect(
      orderAgainFormSchema.parse({
        prescriptionId: "12",
        rightQuantity: "2",
        leftQuantity: "0",
        rightColor: "Blue",
        autoReorder: "on",
      }),
    ).toEqual({
      prescriptionId: 12,
      isSubscription: true,
      rightEyeQuantity: 2,
      leftEyeQuantity: 0,
      rightColor: "Blue",
      leftColor: undefined,
    });
    expect(orderAgainFormSchema.parse({ prescriptionId: "3" })).toMatchObject({
      isSubscription: false,
      rightEyeQuantity: undefined,
    });
    expect(orderAgainFormSchema.safeParse({ prescriptionId: "3", rightQuantity: "-1" }).success).toBe(false);
    expect(orderAgainFormSchema.safeParse({ prescriptionId: "0" }).success).toBe(false);
  });

  it("the saved-prescription choice needs a prescription", () => {
    expect(savedPrescriptionChoiceSchema.parse({ prescriptionId: "5", groupId: "g" })).toEqual({
      prescriptionId: 5,
      groupId: "g",
    });
    const missing = savedPrescriptionChoiceSchema.safeParse({});
    expect(missing.success).toBe(false);
  });

  it("a prescription id is 1 to 9 digits", () => {
    expect(parsePrescriptionId("42")).toBe(42);
    for (const bad of ["0", "01", "1234567890", "x", "", undefined, null]) expect(parsePrescriptionId(bad)).toBeNull();
  });
});

describe("recorded with an order", () => {
  const lens = { type: "Lens", rxEntryType: "Manual", submitAndSkipImageId: null };

  it("starts PendingVerification; PendingSubmission for 'send it later' without an image; none for solution", () => {
    expect(orderPrescriptionStatus(lens)).toBe("PendingVerification");
    expect(orderPrescriptionStatus({ ...lens, rxEntryType: "SubmitAndSkip" })).toBe("PendingSubmission");
    expect(orderPrescriptionStatus({ ...lens, rxEntryType: "SubmitAndSkip", submitAndSkipImageId: "img" })).toBe(
      "PendingVerification",
    );
    expect(orderPrescriptionStatus({ ...lens, type: "Solution" })).toBeNull();
  });

  it("a Verified wallet prescription stays Verified; another wallet status is verified again", () => {
    expect(orderPrescriptionStatus(lens, "Verified")).toBe("Verified");
    expect(orderPrescriptionStatus(lens, "PendingVerification")).toBe("PendingVerification");
  });

  it("names the source: wallet, uploaded (an image), else typed", () => {
    expect(orderPrescriptionSource({ submitAndSkipImageId: null }, true)).toBe("wallet");
    expect(orderPrescriptionSource({ submitAndSkipImageId: "img" }, false)).toBe("uploaded");
    expect(orderPrescriptionSource({ submitAndSkipImageId: null }, false)).toBe("typed");
  });

  it("a group ordered from an online exam waits for the exam (PendingExam, source exam) until it is issued", () => {
    const exam = { ...lens, examVoucherToken: "voucher" };
    expect(orderPrescriptionStatus(exam)).toBe("PendingExam");
    expect(orderPrescriptionStatus(exam, "Verified")).toBe("Verified");
    expect(orderPrescriptionStatus({ ...exam, examVoucherToken: " " })).toBe("PendingVerification");
    expect(orderPrescriptionSource({ submitAndSkipImageId: null, examVoucherToken: "voucher" }, true)).toBe("exam");
  });

  it("an exam is needed after the order when a prescription is still to be submitted", () => {
    expect(isExamNeededPostOrder(["Verified", "PendingSubmission", null])).toBe(true);
    expect(isExamNeededPostOrder(["PendingVerification", "PendingExam", null])).toBe(false);
  });
});

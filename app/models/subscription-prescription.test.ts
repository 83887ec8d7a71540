import { describe, expect, it } from "vitest";
import { PRESCRIPTION_MESSAGES } from "./prescriptions";
import { SUBMIT_AND_SKIP_UPC } from "./stock";
import { prescriptionChange, SUBSCRIPTION_PRESCRIPTION_MESSAGES } from "./subscription-prescription";

const TODAY = "2026-06-01";
const catalog = new Map([
  [10, { id: 10, discontinuedInCatalog: false, isHidden: false }],
  [20, { id: 20, discontinuedInCatalog: false, isHidden: false }],
  [30, { id: 30, discontinuedInCatalog: true, isHidden: false }],
]);
const eye = (productId: number, upc: string, power: string) => ({ productId, upc, quantity: 2, parameters: { power } });
const prescription = (fields: Record<string, unknown> = {}) => ({
  rightEye: eye(10, "00000000011", "-1.00"),
  leftEye: eye(10, "00000000012", "-1.25"),
  expirationDate: "2027-01-01",
  patientFirstName: "Ann",
  patientLastName: "Lee",
  ...fields,
});
const subscription = {
  items: [
    { whichEye: "right" as const, productId: 10 },
    { whichEye: "left" as const, productId: 10 },
  ],
  patient: { firstName: "ann ", lastName: "LEE" },
};

describe("a subscription's new prescription", () => {
  it("gives each eye the prescription's UPC and parameters", () => {
    expect(prescriptionChange(subscription, prescription(), catalog, TODAY)).toEqual({
      ok: true,
      eyes: [
        { whichEye: "right", upc: "00000000011", parameters: { power: "-1.00" } },
        { whichEye: "left", upc: "00000000012", parameters: { power: "-1.25" } },
      ],
    });
  });

  it("needs the same lens on every eye the subscription sends", () => {
    const other = prescription({ leftEye: eye(20, "00000000021", "-1.25") });
    expect(prescriptionChange(subscription, other, catalog, TODAY)).toEqual({
      ok: false,
      message: SUBSCRIPTION_PRESCRIPTION_MESSAGES.otherLenses,
    });
    const oneEye = prescription({ leftEye: null });
    expect(prescriptionChange(subscription, oneEye, catalog, TODAY).ok).toBe(false);
    // A one-eye subscription takes a prescription with both eyes.
    const rightOnly = { ...subscription, items: [subscription.items[0]!] };
    expect(prescriptionChange(rightOnly, prescription(), catalog, TODAY)).toMatchObject({ ok: true });
  });

  it("refuses an expired, unsubmitted or no longer sold prescription with the wallet's words", () => {
    const expired = prescription({ expirationDate: "2026-05-31" });
    expect(prescriptionChange(subscription, expired, catalog, TODAY)).toEqual({
      ok: false,
      message: PRESCRIPTION_MESSAGES.expired,
    });
    const skipped = prescription({ rightEye: eye(10, SUBMIT_AND_SKIP_UPC, "-1.00") });
    expect(prescriptionChange(subscription, skipped, catalog, TODAY)).toEqual({
      ok: false,
      message: PRESCRIPTION_MESSAGES["not-submitted"],
    });
    const gone = prescription({ rightEye: eye(30, "00000000031", "-1.00"), leftEye: eye(30, "00000000032", "-1") });
    const goneSubscription = { ...subscription, items: subscription.items.map((item) => ({ ...item, productId: 30 })) };
    expect(prescriptionChange(goneSubscription, gone, catalog, TODAY)).toEqual({
      ok: false,
      message: PRESCRIPTION_MESSAGES["product-unavailable"],
    });
  });

  it("is for the subscription's patient, and a solution subscription has none", () => {
    expect(prescriptionChange(subscription, prescription({ patientFirstName: "Bo" }), catalog, TODAY)).toEqual({
      ok: false,
      message: SUBSCRIPTION_PRESCRIPTION_MESSAGES.otherPatient,
    });
    expect(prescriptionChange({ ...subscription, patient: null }, prescription(), catalog, TODAY).ok).toBe(true);
    const solution = { items: [{ whichEye: "none" as const, productId: 40 }], patient: null };
    expect(prescriptionChange(solution, prescription(), catalog, TODAY)).toEqual({
      ok: false,
      message: SUBSCRIPTION_PRESCRIPTION_MESSAGES.solution,
    });
  });
});

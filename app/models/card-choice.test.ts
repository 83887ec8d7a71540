import { describe, expect, it } from "vitest";
import {
  billingDefaultsFor,
  cardChoice,
  cardChoices,
  firstPaymentChoice,
  payIn4Choices,
  savedCardSchema,
} from "./card-choice";

const now = new Date("2026-05-15T18:00:00Z");
const visa = { id: 7, brand: "Visa", lastFour: "4242", expirationMonth: 3, expirationYear: 2029, isPreferred: true };

describe("cardChoice", () => {
  it("labels a saved card, pads its expiry month and keeps whether it is preferred", () => {
    expect(cardChoice(visa, now)).toEqual({
      id: 7,
      label: "Visa ending in 4242",
      expiry: "03/2029",
      isPreferred: true,
      expired: false,
    });
  });

  it("marks a card expired after its month (in the business time zone), usable through it", () => {
    const may = { ...visa, expirationMonth: 5, expirationYear: 2026 };
    const april = { ...visa, id: 8, expirationMonth: 4, expirationYear: 2026, brand: "Mystery" };
    expect(cardChoices([may, april], now).map((card) => [card.label, card.expired])).toEqual([
      ["Visa ending in 4242", false],
      ["Card ending in 4242", true],
    ]);
  });
});

describe("savedCardSchema", () => {
  it("takes a card id and refuses anything else with 'Choose a card to pay with.'", () => {
    expect(savedCardSchema.parse({ paymentMethodId: "12" })).toEqual({ paymentMethodId: 12 });
    for (const bad of ["", "0", "abc", "1.5", "99999999999"]) {
      const parsed = savedCardSchema.safeParse({ paymentMethodId: bad });
      expect(parsed.success, bad).toBe(false);
      expect(parsed.error?.issues[0]?.message).toBe("Choose a card to pay with.");
    }
  });
});

describe("billingDefaultsFor", () => {
  it("starts a new card's billing address as the US shipping address, empty for one abroad or none", () => {
    const boise = { address1: "12 Main St", city: "Boise", state: "ID", postalCode: "83702", country: "US" };
    expect(billingDefaultsFor(boise)).toEqual({
      billingAddress1: "12 Main St",
      billingCity: "Boise",
      billingState: "ID",
      billingPostalCode: "83702",
    });
    const empty = { billingAddress1: "", billingCity: "", billingState: "", billingPostalCode: "" };
    expect(billingDefaultsFor({ ...boise, country: "CA" })).toEqual(empty);
    expect(billingDefaultsFor(null)).toEqual(empty);
  });
});

describe("saved pay-in-4 methods as checkout offers them (decision 57)", () => {
  const methods = [
    { id: 3, kind: "Afterpay" as const, isPreferred: false },
    { id: 4, kind: "AfterpayBillingAgreement" as const, isPreferred: true },
  ];

  it("says their 4 payments where a card's expiry stands, and may be chosen", () => {
    const offer = { available: true as const, amounts: [2500, 2500, 2500, 2500], label: "4 payments of $25.00" };
    expect(payIn4Choices(methods, offer)).toEqual([
      {
        id: 3,
        label: "Afterpay",
        expiry: "",
        isPreferred: false,
        expired: false,
        detail: "4 payments of $25.00, interest-free",
      },
      {
        id: 4,
        label: "Afterpay (billing agreement)",
        expiry: "",
        isPreferred: true,
        expired: false,
        detail: "4 payments of $25.00, interest-free",
      },
    ]);
  });

  it("are shown but not choosable, with pay in 4's reason, when pay in 4 is not offered", () => {
    const offer = {
      available: false as const,
      reason: "specialtyMixed" as const,
      message: "Not with specialty lenses.",
    };
    expect(payIn4Choices(methods, offer).map((choice) => [choice.expired, choice.detail])).toEqual([
      [true, "Not with specialty lenses."],
      [true, "Not with specialty lenses."],
    ]);
  });
});

describe("firstPaymentChoice", () => {
  const choice = (id: number, isPreferred = false, expired = false) => ({
    id,
    label: "Afterpay",
    expiry: "",
    isPreferred,
    expired,
    detail: "",
  });
  it("a preferred pay-in-4 method that may pay, else the selected card, else the first pay-in-4 method that may", () => {
    expect(firstPaymentChoice([choice(5), choice(6, true)], 9)).toBe(6);
    expect(firstPaymentChoice([choice(5), choice(6, true, true)], 9)).toBe(9);
    expect(firstPaymentChoice([choice(5, false, true), choice(6)], null)).toBe(6);
    expect(firstPaymentChoice([choice(5, true, true)], null)).toBeNull();
  });
});

import { getZodConstraint } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";
import {
  CARD_LOCK_COOKIE,
  CARD_LOCK_MAX_FAILURES,
  CARD_LOCK_MINUTES,
  CARD_MESSAGES,
  cardDetailsFromForm,
  cardFormSchema,
  cardLabel,
  cardType,
  cardValidityError,
  expiryYearOptions,
  isCardExpired,
  isValidCard,
  lastFour,
  passesLuhn,
  placeOrderSchema,
  selectPaymentMethod,
  type CardDetails,
} from "./card";

// A fixed "now" on the business calendar: mid-June 2026 in Boise.
const NOW = new Date("2026-06-15T18:00:00Z");

const validCard: CardDetails = {
  number: "4242424242424242",
  nameOnCard: "Ann Lee",
  expirationMonth: 12,
  expirationYear: 2030,
  cvv: "123",
  billingAddress: { address1: "1 Main St", city: "Boise", postalCode: "83702", state: "ID" },
};

const form = (overrides: Record<string, string> = {}) => ({
  cardNumber: "4242 4242 4242 4242",
  nameOnCard: "Ann Lee",
  expirationMonth: "12",
  expirationYear: "2030",
  cvv: "123",
  billingAddress1: "1 Main St",
  billingCity: "Boise",
  billingState: "ID",
  billingPostalCode: "83702",
  ...overrides,
});

function fieldErrors(input: Record<string, string | undefined>) {
  const result = cardFormSchema(NOW).safeParse(input);
  if (result.success) return {};
  const errors: Record<string, string[]> = {};
  for (const issue of result.error.issues) (errors[String(issue.path[0])] ??= []).push(issue.message);
  return errors;
}

describe("card type from the first digits (spec 3 §4)", () => {
  it.each([
    ["2221000000000009", "MasterCard"],
    ["5555555555554444", "MasterCard"],
    ["378282246310005", "AmericanExpress"],
    ["30569309025904", "AmericanExpress"],
    ["4242424242424242", "Visa"],
    ["6011111111111117", "Discover"],
    ["8650000000000000", "Amazon"],
    ["8200000000000000", "GoogleCheckout"],
    ["8090000000000000", "PayPal"],
    ["8000000000000000", "Unknown"],
    ["8660000000000000", "Unknown"],
    ["1000000000000000", "Unknown"],
    ["7000000000000000", "Unknown"],
    ["9000000000000000", "Unknown"],
    ["0000000000000000", "Unknown"],
    ["", "Unknown"],
  ])("%s is %s", (number, type) => {
    expect(cardType(number)).toBe(type);
  });

  it("reads through spaces and dashes", () => {
    expect(cardType(" 865-1 2345")).toBe("Amazon");
    expect(cardType("3782 822463 10005")).toBe("AmericanExpress");
  });
});

describe("Luhn (mod 10)", () => {
  it.each(["4242424242424242", "5555555555554444", "378282246310005", "6011111111111117", "4000 0000 0000 0002"])(
    "accepts %s",
    (number) => expect(passesLuhn(number)).toBe(true),
  );
  it.each(["4242424242424241", "1234567812345678", "abc", "4242-4242-4242-424x"])("refuses %s", (number) =>
    expect(passesLuhn(number)).toBe(false),
  );
  it("doubles every second digit from the right, less 9 above 9", () => {
    // 59: 9 + (5*2=10 → 1) = 10 → valid; 18: 8 + 2 = 10 → valid; 19 is not.
    expect(passesLuhn("59")).toBe(true);
    expect(passesLuhn("18")).toBe(true);
    expect(passesLuhn("19")).toBe(false);
  });
});

describe("last four", () => {
  it("keeps only the last four digits", () => {
    expect(lastFour("4242 4242 4242 4242")).toBe("4242");
    expect(lastFour("3782-822463-10005")).toBe("0005");
    expect(lastFour("123")).toBeNull();
  });
});

describe("card validity (spec 3 §5)", () => {
  it("is valid with every field present and a number passing mod 10", () => {
    expect(isValidCard(validCard)).toBe(true);
    expect(cardValidityError(validCard)).toBeNull();
  });

  it("is 'Invalid card' when the number fails mod 10", () => {
    expect(cardValidityError({ ...validCard, number: "4242424242424241" })).toBe("Invalid card");
  });

  it.each([
    ["number", { number: "  " }],
    ["name", { nameOnCard: "" }],
    ["cvv", { cvv: " " }],
    ["month", { expirationMonth: null }],
    ["year", { expirationYear: "" }],
  ] as const)("is 'Invalid card' with a blank %s", (_, change) => {
    expect(cardValidityError({ ...validCard, ...change })).toBe(CARD_MESSAGES.invalidCard);
  });

  it.each(["address1", "city", "postalCode", "state"] as const)("is 'Invalid card' with a blank billing %s", (key) => {
    expect(isValidCard({ ...validCard, billingAddress: { ...validCard.billingAddress, [key]: "" } })).toBe(false);
  });
});

describe("card lock constants (spec 3 §9)", () => {
  it("locks after 10 failed saves, for 30 minutes, with the cardLock cookie", () => {
    expect(CARD_LOCK_MAX_FAILURES).toBe(10);
    expect(CARD_LOCK_MINUTES).toBe(30);
    expect(CARD_LOCK_COOKIE).toBe("cardLock");
    expect(CARD_MESSAGES.tooManyAttempts).toBe("Too many invalid attempts. Please try again later.");
  });
});

describe("expiry", () => {
  it("expires after the last day of its month, on the Boise calendar", () => {
    expect(isCardExpired(6, 2026, NOW)).toBe(false);
    expect(isCardExpired(5, 2026, NOW)).toBe(true);
    expect(isCardExpired(12, 2025, NOW)).toBe(true);
    expect(isCardExpired(1, 2027, NOW)).toBe(false);
    // 1 July 03:00 UTC is still 30 June in Boise: a June card still works.
    expect(isCardExpired(6, 2026, new Date("2026-07-01T03:00:00Z"))).toBe(false);
  });

  it("offers this year and the next 20", () => {
    const years = expiryYearOptions(NOW);
    expect(years[0]).toBe(2026);
    expect(years).toHaveLength(21);
  });
});

describe("card form schema", () => {
  it("gives the browser native constraints (required fields)", () => {
    const constraint = getZodConstraint(cardFormSchema(NOW));
    expect(constraint.cardNumber).toMatchObject({ required: true });
    expect(constraint.billingPostalCode).toMatchObject({ required: true });
  });

  it("parses a card with spaces into the card details (digits only, ZIP normalised)", () => {
    const result = cardDetailsFromForm(
      cardFormSchema(NOW).parse(form({ billingPostalCode: "83702 1234", billingState: "id" })),
    );
    expect(result).toEqual({
      number: "4242424242424242",
      nameOnCard: "Ann Lee",
      expirationMonth: 12,
      expirationYear: 2030,
      cvv: "123",
      billingAddress: { address1: "1 Main St", city: "Boise", state: "ID", postalCode: "83702-1234" },
    });
  });

  it("accepts dashes and a 2-digit year", () => {
    const result = cardFormSchema(NOW).parse(form({ cardNumber: "5555-5555-5555-4444", expirationYear: "29" }));
    expect(result.cardNumber).toBe("5555555555554444");
    expect(result.expirationYear).toBe(2029);
  });

  it("answers a number failing mod 10 with 'Invalid card'", () => {
    expect(fieldErrors(form({ cardNumber: "4242 4242 4242 4241" }))).toEqual({ cardNumber: ["Invalid card"] });
  });

  it("answers letters or a too-short number with 'Invalid card'", () => {
    expect(fieldErrors(form({ cardNumber: "4242 abcd 4242 4242" })).cardNumber).toEqual(["Invalid card"]);
    expect(fieldErrors(form({ cardNumber: "4242" })).cardNumber).toEqual(["Invalid card"]);
  });

  it("gives each blank field its own message", () => {
    const errors = fieldErrors({});
    expect(errors).toMatchObject({
      cardNumber: [CARD_MESSAGES.numberRequired],
      nameOnCard: [CARD_MESSAGES.nameRequired],
      expirationMonth: [CARD_MESSAGES.monthRequired],
      expirationYear: [CARD_MESSAGES.yearRequired],
      cvv: [CARD_MESSAGES.cvvRequired],
      billingAddress1: ["Enter the street address."],
      billingCity: ["Enter the city."],
      billingState: [CARD_MESSAGES.stateRequired],
      billingPostalCode: ["Enter the ZIP or postal code."],
    });
    expect(fieldErrors(form({ nameOnCard: "   " }))).toEqual({ nameOnCard: [CARD_MESSAGES.nameRequired] });
  });

  it("refuses a month outside 1–12", () => {
    expect(fieldErrors(form({ expirationMonth: "13" }))).toEqual({ expirationMonth: [CARD_MESSAGES.monthRequired] });
    expect(fieldErrors(form({ expirationMonth: "0" }))).toEqual({ expirationMonth: [CARD_MESSAGES.monthRequired] });
  });

  it("says clearly when the card has expired", () => {
    expect(fieldErrors(form({ expirationMonth: "5", expirationYear: "2026" }))).toEqual({
      expirationYear: [CARD_MESSAGES.expired],
    });
    expect(fieldErrors(form({ expirationYear: "2025" }))).toEqual({ expirationYear: [CARD_MESSAGES.expired] });
    expect(fieldErrors(form({ expirationMonth: "6", expirationYear: "2026" }))).toEqual({});
  });

  it("wants 4 CVV digits for American Express and 3 for the others", () => {
    const amex = { cardNumber: "3782 822463 10005" };
    expect(fieldErrors(form({ ...amex, cvv: "123" }))).toEqual({ cvv: [CARD_MESSAGES.cvvAmex] });
    expect(fieldErrors(form({ ...amex, cvv: "1234" }))).toEqual({});
    expect(fieldErrors(form({ cvv: "1234" }))).toEqual({ cvv: [CARD_MESSAGES.cvvThreeDigits] });
    expect(fieldErrors(form({ cvv: "12" }))).toEqual({ cvv: [CARD_MESSAGES.cvvInvalid] });
    expect(fieldErrors(form({ cvv: "12a" }))).toEqual({ cvv: [CARD_MESSAGES.cvvInvalid] });
  });

  it("checks the billing ZIP and state", () => {
    expect(fieldErrors(form({ billingPostalCode: "8370" }))).toEqual({ billingPostalCode: [CARD_MESSAGES.zipInvalid] });
    expect(fieldErrors(form({ billingState: "ZZ" }))).toEqual({ billingState: [CARD_MESSAGES.stateRequired] });
  });
});

describe("place-order form", () => {
  it("needs a uuid key and a card id", () => {
    const key = "0b9f2a55-5f7e-4d7e-9a55-3f1c2b6d8e90";
    expect(
      placeOrderSchema.safeParse({ intent: "place-order", idempotencyKey: key, paymentMethodId: "7" }).data,
    ).toEqual({ intent: "place-order", idempotencyKey: key, paymentMethodId: 7 });
    const missing = placeOrderSchema.safeParse({ intent: "place-order", idempotencyKey: key });
    expect(missing.error?.issues[0]?.message).toBe(CARD_MESSAGES.chooseCard);
    expect(
      placeOrderSchema.safeParse({ intent: "place-order", idempotencyKey: "x", paymentMethodId: "1" }).success,
    ).toBe(false);
  });
});

describe("selected payment method (spec 3 §3)", () => {
  const card = (id: number, isPreferred: boolean, insertedAt: string) => ({ id, isPreferred, insertedAt });
  it("is the preferred card", () => {
    expect(
      selectPaymentMethod([card(1, false, "2026-01-01"), card(2, true, "2025-01-01"), card(3, false, "2026-03-01")])
        ?.id,
    ).toBe(2);
  });
  it("otherwise the most recently inserted", () => {
    expect(
      selectPaymentMethod([card(1, false, "2026-01-01"), card(3, false, "2026-03-01"), card(2, false, "2025-01-01")])
        ?.id,
    ).toBe(3);
  });
  it("otherwise none", () => {
    expect(selectPaymentMethod([])).toBeNull();
  });
});

describe("card label", () => {
  it("names the brand and the last four", () => {
    expect(cardLabel({ brand: "AmericanExpress", lastFour: "0005" })).toBe("American Express ending in 0005");
    expect(cardLabel({ brand: "Something", lastFour: "1111" })).toBe("Card ending in 1111");
  });
});

import { describe, expect, it } from "vitest";
import {
  addDays,
  businessToday,
  CANCEL_NOTE_MAX,
  CANCEL_REASONS,
  cancelReasonLabel,
  cancelSchema,
  daysBetween,
  DEFAULT_FREQUENCY_DAYS,
  DEFAULT_REMINDER_DAYS,
  EMAIL_SNOOZE_DAYS,
  FAILURE_MESSAGES,
  firstReorderDate,
  formatReorderDate,
  formatShortDate,
  FREQUENCY_CHOICES,
  frequencyLabel,
  frequencySchema,
  isIsoDate,
  isListable,
  isPrescriptionExpired,
  isSnoozeSuccess,
  MAX_DAYS_AHEAD,
  MAX_SNOOZE_DAYS,
  nextDateSchema,
  nextReorderDateAfter,
  quantitiesSchema,
  RETRIED_FAILURES,
  reorderDateParts,
  SNOOZE_FEATURES,
  SNOOZE_LINK_DAYS,
  snoozeMessage,
  snoozeOutcome,
  snoozeSchema,
  SUBSCRIPTION_FAILURES,
  SUBSCRIPTION_MESSAGES,
} from "./subscription";

/** The messages of a failed parse, by path ("" for the form's own). */
function errorsOf(result: { success: boolean; error?: { issues: Array<{ path: PropertyKey[]; message: string }> } }) {
  expect(result.success).toBe(false);
  const errors: Record<string, string[]> = {};
  for (const issue of result.error!.issues) (errors[issue.path.map(String).join(".")] ??= []).push(issue.message);
  return errors;
}

describe("constants from the spec and the issue", () => {
  it("reminds 10 days ahead, snoozes by e-mail for 2 weeks, 1 month, 2 months, defaults to one month", () => {
    expect(DEFAULT_REMINDER_DAYS).toBe(10);
    expect(EMAIL_SNOOZE_DAYS).toEqual([14, 30, 60]);
    expect(DEFAULT_FREQUENCY_DAYS).toBe(30);
    expect(SNOOZE_FEATURES).toEqual(["snooze email", "snooze web"]);
    expect(MAX_SNOOZE_DAYS).toBe(180);
    expect(MAX_DAYS_AHEAD).toBe(365);
    expect(SNOOZE_LINK_DAYS).toBe(45);
  });

  it("says 'could not get subscription' when a subscription cannot be loaded (spec 3 error catalogue)", () => {
    expect(SUBSCRIPTION_MESSAGES.notFound).toBe("could not get subscription");
  });

  it("has a message for every failure, 'Prescription expired' for an expired prescription", () => {
    expect(Object.keys(FAILURE_MESSAGES).sort()).toEqual([...SUBSCRIPTION_FAILURES].sort());
    expect(FAILURE_MESSAGES["prescription-expired"]).toBe("Prescription expired");
    // Only failures that can fix themselves are retried; a declined card waits for the customer.
    expect([...RETRIED_FAILURES].sort()).toEqual(["other", "payment-error", "sold-out"]);
    expect(RETRIED_FAILURES.has("declined")).toBe(false);
    expect(RETRIED_FAILURES.has("prescription-expired")).toBe(false);
  });
});

describe("frequency labels (spec 3 §3)", () => {
  it.each([
    [30, "Every month"],
    [60, "Every 2 months"],
    [90, "Every 3 months"],
    [180, "Every 6 months"],
    [360, "Every 12 months"],
  ])("%i days is '%s'", (days, label) => {
    expect(frequencyLabel(days)).toBe(label);
  });

  it.each([1, 14, 29, 31, 45, 120, 365, 0])("%i days is 'Custom'", (days) => {
    expect(frequencyLabel(days)).toBe("Custom");
  });

  it("offers exactly the labelled frequencies in the forms", () => {
    expect(FREQUENCY_CHOICES).toEqual([30, 60, 90, 180, 360]);
  });
});

describe("dates", () => {
  it("takes today in the business time zone (America/Boise), not UTC", () => {
    // 05:00 UTC on March 1 is still the evening of February 28 in Boise (UTC−7).
    expect(businessToday(new Date("2026-03-01T05:00:00Z"))).toBe("2026-02-28");
    expect(businessToday(new Date("2026-03-01T07:00:00Z"))).toBe("2026-03-01");
    // In summer Boise is UTC−6.
    expect(businessToday(new Date("2026-07-01T05:59:00Z"))).toBe("2026-06-30");
    expect(businessToday(new Date("2026-07-01T06:00:00Z"))).toBe("2026-07-01");
  });

  it.each([
    ["2028-02-15", 30, "2028-03-16"], // leap year: February has 29 days
    ["2027-02-15", 30, "2027-03-17"],
    ["2027-01-31", 30, "2027-03-02"], // across a short February
    ["2028-01-31", 30, "2028-03-01"],
    ["2028-02-29", 365, "2029-02-28"], // from a leap day
    ["2028-02-29", 366, "2029-03-01"],
    ["2027-02-28", 1, "2027-03-01"],
    ["2028-02-28", 1, "2028-02-29"],
    ["2026-12-31", 1, "2027-01-01"],
    ["2026-03-07", 1, "2026-03-08"], // the night clocks spring forward
    ["2026-10-31", 1, "2026-11-01"], // the night clocks fall back
    ["2026-11-21", 360, "2027-11-16"],
    ["2026-03-01", -1, "2026-02-28"],
  ])("%s + %i days is %s", (from, days, expected) => {
    expect(addDays(from, days)).toBe(expected);
    expect(daysBetween(from, expected)).toBe(days);
  });

  it("counts the days of a leap year and across clock changes", () => {
    expect(daysBetween("2028-01-01", "2029-01-01")).toBe(366);
    expect(daysBetween("2027-01-01", "2028-01-01")).toBe(365);
    expect(daysBetween("2026-03-01", "2026-04-01")).toBe(31);
    expect(daysBetween("2026-04-01", "2026-03-01")).toBe(-31);
    expect(daysBetween("2026-05-05", "2026-05-05")).toBe(0);
  });

  it("puts the first reorder date one frequency after the order", () => {
    expect(firstReorderDate("2026-01-31", 30)).toBe("2026-03-02");
    expect(firstReorderDate("2028-02-29", 360)).toBe("2029-02-23");
  });

  describe("the reorder date after an order", () => {
    it("is one frequency after the reorder date when the order went out on time", () => {
      expect(nextReorderDateAfter("2028-02-15", 30, "2028-02-15")).toBe("2028-03-16");
      expect(nextReorderDateAfter("2027-01-31", 30, "2027-01-31")).toBe("2027-03-02");
      expect(nextReorderDateAfter("2028-02-29", 360, "2028-02-29")).toBe("2029-02-23");
    });

    it("is one frequency after the reorder date when the order is late but that date is still ahead", () => {
      expect(nextReorderDateAfter("2026-01-10", 30, "2026-01-20")).toBe("2026-02-09");
    });

    it("counts from today when one frequency on would already be past, so it is never in the past", () => {
      expect(nextReorderDateAfter("2026-01-10", 30, "2026-03-01")).toBe("2026-03-31");
      expect(nextReorderDateAfter("2028-01-31", 30, "2028-03-02")).toBe("2028-04-01");
      // Late, but Jan 31 + 30 days (March 1 in a leap year) is still ahead of February 29.
      expect(nextReorderDateAfter("2028-01-31", 30, "2028-02-29")).toBe("2028-03-01");
    });

    it("counts from today when one frequency on is today (the order would be due again at once)", () => {
      expect(nextReorderDateAfter("2026-01-10", 30, "2026-02-09")).toBe("2026-03-11");
    });
  });

  it("formats dates for the pages and e-mails, and in the spec's parts", () => {
    expect(formatReorderDate("2026-12-01")).toBe("Tuesday, December 1, 2026");
    expect(formatReorderDate("2028-02-29")).toBe("Tuesday, February 29, 2028");
    expect(formatShortDate("2026-12-01")).toBe("Dec 1, 2026");
    expect(reorderDateParts("2028-02-29")).toEqual({ year: 2028, month: 2, day: 29 });
    expect(reorderDateParts("2026-12-01")).toEqual({ year: 2026, month: 12, day: 1 });
  });

  it.each([
    ["2026-12-01", true],
    ["2028-02-29", true],
    ["2027-02-29", false],
    ["2026-02-30", false],
    ["2026-13-01", false],
    ["2026-2-3", false],
    ["20261201", false],
    ["2026-12-01T00:00:00Z", false],
    ["", false],
    [20261201, false],
    [null, false],
  ])("isIsoDate(%j) is %s", (value, expected) => {
    expect(isIsoDate(value)).toBe(expected);
  });
});

describe("snooze outcomes (spec 3 §4)", () => {
  const linkDate = "2026-11-21";

  it("snoozes when the link's date is the current reorder date", () => {
    const outcome = snoozeOutcome({ linkDate, days: 30, currentDate: linkDate });
    expect(outcome).toEqual({ kind: "snoozed", from: "2026-11-21", to: "2026-12-21" });
    expect(isSnoozeSuccess(outcome)).toBe(true);
    expect(snoozeMessage(outcome)).toBe("Your next order is now scheduled for Monday, December 21, 2026.");
  });

  it("reports 'already snoozed' as a success with the date when the date is the link's date plus the days", () => {
    const outcome = snoozeOutcome({ linkDate, days: 30, currentDate: "2026-12-21" });
    expect(outcome).toEqual({ kind: "alreadySnoozed", date: "2026-12-21" });
    expect(isSnoozeSuccess(outcome)).toBe(true);
    expect(snoozeMessage(outcome)).toBe(
      "This order was already snoozed. It is scheduled for Monday, December 21, 2026.",
    );
  });

  it("reports 'already shipped' when the date is later than the link's date plus the days", () => {
    for (const currentDate of ["2026-12-22", "2027-01-20"]) {
      const outcome = snoozeOutcome({ linkDate, days: 30, currentDate });
      expect(outcome).toEqual({ kind: "alreadyShipped", date: currentDate });
      expect(isSnoozeSuccess(outcome)).toBe(false);
      expect(snoozeMessage(outcome)).toMatch(/already shipped/);
    }
  });

  it("reports an invalid snooze date for any other date (before the link's date, or between)", () => {
    for (const currentDate of ["2026-11-20", "2026-01-01", "2026-11-22", "2026-12-20"]) {
      const outcome = snoozeOutcome({ linkDate, days: 30, currentDate });
      expect(outcome).toEqual({ kind: "invalidDate", date: currentDate });
      expect(isSnoozeSuccess(outcome)).toBe(false);
      expect(snoozeMessage(outcome)).toMatch(/different order date/);
    }
  });

  it("is idempotent: the same link pressed again after a snooze is 'already snoozed', every time", () => {
    const first = snoozeOutcome({ linkDate, days: 14, currentDate: linkDate });
    expect(first.kind).toBe("snoozed");
    const afterFirst = first.kind === "snoozed" ? first.to : "";
    const second = snoozeOutcome({ linkDate, days: 14, currentDate: afterFirst });
    const third = snoozeOutcome({ linkDate, days: 14, currentDate: afterFirst });
    expect(second).toEqual({ kind: "alreadySnoozed", date: "2026-12-05" });
    expect(third).toEqual(second);
  });

  it("counts the snooze in calendar days across month ends and leap days", () => {
    expect(snoozeOutcome({ linkDate: "2028-02-15", days: 30, currentDate: "2028-02-15" })).toMatchObject({
      to: "2028-03-16",
    });
    expect(snoozeOutcome({ linkDate: "2027-01-31", days: 30, currentDate: "2027-01-31" })).toMatchObject({
      to: "2027-03-02",
    });
    expect(snoozeOutcome({ linkDate: "2028-02-29", days: 60, currentDate: "2028-04-29" })).toEqual({
      kind: "alreadySnoozed",
      date: "2028-04-29",
    });
  });

  it("a second link of the same e-mail (other days) after the first was used is 'already shipped' or invalid", () => {
    // Snoozed by 14 days to Dec 5; then the 30-day link of the same e-mail: its target (Dec 21) is later.
    expect(snoozeOutcome({ linkDate, days: 30, currentDate: "2026-12-05" }).kind).toBe("invalidDate");
    // Snoozed by 60 days to Jan 20; then the 14-day link: the date is past its target.
    expect(snoozeOutcome({ linkDate, days: 14, currentDate: "2027-01-20" }).kind).toBe("alreadyShipped");
  });
});

describe("listing (spec 3 §3: only subscriptions with an item and a quantity above 0)", () => {
  it.each([
    [[{ whichEye: "right", quantity: 2 }], true],
    [
      [
        { whichEye: "right", quantity: 0 },
        { whichEye: "left", quantity: 1 },
      ],
      true,
    ],
    [[{ whichEye: "none", quantity: 1 }], true],
    [
      [
        { whichEye: "right", quantity: 0 },
        { whichEye: "left", quantity: 0 },
      ],
      false,
    ],
    [[], false],
  ] as const)("%j → %s", (items, expected) => {
    expect(isListable(items)).toBe(expected);
  });
});

describe("prescription expiry", () => {
  it("is expired only after the day it expires on; no expiry never expires", () => {
    expect(isPrescriptionExpired("2026-11-21", "2026-11-20")).toBe(false);
    expect(isPrescriptionExpired("2026-11-21", "2026-11-21")).toBe(false);
    expect(isPrescriptionExpired("2026-11-21", "2026-11-22")).toBe(true);
    expect(isPrescriptionExpired("2026-12-31", "2027-01-01")).toBe(true);
    expect(isPrescriptionExpired(null, "2099-01-01")).toBe(false);
  });
});

describe("quantitiesSchema", () => {
  const both = quantitiesSchema({ right: [1, 2, 4], left: [2, 6, 12] });

  it("takes each eye's quantity from its own options", () => {
    expect(both.parse({ rightQuantity: "4", leftQuantity: "12" })).toEqual({ rightQuantity: 4, leftQuantity: 12 });
    expect(both.parse({ rightQuantity: " 1 ", leftQuantity: "2" })).toEqual({ rightQuantity: 1, leftQuantity: 2 });
  });

  it("refuses a quantity that is not one of the eye's options", () => {
    expect(errorsOf(both.safeParse({ rightQuantity: "6", leftQuantity: "4" }))).toEqual({
      rightQuantity: [SUBSCRIPTION_MESSAGES.chooseQuantity],
      leftQuantity: [SUBSCRIPTION_MESSAGES.chooseQuantity],
    });
  });

  it.each(["", "abc", "-1", "2.5", "1e1", "1000", undefined, 2])("refuses %j as a quantity", (value) => {
    expect(errorsOf(both.safeParse({ rightQuantity: value, leftQuantity: "2" }))).toEqual({
      rightQuantity: [SUBSCRIPTION_MESSAGES.chooseQuantity],
    });
  });

  it("lets one eye pause with 0, but not both", () => {
    expect(both.parse({ rightQuantity: "0", leftQuantity: "6" })).toEqual({ rightQuantity: 0, leftQuantity: 6 });
    expect(errorsOf(both.safeParse({ rightQuantity: "0", leftQuantity: "0" }))).toEqual({
      "": [SUBSCRIPTION_MESSAGES.atLeastOneBox],
    });
  });

  it("reads an eye the subscription does not have as null, and needs a box from the other", () => {
    const rightOnly = quantitiesSchema({ right: [1, 2], left: null });
    expect(rightOnly.parse({ rightQuantity: "2", leftQuantity: undefined })).toEqual({
      rightQuantity: 2,
      leftQuantity: null,
    });
    expect(rightOnly.parse({ rightQuantity: "2", leftQuantity: "" })).toEqual({ rightQuantity: 2, leftQuantity: null });
    expect(rightOnly.safeParse({ rightQuantity: "2", leftQuantity: "2" }).success).toBe(false);
    expect(errorsOf(rightOnly.safeParse({ rightQuantity: "0", leftQuantity: "" }))).toEqual({
      "": [SUBSCRIPTION_MESSAGES.atLeastOneBox],
    });
  });

  // BUG (reported to the lead, not fixed here): subscription.ts lines 190–193 — an eye with no options is
  // `z.undefined().or(z.literal("")).transform(...)`, which zod 4 does not treat as optional, so parsing an object
  // that leaves the key out fails with zod's own "Invalid input: expected nonoptional, received undefined". The pages
  // are not affected (Conform's parseWithZod coerces the form first); the API sends the key as undefined. Drop
  // `.fails` once fixed.
  it("reads a left-out field of an eye the subscription does not have as null", () => {
    const rightOnly = quantitiesSchema({ right: [1, 2], left: null });
    expect(rightOnly.safeParse({ rightQuantity: "2" })).toEqual({
      success: true,
      data: { rightQuantity: 2, leftQuantity: null },
    });
  });
});

describe("frequencySchema", () => {
  it.each(["30", "60", "90", "180", "360", " 90 "])("takes %j", (value) => {
    expect(frequencySchema.parse({ frequencyDays: value })).toEqual({ frequencyDays: Number(value) });
  });

  it.each(["45", "365", "0", "", "monthly", "30.5", undefined, 30])("refuses %j", (value) => {
    expect(errorsOf(frequencySchema.safeParse({ frequencyDays: value }))).toEqual({
      frequencyDays: [SUBSCRIPTION_MESSAGES.chooseFrequency],
    });
  });
});

describe("snoozeSchema", () => {
  it("takes 1 to 180 days", () => {
    expect(snoozeSchema.parse({ days: "1" })).toEqual({ days: 1 });
    expect(snoozeSchema.parse({ days: "180" })).toEqual({ days: 180 });
  });

  it.each(["0", "181", "-5", "", "two", undefined])("refuses %j", (value) => {
    expect(errorsOf(snoozeSchema.safeParse({ days: value }))).toEqual({ days: [SUBSCRIPTION_MESSAGES.snoozeDays] });
  });
});

describe("nextDateSchema", () => {
  const today = "2026-06-15";
  const schema = nextDateSchema(today);
  const parse = (year: string, month: string, day: string) => schema.safeParse({ year, month, day });

  it("takes today and any later date", () => {
    expect(parse("2026", "6", "15").data).toEqual({ date: "2026-06-15" });
    expect(parse("2026", "06", "16").data).toEqual({ date: "2026-06-16" });
    expect(parse(" 2026 ", " 12 ", " 31 ").data).toEqual({ date: "2026-12-31" });
  });

  it("refuses a date in the past", () => {
    expect(errorsOf(parse("2026", "6", "14"))).toEqual({ day: [SUBSCRIPTION_MESSAGES.dateInPast] });
    expect(errorsOf(parse("2025", "12", "31"))).toEqual({ day: [SUBSCRIPTION_MESSAGES.dateInPast] });
  });

  it("takes a date up to 365 days ahead, and refuses one further", () => {
    expect(addDays(today, MAX_DAYS_AHEAD)).toBe("2027-06-15");
    expect(parse("2027", "6", "15").data).toEqual({ date: "2027-06-15" });
    expect(errorsOf(parse("2027", "6", "16"))).toEqual({ year: [SUBSCRIPTION_MESSAGES.dateTooFar] });
    expect(errorsOf(parse("2030", "1", "1"))).toEqual({ year: [SUBSCRIPTION_MESSAGES.dateTooFar] });
  });

  it("refuses a day the month does not have (February 30, February 29 outside a leap year, April 31)", () => {
    expect(errorsOf(parse("2027", "2", "30"))).toEqual({ day: [SUBSCRIPTION_MESSAGES.chooseDate] });
    expect(errorsOf(parse("2027", "2", "29"))).toEqual({ day: [SUBSCRIPTION_MESSAGES.chooseDate] });
    expect(errorsOf(parse("2026", "9", "31"))).toEqual({ day: [SUBSCRIPTION_MESSAGES.chooseDate] });
    expect(errorsOf(parse("2026", "13", "1"))).toEqual({ day: [SUBSCRIPTION_MESSAGES.chooseDate] });
    expect(errorsOf(parse("2026", "0", "1"))).toEqual({ day: [SUBSCRIPTION_MESSAGES.chooseDate] });
    expect(errorsOf(parse("2026", "7", "0"))).toEqual({ day: [SUBSCRIPTION_MESSAGES.chooseDate] });
  });

  it("takes February 29 in a leap year", () => {
    expect(nextDateSchema("2028-01-10").safeParse({ year: "2028", month: "2", day: "29" }).data).toEqual({
      date: "2028-02-29",
    });
  });

  it("refuses fields that are not whole numbers, each with its own message", () => {
    expect(errorsOf(schema.safeParse({ year: "26", month: "x", day: "" }))).toEqual({
      year: [SUBSCRIPTION_MESSAGES.chooseDate],
      month: [SUBSCRIPTION_MESSAGES.chooseDate],
      day: [SUBSCRIPTION_MESSAGES.chooseDate],
    });
    expect(errorsOf(schema.safeParse({}))).toEqual({
      year: [SUBSCRIPTION_MESSAGES.chooseDate],
      month: [SUBSCRIPTION_MESSAGES.chooseDate],
      day: [SUBSCRIPTION_MESSAGES.chooseDate],
    });
  });
});

describe("cancelSchema", () => {
  it("offers a short list of reasons plus 'other'", () => {
    expect(CANCEL_REASONS.map((reason) => reason.value)).toEqual([
      "too-many-lenses",
      "prescription-changed",
      "better-price",
      "stopped-wearing",
      "order-when-needed",
      "other",
    ]);
    expect(cancelReasonLabel("better-price")).toBe("I found a better price");
    expect(cancelReasonLabel("other")).toBe("Other");
    expect(cancelReasonLabel("nope")).toBeNull();
    expect(cancelReasonLabel(null)).toBeNull();
  });

  it("takes a listed reason with or without a note (an empty note is none)", () => {
    expect(cancelSchema.parse({ reason: "better-price" })).toEqual({ reason: "better-price", note: null });
    expect(cancelSchema.parse({ reason: "better-price", note: "   " })).toEqual({ reason: "better-price", note: null });
    expect(cancelSchema.parse({ reason: "too-many-lenses", note: " Too many boxes " })).toEqual({
      reason: "too-many-lenses",
      note: "Too many boxes",
    });
  });

  it("needs a note for 'other'", () => {
    expect(cancelSchema.parse({ reason: "other", note: "Moving abroad" })).toEqual({
      reason: "other",
      note: "Moving abroad",
    });
    expect(errorsOf(cancelSchema.safeParse({ reason: "other" }))).toEqual({
      note: [SUBSCRIPTION_MESSAGES.otherReason],
    });
    expect(errorsOf(cancelSchema.safeParse({ reason: "other", note: "  " }))).toEqual({
      note: [SUBSCRIPTION_MESSAGES.otherReason],
    });
  });

  it("keeps the note to 200 characters", () => {
    expect(cancelSchema.parse({ reason: "other", note: "x".repeat(CANCEL_NOTE_MAX) }).note).toHaveLength(200);
    expect(errorsOf(cancelSchema.safeParse({ reason: "other", note: "x".repeat(CANCEL_NOTE_MAX + 1) }))).toEqual({
      note: [SUBSCRIPTION_MESSAGES.reasonTooLong],
    });
  });

  it.each([undefined, "", "Other", "bored", 3])("refuses the reason %j", (reason) => {
    expect(errorsOf(cancelSchema.safeParse({ reason }))).toMatchObject({
      reason: [SUBSCRIPTION_MESSAGES.chooseReason],
    });
  });
});

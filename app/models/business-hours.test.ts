import { DateTime } from "luxon";
import { describe, expect, it } from "vitest";
import {
  addBusinessHours,
  BUSINESS_CLOSES_HOUR,
  BUSINESS_OPENS_HOUR,
  FEDERAL_HOLIDAYS,
  formatBusinessMoment,
  isBusinessHoursDay,
  isFederalHoliday,
  nextBusinessMoment,
  PASSIVE_VERIFICATION_BUSINESS_HOURS,
} from "./business-hours";

/** A wall-clock time in Boise. */
const boise = (iso: string) => DateTime.fromISO(iso, { zone: "America/Boise" });
const utc = (iso: string) => DateTime.fromISO(iso, { zone: "utc" });
/** The Boise wall-clock time of a moment, to the minute. */
const wall = (moment: DateTime) => moment.setZone("America/Boise").toFormat("yyyy-MM-dd'T'HH:mm");
const passive = (start: DateTime) => wall(addBusinessHours(start, PASSIVE_VERIFICATION_BUSINESS_HOURS));

describe("the FTC rule's constants", () => {
  it("verifies passively after 8 business hours, 9:00–17:00", () => {
    expect(PASSIVE_VERIFICATION_BUSINESS_HOURS).toBe(8);
    expect([BUSINESS_OPENS_HOUR, BUSINESS_CLOSES_HOUR]).toEqual([9, 17]);
  });
});

describe("federal holidays", () => {
  it("are the 11 of 5 U.S.C. 6103", () => {
    expect(FEDERAL_HOLIDAYS).toHaveLength(11);
  });

  it("falls on each holiday's day off in 2026", () => {
    const days2026 = [
      "2026-01-01", // New Year's Day (Thursday)
      "2026-01-19", // MLK Day: third Monday of January
      "2026-02-16", // Presidents' Day: third Monday of February
      "2026-05-25", // Memorial Day: last Monday of May
      "2026-06-19", // Juneteenth (Friday)
      "2026-07-03", // Independence Day on a Saturday: the Friday before
      "2026-09-07", // Labor Day: first Monday of September
      "2026-10-12", // Columbus Day: second Monday of October
      "2026-11-11", // Veterans Day (Wednesday)
      "2026-11-26", // Thanksgiving: fourth Thursday of November
      "2026-12-25", // Christmas Day (Friday)
    ];
    for (const day of days2026) expect(isFederalHoliday(boise(`${day}T12:00`)), day).toBe(true);
    let count = 0;
    for (let day = boise("2026-01-01T12:00"); day.year === 2026; day = day.plus({ days: 1 })) {
      if (isFederalHoliday(day)) count++;
    }
    expect(count).toBe(11);
  });

  it("observes a Sunday holiday on the Monday after and a Saturday one on the Friday before", () => {
    expect(isFederalHoliday(boise("2027-06-18T12:00"))).toBe(true); // Juneteenth 2027 is a Saturday
    expect(isFederalHoliday(boise("2022-06-20T12:00"))).toBe(true); // Juneteenth 2022 was a Sunday
    expect(isFederalHoliday(boise("2023-11-10T12:00"))).toBe(true); // Veterans Day 2023 was a Saturday
    expect(isFederalHoliday(boise("2026-07-06T12:00"))).toBe(false);
  });

  it("observes New Year's Day on a Saturday on 31 December of the year before", () => {
    expect(isFederalHoliday(boise("2027-12-31T12:00"))).toBe(true); // 1 Jan 2028 is a Saturday
    expect(isFederalHoliday(boise("2026-12-31T12:00"))).toBe(false);
  });

  it("reads the day on the Boise calendar", () => {
    // 05:00 UTC on the 27th is still Thanksgiving evening in Boise.
    expect(isFederalHoliday(utc("2026-11-27T05:00:00"))).toBe(true);
    expect(isFederalHoliday(utc("2026-11-27T08:00:00"))).toBe(false);
  });

  it("makes a business day of Monday to Friday without a holiday", () => {
    expect(isBusinessHoursDay(boise("2026-11-25T12:00"))).toBe(true); // Wednesday
    expect(isBusinessHoursDay(boise("2026-11-26T12:00"))).toBe(false); // Thanksgiving
    expect(isBusinessHoursDay(boise("2026-11-28T12:00"))).toBe(false); // Saturday
    expect(isBusinessHoursDay(boise("2026-11-29T12:00"))).toBe(false); // Sunday
  });
});

describe("nextBusinessMoment", () => {
  it("is the moment itself during hours, else the next opening", () => {
    expect(wall(nextBusinessMoment(boise("2026-11-24T10:30")))).toBe("2026-11-24T10:30");
    expect(wall(nextBusinessMoment(boise("2026-11-24T07:00")))).toBe("2026-11-24T09:00");
    expect(wall(nextBusinessMoment(boise("2026-11-24T17:00")))).toBe("2026-11-25T09:00");
    expect(wall(nextBusinessMoment(boise("2026-11-25T18:00")))).toBe("2026-11-27T09:00"); // over Thanksgiving
  });
});

describe("addBusinessHours (8 business hours: passive verification)", () => {
  it("ends the same day at 17:00 from a 9:00 start", () => {
    expect(passive(boise("2026-11-24T09:00"))).toBe("2026-11-24T17:00");
  });

  it("carries what is left of the day over to the next morning", () => {
    expect(passive(boise("2026-11-23T13:00"))).toBe("2026-11-24T13:00");
    expect(passive(boise("2026-11-23T16:59"))).toBe("2026-11-24T16:59");
  });

  it("counts a start before opening from 9:00, and after closing from the next opening", () => {
    expect(passive(boise("2026-11-23T06:15"))).toBe("2026-11-23T17:00");
    expect(passive(boise("2026-11-23T17:00"))).toBe("2026-11-24T17:00");
    expect(passive(boise("2026-11-23T23:30"))).toBe("2026-11-24T17:00");
  });

  it("skips the weekend", () => {
    expect(passive(boise("2026-11-20T15:00"))).toBe("2026-11-23T15:00"); // Friday → Monday
    expect(passive(boise("2026-11-21T11:00"))).toBe("2026-11-23T17:00"); // Saturday → all of Monday
  });

  it("skips Thanksgiving", () => {
    // Wednesday 15:00: 2 hours, then Thursday is Thanksgiving: 6 more on Friday.
    expect(passive(boise("2026-11-25T15:00"))).toBe("2026-11-27T15:00");
  });

  it("skips an observed holiday (Independence Day 2026, a Saturday, observed on Friday the 3rd)", () => {
    expect(passive(boise("2026-07-02T14:00"))).toBe("2026-07-06T14:00");
  });

  it("skips the Friday New Year's Day is observed on, and Christmas", () => {
    expect(passive(boise("2027-12-30T16:00"))).toBe("2028-01-03T16:00");
    expect(passive(boise("2026-12-24T12:00"))).toBe("2026-12-28T12:00");
  });

  it("keeps 8 wall-clock hours across the spring change (2026-03-08): one hour less in real time", () => {
    const start = boise("2026-03-06T15:00"); // Friday, MST (UTC−7)
    const end = addBusinessHours(start, 8);
    expect(wall(end)).toBe("2026-03-09T15:00"); // Monday, MDT (UTC−6)
    expect(end.toUTC().toISO()).toBe("2026-03-09T21:00:00.000Z");
    expect(end.diff(start, "hours").hours).toBe(71);
  });

  it("keeps 8 wall-clock hours across the autumn change (2026-11-01): one hour more in real time", () => {
    const start = boise("2026-10-30T15:00"); // Friday, MDT (UTC−6)
    const end = addBusinessHours(start, 8);
    expect(wall(end)).toBe("2026-11-02T15:00"); // Monday, MST (UTC−7)
    expect(end.toUTC().toISO()).toBe("2026-11-02T22:00:00.000Z");
    expect(end.diff(start, "hours").hours).toBe(73);
  });

  it("takes a start in any zone and counts on the Boise clock", () => {
    // 18:30 in New York is 16:30 in Boise: half an hour left that day.
    const start = DateTime.fromISO("2026-11-23T18:30", { zone: "America/New_York" });
    expect(passive(start)).toBe("2026-11-24T16:30");
  });

  it("adds other amounts, including none and fractions", () => {
    expect(wall(addBusinessHours(boise("2026-11-21T11:00"), 0))).toBe("2026-11-23T09:00");
    expect(wall(addBusinessHours(boise("2026-11-23T10:00"), 1.5))).toBe("2026-11-23T11:30");
    expect(wall(addBusinessHours(boise("2026-11-23T09:00"), 16))).toBe("2026-11-24T17:00");
    expect(wall(addBusinessHours(boise("2026-11-23T09:00"), 40))).toBe("2026-11-30T17:00"); // Thanksgiving week
    expect(() => addBusinessHours(boise("2026-11-23T09:00"), -1)).toThrow(RangeError);
  });
});

describe("formatBusinessMoment", () => {
  it("shows the moment on the Boise clock with MT", () => {
    expect(formatBusinessMoment(utc("2026-11-25T22:00:00"))).toBe("Wed, Nov 25, 3:00 PM MT");
    expect(formatBusinessMoment(utc("2026-07-06T16:30:00"))).toBe("Mon, Jul 6, 10:30 AM MT");
  });
});

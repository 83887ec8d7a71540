import { DateTime } from "luxon";
import { BUSINESS_TIME_ZONE } from "./business-time";

/**
 * The store's calendar: US holidays and business hours. Shipping counts the carriers' holidays on it
 * (shipping.ts); prescription verification counts the FTC Contact Lens Rule's business hours on it (decision 30).
 * Dates are judged on the Boise calendar (America/Boise), so a moment late on a UTC date still counts as its Boise day.
 */

// ---- Holidays ---------------------------------------------------------------------------------------------------

/** The n-th `weekday` (1 Monday … 7 Sunday) of a month. */
export function nthWeekday(year: number, month: number, weekday: number, n: number): DateTime {
  const first = DateTime.utc(year, month, 1);
  return first.plus({ days: ((weekday - first.weekday + 7) % 7) + 7 * (n - 1) });
}

/** The last `weekday` of a month. */
export function lastWeekday(year: number, month: number, weekday: number): DateTime {
  const last = DateTime.utc(year, month, 1).endOf("month").startOf("day");
  return last.minus({ days: (last.weekday - weekday + 7) % 7 });
}

/** A fixed-date holiday on Saturday is observed the Friday before, on Sunday the Monday after. */
export function observed(date: DateTime): DateTime {
  if (date.weekday === 6) return date.minus({ days: 1 });
  if (date.weekday === 7) return date.plus({ days: 1 });
  return date;
}

export interface Holiday {
  name: string;
  /** The holiday's own date in a year. */
  on(year: number): DateTime;
  /** A fixed calendar date (moved to a weekday when it falls on a weekend); the others always fall on a Monday or Thursday. */
  fixedDate: boolean;
}

const fixed = (name: string, month: number, day: number): Holiday => ({
  name,
  on: (year) => DateTime.utc(year, month, day),
  fixedDate: true,
});
const moving = (name: string, on: (year: number) => DateTime): Holiday => ({ name, on, fixedDate: false });

/** The 11 US federal holidays (5 U.S.C. 6103). */
export const FEDERAL_HOLIDAYS: readonly Holiday[] = Object.freeze([
  fixed("New Year's Day", 1, 1),
  moving("Martin Luther King Jr. Day", (year) => nthWeekday(year, 1, 1, 3)), // third Monday of January
  moving("Presidents' Day", (year) => nthWeekday(year, 2, 1, 3)), // third Monday of February
  moving("Memorial Day", (year) => lastWeekday(year, 5, 1)), // last Monday of May
  fixed("Juneteenth", 6, 19),
  fixed("Independence Day", 7, 4),
  moving("Labor Day", (year) => nthWeekday(year, 9, 1, 1)), // first Monday of September
  moving("Columbus Day", (year) => nthWeekday(year, 10, 1, 2)), // second Monday of October
  fixed("Veterans Day", 11, 11),
  moving("Thanksgiving", (year) => nthWeekday(year, 11, 4, 4)), // fourth Thursday of November
  fixed("Christmas Day", 12, 25),
]);

export function federalHoliday(name: string): Holiday {
  const holiday = FEDERAL_HOLIDAYS.find((candidate) => candidate.name === name);
  if (!holiday) throw new RangeError(`unknown federal holiday ${name}`);
  return holiday;
}

/**
 * A holiday calendar: the ISO days (YYYY-MM-DD) of a year that are holidays, computed once per year. A fixed-date
 * holiday counts on its observed day, and with `actualDays` on its own date too (carriers close on both). Observed
 * days may cross a year's end (New Year's Day on a Saturday is observed on 31 December of the year before).
 */
export function holidayCalendar(
  holidays: readonly Holiday[],
  options: { actualDays: boolean },
): (year: number) => ReadonlySet<string> {
  const cache = new Map<number, ReadonlySet<string>>();
  return (year) => {
    const cached = cache.get(year);
    if (cached) return cached;
    const days: DateTime[] = [];
    for (const y of [year - 1, year, year + 1]) {
      for (const holiday of holidays) {
        const actual = holiday.on(y);
        if (!holiday.fixedDate) days.push(actual);
        else days.push(...(options.actualDays ? [actual, observed(actual)] : [observed(actual)]));
      }
    }
    const set = new Set(days.filter((d) => d.year === year).map((d) => d.toISODate()!));
    cache.set(year, set);
    return set;
  };
}

const federalHolidaysOf = holidayCalendar(FEDERAL_HOLIDAYS, { actualDays: false });

/** A federal holiday's day off (its observed day) on the Boise calendar. */
export function isFederalHoliday(date: DateTime): boolean {
  const local = date.setZone(BUSINESS_TIME_ZONE);
  return federalHolidaysOf(local.year).has(local.toISODate()!);
}

// ---- Business hours ---------------------------------------------------------------------------------------------

/** Business hours: 9:00 to 17:00 Boise time … */
export const BUSINESS_OPENS_HOUR = 9;
export const BUSINESS_CLOSES_HOUR = 17;

/** FTC Contact Lens Rule (16 CFR 315.5(c)): verified passively when the prescriber doesn't answer in 8 business hours. */
export const PASSIVE_VERIFICATION_BUSINESS_HOURS = 8;

/** … Monday to Friday, not on a federal holiday. */
export function isBusinessHoursDay(date: DateTime): boolean {
  const local = date.setZone(BUSINESS_TIME_ZONE);
  return local.weekday <= 5 && !isFederalHoliday(local);
}

const opening = (day: DateTime) => day.set({ hour: BUSINESS_OPENS_HOUR, minute: 0, second: 0, millisecond: 0 });
const closing = (day: DateTime) => day.set({ hour: BUSINESS_CLOSES_HOUR, minute: 0, second: 0, millisecond: 0 });

/** The moment itself when the store is open then, else the next opening (Boise time). */
export function nextBusinessMoment(moment: DateTime): DateTime {
  const local = moment.setZone(BUSINESS_TIME_ZONE);
  if (isBusinessHoursDay(local)) {
    if (local < opening(local)) return opening(local);
    if (local < closing(local)) return local;
  }
  let day = local.startOf("day").plus({ days: 1 });
  while (!isBusinessHoursDay(day)) day = day.plus({ days: 1 });
  return opening(day);
}

/**
 * The moment `hours` business hours after `start` (Boise time): only 9:00–17:00 on business days counts, and a start
 * outside them counts from the next opening. An end that lands exactly on a closing time is that closing time (8
 * hours from 9:00 end at 17:00 the same day). Daylight saving changes on a Sunday at 2:00, outside business hours,
 * so each business day has its 8 hours on the wall clock whatever the offset.
 */
export function addBusinessHours(start: DateTime, hours: number): DateTime {
  if (!Number.isFinite(hours) || hours < 0) throw new RangeError(`business hours must be 0 or more, not ${hours}`);
  let remainingMs = Math.round(hours * 3_600_000);
  let cursor = nextBusinessMoment(start);
  for (;;) {
    const availableMs = closing(cursor).toMillis() - cursor.toMillis();
    if (remainingMs <= availableMs) return cursor.plus({ milliseconds: remainingMs });
    remainingMs -= availableMs;
    cursor = nextBusinessMoment(closing(cursor));
  }
}

/** "Wed, Nov 25, 3:00 PM MT": a moment as the shopper reads it, on the store's clock. */
export function formatBusinessMoment(moment: DateTime): string {
  return `${moment.setZone(BUSINESS_TIME_ZONE).setLocale("en-US").toFormat("ccc, LLL d, h:mm a")} MT`;
}

/**
 * The promo ribbon's countdown as the browser ticks it (decision 4): plain arithmetic on epoch milliseconds, apart
 * from the ribbon's rules (promo-ribbon.ts, luxon and zod), which run on the server only.
 */
export const PROMO_RIBBON_TICK_MS = 1000;

export interface CountdownParts {
  days: number;
  hours: number;
  minutes: number;
  seconds: number;
}

/** Remaining time split for display; it stops at zeros and never goes negative. */
export function countdownParts(endsAt: number, now: number): CountdownParts {
  const total = Math.max(0, Math.floor((endsAt - now) / 1000));
  return {
    days: Math.floor(total / 86_400),
    hours: Math.floor((total % 86_400) / 3600),
    minutes: Math.floor((total % 3600) / 60),
    seconds: total % 60,
  };
}

export function isCountdownFinished(parts: CountdownParts): boolean {
  return parts.days === 0 && parts.hours === 0 && parts.minutes === 0 && parts.seconds === 0;
}

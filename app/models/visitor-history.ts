/**
 * What a browser remembers of its signed-in past, so experiments can tell a returning customer who is signed out
 * (spec 3 conditions: unauthenticated_returning_customer, previous_sign_in_customer, previous_order_customer,
 * previous_shipped_customer; spec 3 §5: the previous-order and previous-shipped-order request flags). It is only a
 * hint the browser keeps: it decides which variation a visitor sees, never a price or an account.
 */
export const VISITOR_HISTORY_COOKIE = "history";
export const VISITOR_HISTORY_MAX_AGE_SECONDS = 400 * 24 * 60 * 60;

export interface VisitorHistory {
  previousSignIn: boolean;
  previousOrder: boolean;
  previousShippedOrder: boolean;
}

const FLAGS = { s: "previousSignIn", o: "previousOrder", h: "previousShippedOrder" } as const;

export const NO_HISTORY: VisitorHistory = { previousSignIn: false, previousOrder: false, previousShippedOrder: false };

export function readVisitorHistory(raw: string | undefined): VisitorHistory {
  if (!raw || !/^[soh]{1,3}$/.test(raw)) return NO_HISTORY;
  return {
    previousSignIn: raw.includes("s"),
    previousOrder: raw.includes("o"),
    previousShippedOrder: raw.includes("h"),
  };
}

export function writeVisitorHistory(history: VisitorHistory): string {
  return (Object.keys(FLAGS) as Array<keyof typeof FLAGS>).filter((flag) => history[FLAGS[flag]]).join("");
}

/** Once known, a fact stays remembered: a signed-in visit only ever adds to what the browser kept. */
export function mergeHistory(kept: VisitorHistory, seen: VisitorHistory): VisitorHistory {
  return {
    previousSignIn: kept.previousSignIn || seen.previousSignIn,
    previousOrder: kept.previousOrder || seen.previousOrder,
    previousShippedOrder: kept.previousShippedOrder || seen.previousShippedOrder,
  };
}

import {
  FEATURE_SWITCHES,
  isSwitchOn,
  storedSwitchValue,
  type FeatureSwitchKey,
  type PaymentSwitches,
} from "~/models/feature-switches";
import { qaFlagFromQuery } from "~/models/qa-button";
import { tokenHash } from "../accounts/auth/tokens.server";
import { journeyOf, updateJourney } from "../funnel/funnel.server";
import { paymentProvidersReady, type AppConfig } from "../platform/config.server";
import type { Visitor } from "../platform/context.server";
import type { StoreSession } from "../platform/session.server";

/** The session's feature switches (models/feature-switches.ts), kept in the journey context of the cookie session. */
export function featureSwitches(session: StoreSession): Array<(typeof FEATURE_SWITCHES)[number] & { on: boolean }> {
  const journey = journeyOf(session);
  return FEATURE_SWITCHES.map((item) => ({ ...item, on: isSwitchOn(item, journey[item.key]) }));
}

export function setFeatureSwitch(session: StoreSession, key: FeatureSwitchKey, on: boolean): void {
  const item = FEATURE_SWITCHES.find((candidate) => candidate.key === key)!;
  updateJourney(session, { [key]: storedSwitchValue(item, on) });
}

/**
 * The payment switches of this session (all on unless switched off), with PayPal and AfterPay off when their provider
 * cannot take a payment (no credentials and no simulator: production without them).
 */
export function paymentSwitches(
  session: StoreSession,
  config: Pick<AppConfig, "paypal" | "afterpay" | "paymentSimulator">,
): PaymentSwitches {
  const on = new Map(featureSwitches(session).map((item) => [item.key, item.on]));
  const ready = paymentProvidersReady(config);
  return {
    paypal: ready.paypal && on.get("paypal")!,
    afterpay: ready.payIn4 && on.get("afterpay")!,
    applePay: on.get("applePay")!,
  };
}

/**
 * The QA button's flag (spec 1 §2.12): outside production, `?qa` or `?qa=true` turns it on for the session and
 * `?qa=false` off. Returns whether the button is enabled for this request. In production it never is.
 */
export function rememberQaFlag(config: AppConfig, session: StoreSession, url: URL): boolean {
  if (config.isProduction) return false;
  const flag = qaFlagFromQuery(url.searchParams);
  if (flag) {
    const on = flag === "enable";
    if ((journeyOf(session).qa === true) !== on) setFeatureSwitch(session, "qa", on);
  }
  return journeyOf(session).qa === true;
}

/** What the QA panel shows: the build, the session, the customer, the cart and the switches. Never a secret. */
export function qaPanelData(config: AppConfig, visitor: Visitor) {
  const authSessionId = visitor.session.get("authSessionId");
  return {
    version: config.version,
    appEnv: config.appEnv,
    // The first characters of the sign-in token's hash (as auth_sessions stores it): enough to find it, useless to use.
    session: authSessionId ? tokenHash(authSessionId).slice(0, 12) : "anonymous",
    customer: visitor.customer ? { id: visitor.customer.id, email: visitor.customer.email } : null,
    cartId: visitor.session.get("cartId") ?? null,
    priceBook: visitor.priceBook,
    switches: featureSwitches(visitor.session).map(({ key, label, on }) => ({ key, label, on })),
  };
}
export type QaPanelData = ReturnType<typeof qaPanelData>;

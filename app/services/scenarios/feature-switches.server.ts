import {
  FEATURE_SWITCHES,
  storedSwitchValue,
  switchDefault,
  switchStates,
  type FeatureSwitchKey,
  type PaymentSwitches,
} from "~/models/feature-switches";
import { NO_PAGE_FEATURES, type FeaturePage, type PageFeatures } from "~/models/page-features";
import { qaFlagFromQuery } from "~/models/qa-button";
import { tokenHash } from "../accounts/auth/tokens.server";
import { journeyOf, updateJourney } from "../funnel/funnel.server";
import { pageFeatures } from "../growth/page-features.server";
import { paymentProvidersReady, type AppConfig } from "../platform/config.server";
import type { AppServices, Visitor } from "../platform/context.server";
import type { StoreSession } from "../platform/session.server";

/**
 * What the session overrides (its journey context), or null in production: there a session cannot override a
 * feature, whatever its cookie holds (the settings page that sets them does not exist in production either).
 */
export function sessionOverrides(
  session: StoreSession,
  config: Pick<AppConfig, "isProduction">,
): Record<string, unknown> | null {
  return config.isProduction ? null : (journeyOf(session) as Record<string, unknown>);
}

/** The feature switches on a page (site-wide by default): the content's defaults with the session's overrides. */
export function featureSwitches(
  session: StoreSession,
  config: Pick<AppConfig, "isProduction">,
  features: PageFeatures,
  page: FeaturePage = "site",
): Array<(typeof FEATURE_SWITCHES)[number] & { on: boolean }> {
  const on = switchStates(features, page, sessionOverrides(session, config));
  return FEATURE_SWITCHES.map((item) => ({ ...item, on: on[item.key] }));
}

/** Turns a switch on or off for this session (the site-wide default is what "nothing kept" means). */
export function setFeatureSwitch(
  session: StoreSession,
  key: FeatureSwitchKey,
  on: boolean,
  features: PageFeatures = NO_PAGE_FEATURES,
): void {
  const item = FEATURE_SWITCHES.find((candidate) => candidate.key === key)!;
  updateJourney(session, { [key]: storedSwitchValue(on, switchDefault(item, features, "site")) });
}

/**
 * The payment switches of a page (the content's page features, a session's overrides outside production), with
 * PayPal and AfterPay off when their provider cannot take a payment (no credentials and no simulator: production
 * without them).
 */
export async function paymentSwitches(
  services: Pick<AppServices, "config" | "content" | "logger">,
  session: StoreSession,
  page: FeaturePage = "site",
): Promise<PaymentSwitches> {
  const on = switchStates(await pageFeatures(services), page, sessionOverrides(session, services.config));
  const ready = paymentProvidersReady(services.config);
  return { paypal: ready.paypal && on.paypal, afterpay: ready.payIn4 && on.afterpay, applePay: on.applePay };
}

/**
 * Whether one switch is on on a page: the content's page features with the session's overrides outside production (the
 * cart page's banner reads its switch so).
 */
export async function featureSwitchOn(
  services: Pick<AppServices, "config" | "content" | "logger">,
  session: StoreSession,
  page: FeaturePage,
  key: FeatureSwitchKey,
): Promise<boolean> {
  return switchStates(await pageFeatures(services), page, sessionOverrides(session, services.config))[key];
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
export function qaPanelData(config: AppConfig, visitor: Visitor, features: PageFeatures) {
  const authSessionId = visitor.session.get("authSessionId");
  return {
    version: config.version,
    appEnv: config.appEnv,
    // The first characters of the sign-in token's hash (as auth_sessions stores it): enough to find it, useless to use.
    session: authSessionId ? tokenHash(authSessionId).slice(0, 12) : "anonymous",
    customer: visitor.customer ? { id: visitor.customer.id, email: visitor.customer.email } : null,
    cartId: visitor.session.get("cartId") ?? null,
    priceBook: visitor.priceBook,
    switches: featureSwitches(visitor.session, config, features).map(({ key, label, on }) => ({ key, label, on })),
  };
}
export type QaPanelData = ReturnType<typeof qaPanelData>;

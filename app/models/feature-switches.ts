import { z } from "zod";
import { pageFeatureOn, type FeaturePage, type PageFeatureKey, type PageFeatures } from "./page-features";

/**
 * Session feature switches (spec 3 §6: feature toggles can be overridden per session): what the internal settings
 * page shows and toggles, and the QA panel lists. Each is a flag the store really reads: the exam's browser guard,
 * the QA helper button, the alternative payments (spec 3 §5; Apple Pay is then offered only on Apple platforms), live
 * chat and the cart banner.
 * Those marked `fromContent` take their default from the content system's page features
 * (`content/features.json`, models/page-features.ts: off when it cannot be read); the session keeps a value only
 * where it differs from that default, and only outside production is it read. The others are session-only, off
 * unless switched on.
 */
export const FEATURE_SWITCHES = [
  {
    key: "allowUnsupportedBrowser",
    label: "Allow any browser for the online exam",
    description:
      "Skips the exam's browser check (spec: the allowUnsupportedBrowser session setting). Also set by ?allowUnsupportedBrowser=true on an exam page.",
  },
  {
    key: "qa",
    label: "QA helper button",
    description:
      "Shows the draggable QA button on mobile screens, outside production. Also set by ?qa or ?qa=true on any page.",
  },
  {
    key: "paypal",
    label: "PayPal",
    description:
      "Offers PayPal as a way to pay and names it in the footer's 'We accept' strip. Default from the content's page features.",
    fromContent: true,
  },
  {
    key: "afterpay",
    label: "AfterPay (pay in 4)",
    description:
      "Offers paying in 4 instalments, shows the instalment note and names AfterPay in the footer. Default from the content's page features.",
    fromContent: true,
  },
  {
    key: "applePay",
    label: "Apple Pay",
    description:
      "Offers Apple Pay on Apple platforms with JavaScript (hidden everywhere else). Default from the content's page features.",
    fromContent: true,
  },
  {
    key: "paypalPayLater",
    label: "PayPal Pay Later",
    description:
      "Offers PayPal Pay Later at checkout (never for subscription carts; not without PayPal). Default from the content's page features.",
    fromContent: true,
  },
  {
    key: "preorder",
    label: "Pre-order",
    description:
      "Without pre-order, pay in 4 shows as unavailable at checkout, with the reason. Default from the content's page features.",
    fromContent: true,
  },
  {
    key: "liveChat",
    label: "Live chat",
    description:
      "Offers live chat: the launcher on home and content pages and the proactive window on phones. Default from the content's page features.",
    fromContent: true,
  },
  {
    key: "liveChatNewProvider",
    label: "Live chat: new provider",
    description:
      "With live chat on, visitors on the provider split's A path chat with the new provider (spec 3 §4 Live chat). Default from the content's page features.",
    fromContent: true,
  },
  {
    key: "cartBanner",
    label: "Cart banner",
    description:
      "Shows the banner on the cart page (the content system's cart-banner slot). Default from the content's page features for the cart page.",
    fromContent: true,
    // A feature of one page: its default is that page's, wherever the switch is read or set.
    page: "cart",
  },
  {
    key: "realTimeIdentityData",
    label: "Real-time identity data",
    description:
      "Answers GET api/customerDataPlatform/realTimeIdentityData for this session (spec 1 §7: only when its toggle is on; REAL_TIME_IDENTITY_DATA=true turns it on for everyone).",
  },
] as const;

export type FeatureSwitch = (typeof FEATURE_SWITCHES)[number];
export type FeatureSwitchKey = FeatureSwitch["key"];

function contentKey(item: FeatureSwitch): PageFeatureKey | null {
  return "fromContent" in item && item.fromContent ? (item.key as PageFeatureKey) : null;
}

/**
 * A switch's default on a page: the content's page feature (of the switch's own page when it belongs to one), or off
 * for a session-only switch.
 */
export function switchDefault(item: FeatureSwitch, features: PageFeatures, page: FeaturePage): boolean {
  const key = contentKey(item);
  const ownPage: FeaturePage | undefined = "page" in item ? item.page : undefined;
  return key ? pageFeatureOn(features, ownPage ?? page, key) : false;
}

/** Whether a switch is on: what the session keeps for it when it keeps a boolean, else its default. */
export function isSwitchOn(stored: unknown, defaultOn: boolean): boolean {
  return typeof stored === "boolean" ? stored : defaultOn;
}

/** What the session keeps for a switch turned on or off: nothing when that is its default. */
export function storedSwitchValue(on: boolean, defaultOn: boolean): boolean | undefined {
  return on === defaultOn ? undefined : on;
}

/**
 * Every switch's state on a page: the content's default, overridden by the session's value when overrides are read
 * (`stored` is null in production, where a session cannot override).
 */
export function switchStates(
  features: PageFeatures,
  page: FeaturePage,
  stored: Readonly<Record<string, unknown>> | null,
): Record<FeatureSwitchKey, boolean> {
  return Object.fromEntries(
    FEATURE_SWITCHES.map((item) => [item.key, isSwitchOn(stored?.[item.key], switchDefault(item, features, page))]),
  ) as Record<FeatureSwitchKey, boolean>;
}

/** The payment switches the footer strip and the payment options read. */
export interface PaymentSwitches {
  paypal: boolean;
  afterpay: boolean;
  applePay: boolean;
}
export const ALL_PAYMENTS_ON: PaymentSwitches = { paypal: true, afterpay: true, applePay: true };

export const FEATURE_SWITCH_KEYS = FEATURE_SWITCHES.map((item) => item.key) as [
  FeatureSwitchKey,
  ...FeatureSwitchKey[],
];

/** The settings page's toggle form. */
export const featureSwitchFormSchema = z.object({
  key: z.enum(FEATURE_SWITCH_KEYS, { error: "Choose a switch from the list." }),
  value: z.enum(["on", "off"], { error: "Choose on or off." }),
});

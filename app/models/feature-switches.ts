import { z } from "zod";

/**
 * Session feature switches (spec 3 §6: feature toggles can be overridden per session): what the internal settings
 * page shows and toggles, and the QA panel lists. Each is a flag of the session's journey context that the store
 * really reads: the exam's browser guard, the QA helper button, and the alternative payments (spec 3 §5: PayPal and
 * AfterPay default to on unless toggled off; so does Apple Pay, which is then offered only on Apple platforms). A
 * switch that is on by default (`defaultOn`) keeps `false` in the session when switched off, nothing otherwise.
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
      "Offers PayPal as a way to pay and names it in the footer's 'We accept' strip. On unless switched off.",
    defaultOn: true,
  },
  {
    key: "afterpay",
    label: "AfterPay (pay in 4)",
    description:
      "Offers paying in 4 instalments, shows the instalment note and names AfterPay in the footer. On unless switched off.",
    defaultOn: true,
  },
  {
    key: "applePay",
    label: "Apple Pay",
    description:
      "Offers Apple Pay on Apple platforms with JavaScript (hidden everywhere else). On unless switched off.",
    defaultOn: true,
  },
  {
    key: "paypalPayLater",
    label: "PayPal Pay Later",
    description:
      "Offers PayPal Pay Later at checkout (never for subscription carts; not without PayPal). On unless switched off.",
    defaultOn: true,
  },
  {
    key: "preorder",
    label: "Pre-order",
    description:
      "Without pre-order, pay in 4 shows as unavailable at checkout, with the reason. On unless switched off.",
    defaultOn: true,
  },
  {
    key: "realTimeIdentityData",
    label: "Real-time identity data",
    description:
      "Answers GET api/customerDataPlatform/realTimeIdentityData for this session (spec 1 §7: only when its toggle is on; REAL_TIME_IDENTITY_DATA=true turns it on for everyone).",
  },
] as const;

export type FeatureSwitch = (typeof FEATURE_SWITCHES)[number];
const defaultOn = (item: FeatureSwitch) => "defaultOn" in item && item.defaultOn;

/** Whether a switch is on, from what the session keeps for it (nothing: its default). */
export function isSwitchOn(item: FeatureSwitch, stored: unknown): boolean {
  return defaultOn(item) ? stored !== false : stored === true;
}

/** What the session keeps for a switch turned on or off: nothing for its default. */
export function storedSwitchValue(item: FeatureSwitch, on: boolean): boolean | undefined {
  if (defaultOn(item)) return on ? undefined : false;
  return on ? true : undefined;
}

/** The payment switches the footer strip and the payment options read. */
export interface PaymentSwitches {
  paypal: boolean;
  afterpay: boolean;
  applePay: boolean;
}
export const ALL_PAYMENTS_ON: PaymentSwitches = { paypal: true, afterpay: true, applePay: true };

export type FeatureSwitchKey = (typeof FEATURE_SWITCHES)[number]["key"];
export const FEATURE_SWITCH_KEYS = FEATURE_SWITCHES.map((item) => item.key) as [
  FeatureSwitchKey,
  ...FeatureSwitchKey[],
];

/** The settings page's toggle form. */
export const featureSwitchFormSchema = z.object({
  key: z.enum(FEATURE_SWITCH_KEYS, { error: "Choose a switch from the list." }),
  value: z.enum(["on", "off"], { error: "Choose on or off." }),
});

import { z } from "zod";

/**
 * Session feature switches (spec 3 §6: feature toggles can be overridden per session): what the internal settings
 * page shows and toggles, and the QA panel lists. Each is a flag of the session's journey context that the store
 * really reads: the exam's browser guard, and the QA helper button.
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
] as const;

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

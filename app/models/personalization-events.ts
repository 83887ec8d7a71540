/**
 * Personalization events (spec 3 §4 "Personalization", §3 "Analytics event"): with JavaScript, a slot that becomes
 * visible sends 'ContentShown' and its first click 'ContentInteraction', once per slot per page, to the customer data
 * platform's events call. Each carries the personalization metadata: experience, content id, date.
 */

export const CUSTOMER_DATA_PLATFORM_EVENTS_PATH = "/api/customerDataPlatform/events";

export const PERSONALIZATION_EVENT_NAMES = ["ContentShown", "ContentInteraction"] as const;
export type PersonalizationEventName = (typeof PERSONALIZATION_EVENT_NAMES)[number];

/**
 * Whether a page sends personalization events (spec 3 §4: "only when the feature is on and the user is signed in"):
 * the switch is the content system's `personalizationEvents` page feature.
 */
export function personalizationEventsOn(signedIn: boolean, switchOn: boolean) {
  return signedIn && switchOn;
}

/** One event of the customer data platform's events call (spec 3 §3). */
export interface CustomerDataPlatformEvent {
  eventName: string;
  eventDetail?: string;
  metadata?: Array<{ name: string; value: string }>;
}

/** What a rendered slot tells the browser, so its events name what was shown. */
export interface SlotEventSource {
  slot: string;
  experience: string;
  contentId: string;
}

/** A personalization event for a slot: the slot as its detail, and the spec's metadata (date: the moment, ISO). */
export function personalizationEvent(
  eventName: PersonalizationEventName,
  source: SlotEventSource,
  at: Date,
): CustomerDataPlatformEvent {
  return {
    eventName,
    eventDetail: source.slot,
    metadata: [
      { name: "experience", value: source.experience },
      { name: "contentId", value: source.contentId },
      { name: "date", value: at.toISOString() },
    ],
  };
}

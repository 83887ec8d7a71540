import { describe, expect, it } from "vitest";
import {
  CUSTOMER_DATA_PLATFORM_EVENTS_PATH,
  personalizationEvent,
  personalizationEventsOn,
} from "./personalization-events";

describe("personalization events", () => {
  it("carry the slot and the spec's metadata: experience, content id, date", () => {
    const at = new Date("2026-11-28T18:00:00Z");
    expect(
      personalizationEvent("ContentShown", { slot: "home-offer", experience: "home", contentId: "x" }, at),
    ).toEqual({
      eventName: "ContentShown",
      eventDetail: "home-offer",
      metadata: [
        { name: "experience", value: "home" },
        { name: "contentId", value: "x" },
        { name: "date", value: "2026-11-28T18:00:00.000Z" },
      ],
    });
  });

  it("are sent only for a signed-in visitor while the feature is on", () => {
    expect(personalizationEventsOn(true, true)).toBe(true);
    expect(personalizationEventsOn(false, true)).toBe(false);
    expect(personalizationEventsOn(true, false)).toBe(false);
  });

  it("go to the customer data platform's events call", () => {
    expect(CUSTOMER_DATA_PLATFORM_EVENTS_PATH).toBe("/api/customerDataPlatform/events");
  });
});

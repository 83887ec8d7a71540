import { describe, expect, it } from "vitest";
import { chooseChatProvider, LIVE_CHAT_PROVIDER_CAMPAIGN } from "./chat-provider-choice";

const ON = { liveChat: true, liveChatNewProvider: true };

describe("the live chat provider split (spec 3 §4 Live chat)", () => {
  it("names the campaign content/experiments.json runs", () => {
    expect(LIVE_CHAT_PROVIDER_CAMPAIGN).toBe("live-chat-provider");
  });

  it("uses the new provider on path A with both chat toggles on", () => {
    expect(chooseChatProvider({ variation: "A", toggles: ON })).toBe("new");
  });

  it("keeps the old provider on the default path, without a path, or on another one", () => {
    expect(chooseChatProvider({ variation: "default", toggles: ON })).toBe("old");
    expect(chooseChatProvider({ variation: undefined, toggles: ON })).toBe("old");
    expect(chooseChatProvider({ variation: "B", toggles: ON })).toBe("old");
    expect(chooseChatProvider({ variation: "excluded", toggles: ON })).toBe("old");
  });

  it("keeps the old provider on path A when either toggle is off", () => {
    expect(chooseChatProvider({ variation: "A", toggles: { ...ON, liveChat: false } })).toBe("old");
    expect(chooseChatProvider({ variation: "A", toggles: { ...ON, liveChatNewProvider: false } })).toBe("old");
  });

  it("keeps a conversation with the provider it started on", () => {
    expect(chooseChatProvider({ variation: "default", toggles: ON, started: "new" })).toBe("new");
    expect(chooseChatProvider({ variation: "A", toggles: ON, started: "old" })).toBe("old");
  });
});

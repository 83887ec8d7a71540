import type { VariantName } from "./experiments/names";

/**
 * The live chat provider split (spec 3 §4 'Live chat'; decision 63): the campaign `live-chat-provider` sends 90 of
 * 100 visitors to the old provider (its default path) and 10 to the new one (path A). The new provider is used when
 * the path is A and both chat toggles are on; otherwise the old one. A conversation stays with the provider it
 * started on (`started`).
 */
export const LIVE_CHAT_PROVIDER_CAMPAIGN = "live-chat-provider";

/** "old": the embedded chat (decision 37); "new": the second chat adapter (Sunshine Conversations). */
export const CHAT_PROVIDER_SLOTS = ["old", "new"] as const;
export type ChatProviderSlot = (typeof CHAT_PROVIDER_SLOTS)[number];

export function isChatProviderSlot(value: unknown): value is ChatProviderSlot {
  return value === "old" || value === "new";
}

export interface ChatToggles {
  liveChat: boolean;
  liveChatNewProvider: boolean;
}

export function chooseChatProvider(input: {
  variation: VariantName | undefined;
  toggles: ChatToggles;
  /** The provider the shopper's conversation started on, if the browser remembers one. */
  started?: ChatProviderSlot | null;
}): ChatProviderSlot {
  if (input.started) return input.started;
  const { liveChat, liveChatNewProvider } = input.toggles;
  return input.variation === "A" && liveChat && liveChatNewProvider ? "new" : "old";
}

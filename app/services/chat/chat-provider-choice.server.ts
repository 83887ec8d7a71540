import {
  chooseChatProvider,
  isChatProviderSlot,
  LIVE_CHAT_PROVIDER_CAMPAIGN,
  type ChatProviderSlot,
  type ChatToggles,
} from "~/models/chat-provider-choice";
import { switchStates } from "~/models/feature-switches";
import type { ChatProvider } from "../adapters/chat/chat-provider";
import { journeyOf } from "../funnel/funnel.server";
import { pageFeatures } from "../growth/page-features.server";
import type { AppServices, Visitor } from "../platform/context.server";

/**
 * Which chat provider a visitor talks to (spec 3 §4 'Live chat'; decision 63): the provider split's variation, the two
 * chat toggles (the content's page features, a session's overrides outside production), and the provider the
 * browser's conversation started on, which it keeps.
 */

export type ChatChoiceServices = Pick<AppServices, "config" | "content" | "logger" | "chat" | "chatNewProvider">;

/** The site-wide chat toggles, with the session's overrides outside production (as the settings page sets them). */
export async function chatToggles(
  services: Pick<AppServices, "config" | "content" | "logger">,
  visitor: Pick<Visitor, "session">,
): Promise<ChatToggles> {
  const overrides = services.config.isProduction ? null : (journeyOf(visitor.session) as Record<string, unknown>);
  const on = switchStates(await pageFeatures(services), "site", overrides);
  return { liveChat: on.liveChat, liveChatNewProvider: on.liveChatNewProvider };
}

export async function chatProviderSlot(
  services: ChatChoiceServices,
  visitor: Pick<Visitor, "session" | "campaignVariations">,
): Promise<ChatProviderSlot> {
  const started = visitor.session.get("chatProvider");
  return chooseChatProvider({
    variation: visitor.campaignVariations[LIVE_CHAT_PROVIDER_CAMPAIGN],
    toggles: await chatToggles(services, visitor),
    started: isChatProviderSlot(started) ? started : null,
  });
}

/** The visitor's chat provider, and its slot (kept in the session once a message is sent). */
export async function chatProviderFor(
  services: ChatChoiceServices,
  visitor: Pick<Visitor, "session" | "campaignVariations">,
): Promise<{ slot: ChatProviderSlot; provider: ChatProvider }> {
  const slot = await chatProviderSlot(services, visitor);
  return { slot, provider: slot === "new" ? services.chatNewProvider : services.chat };
}

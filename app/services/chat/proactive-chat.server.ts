import { parse as parseCookieHeader } from "cookie";
import {
  PROACTIVE_CHAT_COOKIE,
  PROACTIVE_CHAT_COOKIE_SECONDS,
  proactiveChatOffered,
  type ProactiveChatOutcome,
} from "~/models/proactive-chat";
import type { AppServices, Visitor } from "../platform/context.server";
import { chatToggles } from "./chat-provider-choice.server";

/**
 * Live chat in the shell (decision 63): whether the chat feature is on (the launcher shows on pages that offer chat)
 * and whether this request offers the proactive window (a phone, the feature on, and a browser that has not shown or
 * dismissed it). What the browser did with the window is a small HttpOnly cookie: it needs no record of its own, and
 * a shopper who clears cookies is a new visitor to the experiments too.
 */
export interface LiveChatShell {
  on: boolean;
  proactive: boolean;
}

function rememberedOutcome(cookieHeader: string | null): string | undefined {
  if (!cookieHeader) return undefined;
  try {
    return parseCookieHeader(cookieHeader)[PROACTIVE_CHAT_COOKIE];
  } catch {
    return undefined;
  }
}

export async function liveChatShell(
  services: Pick<AppServices, "config" | "content" | "logger">,
  visitor: Pick<Visitor, "session">,
  request: Request,
): Promise<LiveChatShell> {
  const { liveChat } = await chatToggles(services, visitor);
  return {
    on: liveChat,
    proactive: proactiveChatOffered({
      userAgent: request.headers.get("User-Agent"),
      liveChatOn: liveChat,
      remembered: rememberedOutcome(request.headers.get("Cookie")),
    }),
  };
}

/** The cookie that keeps the window from coming back. */
export function proactiveChatCookie(
  sessions: Pick<AppServices["sessions"], "smallCookie">,
  outcome: ProactiveChatOutcome,
) {
  return sessions.smallCookie(PROACTIVE_CHAT_COOKIE, outcome, PROACTIVE_CHAT_COOKIE_SECONDS);
}

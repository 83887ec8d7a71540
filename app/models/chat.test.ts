import { DateTime } from "luxon";
import { describe, expect, it } from "vitest";
import { FULL_NAME_MAX } from "./account";
import {
  CHAT_HISTORY_MINUTES,
  CHAT_MESSAGE_HIDE_MINUTES,
  CHAT_MESSAGE_MAX,
  CHAT_NAME_MAX,
  CHAT_PATH,
  chatAvailability,
  chatAvailabilityView,
  chatMessageSchema,
  chatMessageView,
  historyMessages,
  isCurrentConversation,
  launcherMessages,
  MOBILE_PROACTIVE_CHAT_DELAY_MS,
  normalizeChatText,
} from "./chat";

const boise = (iso: string) => DateTime.fromISO(iso, { zone: "America/Boise" });

describe("live chat constants (spec 3 §9)", () => {
  it("keeps the spec's delay and windows", () => {
    expect(MOBILE_PROACTIVE_CHAT_DELAY_MS).toBe(40000);
    expect(CHAT_MESSAGE_HIDE_MINUTES).toBe(1440);
    expect(CHAT_HISTORY_MINUTES).toBe(20160);
    expect(CHAT_PATH).toBe("/chat");
    expect(CHAT_NAME_MAX).toBe(FULL_NAME_MAX);
  });
});

describe("chatAvailability", () => {
  it("always has an agent by default (the footer's 24/7 promise)", () => {
    const view = chatAvailabilityView(chatAvailability(boise("2025-11-29T03:00"), "always"));
    expect(view).toEqual({
      agentAvailable: true,
      notice: "We're online. Real people answer here, usually within minutes.",
    });
  });
});

describe("chatAvailability (business hours)", () => {
  const businessView = (moment: DateTime) => chatAvailabilityView(chatAvailability(moment, "business-hours"));

  it("has an agent on a weekday at 10:00 Boise time", () => {
    const view = businessView(boise("2025-11-25T10:00"));
    expect(view.agentAvailable).toBe(true);
    expect(view.notice).toBe("We're online. Real people answer here, usually within minutes.");
  });

  it("is offline at night and says when we answer", () => {
    const view = businessView(boise("2025-11-25T20:30"));
    expect(view.agentAvailable).toBe(false);
    expect(view.notice).toBe(
      "We're away right now. Leave a message and we'll answer from Wed, Nov 26, 9:00 AM MT; we'll e-mail you when we do.",
    );
  });

  it("is offline on a weekend and on Thanksgiving, answering the next business morning", () => {
    expect(businessView(boise("2025-11-29T11:00")).notice).toContain("Mon, Dec 1, 9:00 AM MT");
    expect(businessView(boise("2025-11-27T11:00")).notice).toContain("Fri, Nov 28, 9:00 AM MT");
  });

  it("closes at 17:00", () => {
    expect(businessView(boise("2025-11-25T16:59")).agentAvailable).toBe(true);
    expect(businessView(boise("2025-11-25T17:00")).agentAvailable).toBe(false);
  });
});

describe("windows", () => {
  const now = boise("2025-11-25T10:00");
  const at = (minutesAgo: number, id: number) => ({ id, sentAt: now.minus({ minutes: minutesAgo }) });

  it("a conversation is current until 20160 minutes without a message", () => {
    expect(isCurrentConversation(now.minus({ minutes: CHAT_HISTORY_MINUTES - 1 }), now)).toBe(true);
    expect(isCurrentConversation(now.minus({ minutes: CHAT_HISTORY_MINUTES }), now)).toBe(false);
  });

  it("the chat page shows the history window, the launcher hides messages older than 1440 minutes", () => {
    const messages = [at(CHAT_HISTORY_MINUTES + 5, 1), at(CHAT_MESSAGE_HIDE_MINUTES + 5, 2), at(10, 3)];
    const history = historyMessages(messages, now);
    expect(history.map((m) => m.id)).toEqual([2, 3]);
    expect(launcherMessages(history, now)).toEqual({ shown: [messages[2]], hidden: 1 });
  });
});

describe("chatMessageSchema", () => {
  const parse = (needsContact: boolean, input: Record<string, string>) =>
    chatMessageSchema(needsContact).safeParse(input);

  it("normalises the text and keeps it plain", () => {
    expect(normalizeChatText("  Hi  \r\n\r\n\r\n\r\nthere <b>  ")).toBe("Hi\n\nthere <b>");
    const parsed = parse(false, { message: " <script>alert(1)</script> " });
    expect(parsed.success && parsed.data.message).toBe("<script>alert(1)</script>");
  });

  it("refuses an empty or too long message", () => {
    expect(parse(false, { message: "   \n " }).error?.issues[0]?.message).toBe("Write a message.");
    expect(parse(false, { message: "x".repeat(CHAT_MESSAGE_MAX + 1) }).error?.issues[0]?.message).toBe(
      "Messages can be at most 1000 characters.",
    );
    expect(parse(false, { message: "x".repeat(CHAT_MESSAGE_MAX) }).success).toBe(true);
  });

  it("asks a guest starting a conversation for a name and a valid e-mail", () => {
    const issues = parse(true, { message: "Hello", name: " ", email: "nope" }).error?.issues ?? [];
    expect(issues.map((issue) => [issue.path[0], issue.message])).toEqual([
      ["name", "Enter your name."],
      ["email", "Enter a valid e-mail address."],
    ]);
    expect(parse(true, { message: "Hello", name: "Ann Lee", email: "ann@example.com" }).success).toBe(true);
  });

  it("only takes a return path on this site", () => {
    expect(parse(false, { message: "Hi", returnTo: "//evil.example" }).success).toBe(false);
    expect(parse(false, { message: "Hi", returnTo: "/contact-us" }).success).toBe(true);
  });
});

describe("chatMessageView", () => {
  it("labels the author and the time on the store's clock", () => {
    const view = chatMessageView({ id: 1, author: "agent", text: "Hi", sentAt: boise("2025-11-25T15:00") });
    expect(view).toMatchObject({ authorLabel: "Lenslane support", sentAtLabel: "Tue, Nov 25, 3:00 PM MT" });
    expect(chatMessageView({ ...view, author: "shopper", sentAt: boise("2025-11-25T15:00") }).authorLabel).toBe("You");
  });
});

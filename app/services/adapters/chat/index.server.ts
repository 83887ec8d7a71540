import type { AppConfig } from "~/services/platform/config.server";
import type { Database } from "~/services/db/client.server";
import type { EmailSender } from "../email/email-sender";
import type { ChatProvider } from "./chat-provider";
import { createDatabaseChatProvider } from "./database-provider.server";

/**
 * Chosen once at start-up. Only the embedded provider exists for now (the conversation in the store's database,
 * answered on /dev/chat outside production); a hosted chat service's client, configured by its key, would be chosen
 * here (decision 37).
 */
export function createChatProvider(
  config: Pick<AppConfig, "siteUrl" | "chatSupportEmail" | "chatStaffedHours">,
  db: Database,
  email: EmailSender,
): ChatProvider {
  return createDatabaseChatProvider({
    db,
    email,
    siteUrl: config.siteUrl,
    supportEmail: config.chatSupportEmail,
    staffedHours: config.chatStaffedHours,
  });
}

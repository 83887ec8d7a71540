import { z } from "zod";
import { safeReturnPathSchema } from "./return-path";

/**
 * The proactive chat window's form (decision 63): `dismiss` (No thanks) and `chat` (Chat with us) are the plain
 * form's two buttons; `shown` is posted by the browser with JavaScript when the window appears. `returnTo`: the page
 * it was on, on this site only.
 */
export const proactiveChatFormSchema = z.object({
  intent: z.enum(["dismiss", "chat", "shown"], { error: "Choose to chat or to close the invitation." }),
  returnTo: safeReturnPathSchema.optional(),
});
export type ProactiveChatForm = z.infer<typeof proactiveChatFormSchema>;

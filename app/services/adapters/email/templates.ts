import type { EmailTemplates } from "./email-sender";
import { accountEmails } from "./templates/account";

/**
 * The account e-mails (sign-in code, password resets, welcome). Every message is a React Email component tree in
 * templates/, rendered once to HTML and once to plain text from the same tree (decision 0048).
 */
export const emailTemplates: EmailTemplates = accountEmails;

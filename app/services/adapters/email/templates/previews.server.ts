import type { EmailMessage } from "../email-sender";
import { chatMessageEmail, chatReplyEmail } from "./chat";
import { accountEmails } from "./account";
import { orderConfirmationEmail } from "./order-confirmation";
import { orderOnHoldEmail, orderShippedEmail } from "./order-notices";
import { prescriptionRequestEmail } from "./prescription-request";
import * as samples from "./samples";
import { reorderReminderEmail } from "./subscription";
import { reorderFailedEmail } from "./subscription-failed";

/**
 * Every message the store sends, each with sample data: the development preview (dev/emails) lists them and the
 * snapshot tests render them. A message with more than one shape (waiting for a prescription, a warning) has one
 * preview per shape.
 */
export interface EmailPreview {
  /** The preview's address (dev/emails/:template) and its snapshot files' name. */
  id: string;
  title: string;
  render(): Promise<EmailMessage>;
}

export const EMAIL_PREVIEWS: readonly EmailPreview[] = [
  { id: "pin", title: "Sign-in code", render: () => accountEmails.pin(samples.accountSamples.pin) },
  {
    id: "password-reset",
    title: "Password reset",
    render: () => accountEmails.passwordReset(samples.accountSamples.passwordReset),
  },
  {
    id: "guest-reset",
    title: "Password for a guest's account",
    render: () => accountEmails.guestReset(samples.accountSamples.guestReset),
  },
  { id: "welcome", title: "Welcome", render: () => accountEmails.welcome(samples.accountSamples.welcome) },
  {
    id: "order-confirmation",
    title: "Order confirmation",
    render: () => orderConfirmationEmail(samples.orderConfirmationSample),
  },
  {
    id: "order-confirmation-waiting",
    title: "Order confirmation, waiting for the prescription",
    render: () => orderConfirmationEmail(samples.orderConfirmationWaitingSample),
  },
  { id: "order-on-hold", title: "Order on hold", render: () => orderOnHoldEmail(samples.orderOnHoldSample) },
  {
    id: "order-on-hold-call",
    title: "Order on hold, nothing to send (call us)",
    render: () => orderOnHoldEmail(samples.orderOnHoldCallSample),
  },
  { id: "order-shipped", title: "Order shipped", render: () => orderShippedEmail(samples.orderShippedSample) },
  {
    id: "reorder-reminder",
    title: "Auto-reorder reminder",
    render: () => reorderReminderEmail(samples.reorderReminderSample),
  },
  {
    id: "reorder-reminder-renew",
    title: "Auto-reorder reminder, prescription expiring, no card",
    render: () => reorderReminderEmail(samples.reorderReminderRenewSample),
  },
  {
    id: "reorder-failed",
    title: "Auto-reorder failed",
    render: () => reorderFailedEmail(samples.reorderFailedSample),
  },
  {
    id: "reorder-failed-renew",
    title: "Auto-reorder failed, prescription expired",
    render: () => reorderFailedEmail(samples.reorderFailedRenewSample),
  },
  {
    id: "prescription-request",
    title: "Prescription request",
    render: () => prescriptionRequestEmail(samples.prescriptionRequestSample),
  },
  { id: "chat-reply", title: "Chat: support answered", render: () => chatReplyEmail(samples.chatReplySample) },
  {
    id: "chat-message",
    title: "Chat: a shopper's message (to support)",
    render: () => chatMessageEmail(samples.chatMessageSample),
  },
];

export function findEmailPreview(id: string): EmailPreview | undefined {
  return EMAIL_PREVIEWS.find((preview) => preview.id === id);
}

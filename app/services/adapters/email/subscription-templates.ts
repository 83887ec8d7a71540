/**
 * The auto-reorder e-mails (issue 7): the reminder before a reorder date and the notice that a reorder could not be
 * placed. React Email components in templates/ (decision 0048): both bodies come from one component tree.
 */
export {
  reorderReminderEmail,
  snoozeLabel,
  type ReminderItem,
  type ReorderReminderInput,
} from "./templates/subscription";
export { reorderFailedEmail, type ReorderFailedInput } from "./templates/subscription-failed";

/** Live chat's e-mails (decision 37), rendered from React Email components in templates/chat.tsx. */
export { chatMessageEmail, chatReplyEmail, type ChatMessageInput, type ChatReplyInput } from "./templates/chat";

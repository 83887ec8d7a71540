import type { EmailMessage } from "../email-sender";
import { EmailButton, EmailLayout, P, Quote } from "./parts";
import { absoluteLink, emailMessage, greeting } from "./words";

/**
 * Live chat's e-mails (decision 37): support's answer to the shopper, and the shopper's message to the support
 * address. The chat text is quoted as typed (line breaks kept), links absolute.
 */

export interface ChatReplyInput {
  to: string;
  name: string;
  reply: string;
  threadLink: string;
}

export interface ChatMessageInput {
  to: string;
  conversationId: number;
  contactName: string;
  contactEmail: string;
  message: string;
  supportLink: string;
}

function ChatReplyEmail(props: { name: string; reply: string; url: string }) {
  return (
    <EmailLayout heading="We answered your message">
      <P>{greeting(props.name)}</P>
      <P>Our support team answered your chat message:</P>
      <Quote>{props.reply}</Quote>
      <EmailButton href={props.url} pasteLink>
        Read and reply
      </EmailButton>
    </EmailLayout>
  );
}

function ChatMessageEmail(props: { conversationId: number; from: string; message: string; url: string }) {
  return (
    <EmailLayout heading={`Chat ${props.conversationId}`}>
      <P>{`${props.from} wrote:`}</P>
      <Quote>{props.message}</Quote>
      <EmailButton href={props.url} pasteLink>
        Answer
      </EmailButton>
    </EmailLayout>
  );
}

/** Support answered in the chat: the answer, and a link back to the thread. */
export async function chatReplyEmail(input: ChatReplyInput): Promise<EmailMessage> {
  const url = absoluteLink(input.threadLink);
  return emailMessage(
    "chat-reply",
    input.to,
    "Lenslane support answered your chat message",
    <ChatReplyEmail name={input.name} reply={input.reply} url={url} />,
  );
}

/** The shopper wrote in the chat: to the support address, with a link to the conversation on the support page. */
export async function chatMessageEmail(input: ChatMessageInput): Promise<EmailMessage> {
  const url = absoluteLink(input.supportLink);
  const from = `${input.contactName} <${input.contactEmail}>`;
  return emailMessage(
    "chat-message",
    input.to,
    `Chat ${input.conversationId}: new message from ${input.contactName}`,
    <ChatMessageEmail conversationId={input.conversationId} from={from} message={input.message} url={url} />,
  );
}

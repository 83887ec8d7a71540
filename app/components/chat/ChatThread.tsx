import { CHAT_WORDS, type ChatMessageView } from "~/models/chat-words";

/**
 * The messages of a chat, oldest first. Plain text (React escapes it); line breaks kept by the style sheet. Without
 * CSS each message reads as its author and time, then its text.
 */
export function ChatMessages({ messages, id }: { messages: ChatMessageView[]; id?: string }) {
  if (messages.length === 0) return <p className="chat-empty">{CHAT_WORDS.empty}</p>;
  return (
    <ol className="chat-messages" id={id} data-testid="chat-messages" aria-live="polite">
      {messages.map((message, index) => (
        <li
          key={message.id}
          className={`chat-message chat-message-${message.author}`}
          id={index === messages.length - 1 ? "chat-latest" : undefined}
          data-author={message.author}
        >
          <p className="chat-message-meta">
            <strong>{message.authorLabel}</strong> <time dateTime={message.sentAt}>{message.sentAtLabel}</time>
          </p>
          <p className="chat-message-text">{message.text}</p>
        </li>
      ))}
    </ol>
  );
}

import { getFormProps, getTextareaProps, useForm, type FieldMetadata, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import type { ComponentType } from "react";
import { Form, type FetcherFormProps } from "react-router";
import { HoneypotInputs } from "remix-utils/honeypot/react";
import { TextField } from "~/components/account/FormFields";
import { EMAIL_MAX } from "~/models/account";
import { CHAT_MESSAGE_MAX, CHAT_NAME_MAX, CHAT_PATH, CHAT_WORDS, chatMessageSchema } from "~/models/chat";
import { FieldError } from "~/components/forms/FieldError";

/** The page's <Form> or a fetcher's (both take the same props). */
type FormComponent = ComponentType<FetcherFormProps>;

/**
 * The shopper's message: a POST to the chat page's action, the same schema in the browser (Conform) and on the
 * server. A guest starting a conversation also gives a name and an e-mail address. `as`: a fetcher's form in the
 * launcher's panel; `returnTo`: where the action sends the browser back (the panel's page).
 */
export function ChatSendForm({
  id,
  needsContact,
  lastResult,
  returnTo,
  as: FormAs = Form,
}: {
  id: string;
  needsContact: boolean;
  lastResult?: SubmissionResult<string[]> | null;
  returnTo?: string;
  as?: FormComponent;
}) {
  const schema = chatMessageSchema(needsContact);
  const [form, fields] = useForm({
    id,
    // Without JavaScript the browser checks the native constraints; Conform takes over once hydrated.
    defaultNoValidate: false,
    lastResult,
    constraint: getZodConstraint(schema),
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  return (
    <FormAs method="post" action={CHAT_PATH} className="chat-form" {...getFormProps(form)}>
      <HoneypotInputs label="Please leave this field blank" />
      {returnTo ? <input type="hidden" name="returnTo" value={returnTo} /> : null}
      <FieldError as="p" field={form} />
      {needsContact ? (
        <>
          <TextField label="Your name" field={fields.name} autoComplete="name" maxLength={CHAT_NAME_MAX} />
          <TextField
            label="Your e-mail (we e-mail you when we answer)"
            field={fields.email}
            type="email"
            autoComplete="email"
            maxLength={EMAIL_MAX}
          />
        </>
      ) : null}
      <ChatMessageField field={fields.message} label="Your message" />
      <button type="submit" className="button button-primary">
        {CHAT_WORDS.send}
      </button>
    </FormAs>
  );
}

/** A chat message's text area, with its label and errors (the shopper's form and support's answer). */
export function ChatMessageField({ field, label }: { field: FieldMetadata<string>; label: string }) {
  return (
    <p className="form-field">
      <label htmlFor={field.id}>{label}</label>
      <textarea {...getTextareaProps(field)} key={field.key} rows={3} maxLength={CHAT_MESSAGE_MAX} />
      <FieldError field={field} />
    </p>
  );
}

import { SITE } from "~/models/site";
import type { EmailTemplates } from "../email-sender";
import { EmailButton, EmailLayout, P, Small, TEXT_COLOR } from "./parts";
import { absoluteLink, emailMessage, greeting, minutes } from "./words";

/** The account e-mails (spec): the sign-in code, the password resets and the welcome with its auto-login link. */

function PinEmail(props: { firstName: string; pin: string; valid: string }) {
  return (
    <EmailLayout heading="Your sign-in code">
      <P>{greeting(props.firstName)}</P>
      <P>{`Here is your code to sign in to ${SITE.name}:`}</P>
      <P
        style={{
          margin: "8px 0 24px",
          fontSize: "36px",
          lineHeight: "44px",
          fontWeight: "bold",
          letterSpacing: "8px",
          fontFamily: "'Courier New',Courier,monospace",
          color: TEXT_COLOR,
        }}
      >
        {props.pin}
      </P>
      <P>{`It works for the next ${props.valid}.`}</P>
      <Small>If you didn&apos;t ask for this, ignore this e-mail. Nobody can sign in without the code.</Small>
    </EmailLayout>
  );
}

function PasswordResetEmail(props: { firstName: string; url: string; valid: string }) {
  return (
    <EmailLayout heading="Reset your password">
      <P>{greeting(props.firstName)}</P>
      <P>{`We got a request to reset your ${SITE.name} password. Choose a new one with the button below.`}</P>
      <EmailButton href={props.url} pasteLink>
        Reset my password
      </EmailButton>
      <P>{`The link works once, for the next ${props.valid}.`}</P>
      <Small>If you didn&apos;t ask for this, ignore this e-mail and your password stays as it is.</Small>
    </EmailLayout>
  );
}

function GuestResetEmail(props: { url: string; valid: string }) {
  return (
    <EmailLayout heading="Set a password for your account">
      <P>Hi there,</P>
      <P>
        You checked out with us as a guest, so your account doesn&apos;t have a password yet. Set one to see your orders
        and reorder in a few clicks.
      </P>
      <EmailButton href={props.url} pasteLink>
        Set my password
      </EmailButton>
      <P>{`The link works once, for the next ${props.valid}.`}</P>
      <Small>If you didn&apos;t ask for this, ignore this e-mail. Nothing changes until the link is used.</Small>
    </EmailLayout>
  );
}

function WelcomeEmail(props: { firstName: string; url: string; daysValid: number }) {
  return (
    <EmailLayout heading={`Welcome to ${SITE.name}`}>
      <P>{greeting(props.firstName)}</P>
      <P>{`Welcome to ${SITE.name}! Your account is ready.`}</P>
      <P>Keep your prescriptions in one place, track your orders and reorder your lenses in seconds.</P>
      <EmailButton href={props.url} pasteLink>
        Go to my account
      </EmailButton>
      <Small>
        {`The button signs you straight in and works for ${props.daysValid} days. Please don't forward this e-mail.`}
      </Small>
      <P>Glad to have you with us.</P>
    </EmailLayout>
  );
}

export const accountEmails: EmailTemplates = {
  pin({ to, firstName, pin, minutesValid }) {
    return emailMessage(
      "pin",
      to,
      `Your ${SITE.name} sign-in code`,
      <PinEmail firstName={firstName} pin={pin} valid={minutes(minutesValid)} />,
    );
  },

  async passwordReset({ to, firstName, link, minutesValid }) {
    const url = absoluteLink(link);
    return emailMessage(
      "password-reset",
      to,
      `Reset your ${SITE.name} password`,
      <PasswordResetEmail firstName={firstName} url={url} valid={minutes(minutesValid)} />,
    );
  },

  async guestReset({ to, link, minutesValid }) {
    const url = absoluteLink(link);
    return emailMessage(
      "guest-reset",
      to,
      `Set a password for your ${SITE.name} account`,
      <GuestResetEmail url={url} valid={minutes(minutesValid)} />,
    );
  },

  async welcome({ to, firstName, accountLink, daysValid }) {
    const url = absoluteLink(accountLink);
    return emailMessage(
      "welcome",
      to,
      `Welcome to ${SITE.name}`,
      <WelcomeEmail firstName={firstName} url={url} daysValid={daysValid} />,
    );
  },
};

import { formatReorderDate } from "~/models/subscription";
import { SITE } from "~/models/site";
import type { EmailMessage } from "../email-sender";
import { EmailButton, EmailLayout, LinkLine, P, Small, TextLink } from "./parts";
import { absoluteLink, emailMessage, greeting } from "./words";

/** The notice that an auto-reorder could not be placed (issue 7): why, and what to do. */

export interface ReorderFailedInput {
  to: string;
  firstName: string;
  reorderDate: string;
  /** What went wrong and what to do (FAILURE_MESSAGES). */
  message: string;
  manageLink: string;
  /** Set for an expired prescription: renew it online or upload a new one. */
  renewPrescription: { examLink: string; uploadLink: string } | null;
}

function RenewPrescription(props: { firstName: string; date: string; exam: string; upload: string; manage: string }) {
  return (
    <EmailLayout heading="Renew your prescription">
      <P>{greeting(props.firstName)}</P>
      <P>
        {`We couldn't place your auto-reorder for ${props.date}: the prescription on your subscription has expired. ` +
          `Renew your prescription and we'll send your lenses.`}
      </P>
      <EmailButton href={props.exam}>Take the online vision exam</EmailButton>
      <P>
        {"Already have a new prescription? "}
        <TextLink href={props.upload}>Upload it</TextLink>.
      </P>
      <LinkLine href={props.manage}>Manage your subscription</LinkLine>
      <Small>The manage link signs you in, so please don&apos;t forward this e-mail.</Small>
    </EmailLayout>
  );
}

function ReorderFailed(props: { firstName: string; date: string; message: string; manage: string }) {
  return (
    <EmailLayout heading="Your auto-reorder needs attention">
      <P>{greeting(props.firstName)}</P>
      <P>{`We couldn't place your auto-reorder for ${props.date}.`}</P>
      <P>
        <strong>{props.message}</strong>
      </P>
      <EmailButton href={props.manage}>Manage your subscription</EmailButton>
      <Small>The button signs you in, so please don&apos;t forward this e-mail.</Small>
    </EmailLayout>
  );
}

export async function reorderFailedEmail(input: ReorderFailedInput): Promise<EmailMessage> {
  const date = formatReorderDate(input.reorderDate);
  const manage = absoluteLink(input.manageLink);
  if (input.renewPrescription) {
    const exam = absoluteLink(input.renewPrescription.examLink);
    const upload = absoluteLink(input.renewPrescription.uploadLink);
    return emailMessage(
      "reorder-failed",
      input.to,
      "Renew your prescription to get your next order",
      <RenewPrescription firstName={input.firstName} date={date} exam={exam} upload={upload} manage={manage} />,
    );
  }
  return emailMessage(
    "reorder-failed",
    input.to,
    `We couldn't place your ${SITE.name} auto-reorder`,
    <ReorderFailed firstName={input.firstName} date={date} message={input.message} manage={manage} />,
  );
}

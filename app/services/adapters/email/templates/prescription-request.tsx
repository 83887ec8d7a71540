import { formatPhone } from "~/models/account";
import type { EmailMessage } from "../email-sender";
import { EmailLayout, LinkLine, List, P } from "./parts";
import { absoluteLink, emailMessage, greeting } from "./words";

/** The confirmation of a prescription request (issue 17): what was asked, of whom, and what happens next. */
export interface PrescriptionRequestEmailInput {
  to: string;
  firstName: string;
  orderNumber: string;
  patientName: string;
  doctorName: string;
  doctorPhone: string;
  clinicName: string;
  /** Absolute link to the request's confirmation page. */
  link: string;
}

const NEXT =
  "We'll contact your doctor's office for the prescription, usually within one business day. As soon as we have it, we'll check it against your order and get your lenses on the way. If the office needs anything from you, we'll e-mail you.";

function PrescriptionRequest(props: { input: PrescriptionRequestEmailInput; link: string }) {
  const { input } = props;
  const doctor = [input.doctorName, input.clinicName].filter(Boolean).join(", ");
  return (
    <EmailLayout heading="We're getting your prescription">
      <P>{greeting(input.firstName)}</P>
      <P>{`Thanks! We've asked for your prescription for order ${input.orderNumber}.`}</P>
      <List
        prefix=""
        items={[
          `Order: ${input.orderNumber}`,
          `Patient: ${input.patientName}`,
          `Doctor: ${doctor}, ${formatPhone(input.doctorPhone)}`,
        ]}
      />
      <P>{NEXT}</P>
      <LinkLine href={props.link}>See your request</LinkLine>
    </EmailLayout>
  );
}

export async function prescriptionRequestEmail(input: PrescriptionRequestEmailInput): Promise<EmailMessage> {
  const link = absoluteLink(input.link);
  return emailMessage(
    "prescription-request",
    input.to,
    `We're getting your prescription for order ${input.orderNumber}`,
    <PrescriptionRequest input={input} link={link} />,
  );
}

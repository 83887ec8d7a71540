import { formatCents } from "~/models/catalog";
import { formatReorderDate } from "~/models/subscription";
import { SITE } from "~/models/site";
import type { EmailMessage } from "../email-sender";
import { EmailButton, EmailLayout, H2, LinkSeparator, Lines, List, P, Small, TextLink, Warning } from "./parts";
import { absoluteLink, emailMessage, greeting } from "./words";

/**
 * The auto-reorder reminder (issue 7): the upcoming order, the manage and snooze links, a prescription warning. The
 * failure notice is in subscription-failed.tsx.
 */

/** "2 weeks", "1 month", "2 months" for the e-mail's snooze links; other day counts as days. */
export function snoozeLabel(days: number): string {
  if (days % 30 === 0) return days === 30 ? "1 month" : `${days / 30} months`;
  if (days % 7 === 0) return days === 7 ? "1 week" : `${days / 7} weeks`;
  return days === 1 ? "1 day" : `${days} days`;
}

export interface ReminderItem {
  /** "Right eye", "Left eye", or null for solution. */
  eye: string | null;
  productName: string;
  quantity: number;
  /** "Power/sphere -1.00, BC 8.6", or "" when none. */
  parameters: string;
}

export interface ReorderReminderInput {
  to: string;
  firstName: string;
  /** The upcoming reorder date (ISO day). */
  reorderDate: string;
  patientName: string | null;
  items: ReminderItem[];
  shipTo: string[];
  card: { label: string } | null;
  /** Merchandise price of the reorder, with its auto-reorder promotions (no shipping or tax); null: not shown. */
  price: {
    subtotalCents: number;
    totalCents: number;
    promotions: Array<{ description: string; amountCents: number }>;
  } | null;
  /** Auto-login link to the subscription's page. */
  manageLink: string;
  snoozeLinks: Array<{ days: number; url: string }>;
  /** Set when the prescription expires before this order: the order cannot be sent until it is renewed. */
  prescriptionWarning: { expiresOn: string; examLink: string; uploadLink: string } | null;
}

function itemLine(item: ReminderItem): string {
  const eye = item.eye ? `${item.eye}: ` : "";
  const boxes = item.quantity === 1 ? "1 box" : `${item.quantity} boxes`;
  return `${eye}${item.productName}, ${boxes}${item.parameters ? ` (${item.parameters})` : ""}`;
}

function priceLines(price: NonNullable<ReorderReminderInput["price"]>): string[] {
  return [
    ...price.promotions.map((promotion) => `${promotion.description}: −${formatCents(promotion.amountCents)}`),
    `Price: ${formatCents(price.totalCents)} plus any shipping and tax`,
  ];
}

interface ReminderLinks {
  manage: string;
  snoozes: Array<{ label: string; url: string }>;
  rxWarning: { text: string; exam: string; upload: string } | null;
}

function ReorderReminder(props: { input: ReorderReminderInput; date: string; links: ReminderLinks }) {
  const { input, links } = props;
  return (
    <EmailLayout heading="Your next order is coming up">
      <P>{greeting(input.firstName)}</P>
      <P>{`Your next auto-reorder will be placed on ${props.date}. Here is what we'll send:`}</P>
      {links.rxWarning ? (
        <Warning>
          {links.rxWarning.text}
          <br />
          <TextLink href={links.rxWarning.exam} text="line">
            Take the online vision exam
          </TextLink>
          <LinkSeparator />
          <TextLink href={links.rxWarning.upload} text="line">
            Upload a prescription
          </TextLink>
        </Warning>
      ) : null}
      {input.patientName ? <H2>{`Contact lenses for ${input.patientName}`}</H2> : null}
      <List items={input.items.map(itemLine)} />
      {input.price ? <Lines lines={priceLines(input.price)} /> : null}
      <H2 text="colon">Shipping to</H2>
      <Lines lines={input.shipTo} />
      <P>{input.card ? `Paid with: ${input.card.label}` : "No card on file: add one before the order date."}</P>
      <EmailButton href={links.manage}>Manage your subscription</EmailButton>
      <H2>Need more time?</H2>
      <P tight>Snooze this order:</P>
      <List
        items={links.snoozes.map((snooze) => (
          <TextLink key={snooze.url} href={snooze.url} text="line">
            {snooze.label}
          </TextLink>
        ))}
      />
      <P>You&apos;ll see the new date and confirm it with one button.</P>
      <Small>The manage link signs you in, so please don&apos;t forward this e-mail.</Small>
    </EmailLayout>
  );
}

export async function reorderReminderEmail(input: ReorderReminderInput): Promise<EmailMessage> {
  const date = formatReorderDate(input.reorderDate);
  const warning = input.prescriptionWarning;
  const links: ReminderLinks = {
    manage: absoluteLink(input.manageLink),
    snoozes: input.snoozeLinks.map((snooze) => ({ label: snoozeLabel(snooze.days), url: absoluteLink(snooze.url) })),
    rxWarning: warning
      ? {
          text:
            `Your prescription expires on ${formatReorderDate(warning.expiresOn)}, before this ` +
            `order. We can't send lenses on an expired prescription: renew it with our online vision exam or ` +
            `upload your new prescription.`,
          exam: absoluteLink(warning.examLink),
          upload: absoluteLink(warning.uploadLink),
        }
      : null,
  };
  return emailMessage(
    "reorder-reminder",
    input.to,
    `Your next ${SITE.name} auto-reorder ships ${date}`,
    <ReorderReminder input={input} date={date} links={links} />,
  );
}

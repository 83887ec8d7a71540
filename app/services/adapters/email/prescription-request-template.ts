import { formatPhone } from "~/models/account";
import { SITE } from "~/models/site";
import type { EmailMessage } from "./email-sender";
import { escapeHtml } from "./templates";

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

export function prescriptionRequestEmail(input: PrescriptionRequestEmailInput): EmailMessage {
  const greeting = input.firstName.trim() ? `Hi ${input.firstName.trim()},` : "Hi there,";
  const doctor = [input.doctorName, input.clinicName].filter(Boolean).join(", ");
  const lines = [
    `Order: ${input.orderNumber}`,
    `Patient: ${input.patientName}`,
    `Doctor: ${doctor}, ${formatPhone(input.doctorPhone)}`,
  ];
  const next =
    "We'll contact your doctor's office for the prescription, usually within one business day. As soon as we have it, we'll check it against your order and get your lenses on the way. If the office needs anything from you, we'll e-mail you.";
  const text = [
    greeting,
    "",
    `Thanks! We've asked for your prescription for order ${input.orderNumber}.`,
    "",
    ...lines,
    "",
    next,
    "",
    `See your request: ${input.link}`,
    "",
    `Questions? Real people answer 24/7 at ${SITE.phoneDisplay}.`,
    SITE.name,
  ].join("\n");
  const html =
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>We're getting your prescription</title></head>` +
    `<body style="font-family:Helvetica,Arial,sans-serif;color:#1f2933;max-width:560px;margin:0 auto;padding:24px 16px;">` +
    `<p style="font-size:22px;font-weight:bold;color:#0b5cab;">${SITE.name}</p>` +
    `<h1 style="font-size:22px;">We're getting your prescription</h1>` +
    `<p>${escapeHtml(greeting)}</p>` +
    `<p>Thanks! We've asked for your prescription for order ${escapeHtml(input.orderNumber)}.</p>` +
    `<ul>${lines.map((line) => `<li>${escapeHtml(line)}</li>`).join("")}</ul>` +
    `<p>${escapeHtml(next)}</p>` +
    `<p><a href="${escapeHtml(input.link)}" style="color:#0b5cab;">See your request</a></p>` +
    `<p style="font-size:13px;color:#5f6b7a;">Questions? Real people answer 24/7 at ` +
    `<a href="${SITE.phoneHref}">${SITE.phoneDisplay}</a>.</p></body></html>`;
  return {
    kind: "prescription-request",
    to: input.to,
    subject: `We're getting your prescription for order ${input.orderNumber}`,
    text,
    html,
  };
}

import { describe, expect, it } from "vitest";
import { orderConfirmationEmail } from "./order-templates";
import { carriesSecret, scrubSecrets, SECRET_REMOVED } from "./outbox-secrets";
import { reorderFailedEmail, reorderReminderEmail } from "./subscription-templates";
import { emailTemplates } from "./templates";

// Every e-mail that carries a secret loses all of it (text and HTML, the link's HTML-escaped form too), and keeps
// everything else; an e-mail without one is left alone.

const RESET = "https://store.test/reset-password?code=RsT_secret-0123456789";
const AUTO_LOGIN = "https://store.test/dashboard?token=AuT0.login-sig";
const MANAGE = "https://store.test/account/subscriptions/7?token=MaNaGe.sig";
const SNOOZE = (days: number) => `https://store.test/auto-reorder/snooze?code=SnOoZe${days}.sig`;

function expectScrubbed(message: Parameters<typeof scrubSecrets>[0], secrets: string[], kept: string[]) {
  expect(carriesSecret(message)).toBe(true);
  const scrubbed = scrubSecrets(message);
  for (const secret of secrets) {
    expect(scrubbed.text).not.toContain(secret);
    expect(scrubbed.html).not.toContain(secret);
  }
  expect(scrubbed.text).toContain(SECRET_REMOVED);
  expect(scrubbed.html).toContain(SECRET_REMOVED);
  for (const text of kept) expect(scrubbed.text).toContain(text);
  // Scrubbing twice changes nothing more.
  expect(scrubSecrets({ kind: message.kind, ...scrubbed })).toEqual(scrubbed);
}

describe("scrubSecrets", () => {
  it("removes the sign-in PIN, keeping the rest of the message", async () => {
    const message = await emailTemplates.pin({
      to: "a@example.com",
      firstName: "Ann",
      pin: "042917",
      minutesValid: 15,
    });
    expectScrubbed(message, ["042917"], ["Hi Ann,", "15 minutes", "1-800-266-8228"]);
    expect(scrubSecrets(message).html).not.toMatch(/>\s*\d{6}\s*</);
  });

  it("removes password reset, guest reset and welcome (auto-login) links", async () => {
    expectScrubbed(
      await emailTemplates.passwordReset({ to: "a@example.com", firstName: "Ann", link: RESET, minutesValid: 60 }),
      ["RsT_secret-0123456789", "reset-password?code"],
      ["reset your Lenslane password", "60 minutes"],
    );
    expectScrubbed(
      await emailTemplates.guestReset({ to: "a@example.com", link: RESET, minutesValid: 60 }),
      ["RsT_secret-0123456789"],
      ["Set one to see your orders"],
    );
    expectScrubbed(
      await emailTemplates.welcome({ to: "a@example.com", firstName: "Ann", accountLink: AUTO_LOGIN, daysValid: 30 }),
      ["AuT0.login-sig"],
      ["Welcome to Lenslane!"],
    );
  });

  it("removes the reorder reminder's manage and snooze links, keeping the exam and upload links", async () => {
    const message = await reorderReminderEmail({
      to: "a@example.com",
      firstName: "Ann",
      reorderDate: "2026-04-01",
      patientName: "Ann Lee",
      items: [{ eye: "Right eye", productName: "Acuvue", quantity: 2, parameters: "Power -1.00" }],
      shipTo: ["Ann Lee", "12 Main St", "Boise, ID 83702"],
      card: { label: "Visa ending in 4242" },
      price: {
        subtotalCents: 10000,
        totalCents: 9500,
        promotions: [{ description: "Auto-reorder 5%", amountCents: 500 }],
      },
      manageLink: MANAGE,
      snoozeLinks: [14, 30, 60].map((days) => ({ days, url: SNOOZE(days) })),
      prescriptionWarning: {
        expiresOn: "2026-03-30",
        examLink: "https://store.test/exam",
        uploadLink: "https://store.test/upload-rx",
      },
    });
    expectScrubbed(
      message,
      ["MaNaGe.sig", "SnOoZe14.sig", "SnOoZe30.sig", "SnOoZe60.sig", "?token=", "?code="],
      ["https://store.test/exam", "https://store.test/upload-rx", "Acuvue", "12 Main St"],
    );
  });

  it("removes the failed reorder's manage link", async () => {
    const message = await reorderFailedEmail({
      to: "a@example.com",
      firstName: "Ann",
      reorderDate: "2026-04-01",
      message: "Your card was declined.",
      manageLink: MANAGE,
      renewPrescription: null,
    });
    expectScrubbed(message, ["MaNaGe.sig"], ["Your card was declined."]);
  });

  it("leaves a message without a secret alone (the order confirmation's link signs nobody in)", async () => {
    const message = await orderConfirmationEmail({
      to: "a@example.com",
      firstName: "Ann",
      order: {
        orderNumber: "LL00001234",
        groups: [],
        totals: { subTotal: 1000, discountAmount: 0, shipping: 0, taxAmount: 60, totalAmount: 1060 },
        shippingAddress: {
          firstName: "Ann",
          lastName: "Lee",
          address1: "12 Main St",
          address2: "",
          city: "Boise",
          state: "ID",
          postalCode: "83702",
          country: "US",
          phone: null,
        },
        estimatedDeliveryDate: null,
      } as never,
      orderLink: "https://store.test/account/order-history/LL00001234",
      nextSteps: ["We ship it."],
    });
    expect(carriesSecret(message)).toBe(false);
    expect(scrubSecrets(message)).toEqual({ text: message.text, html: message.html });
  });
});

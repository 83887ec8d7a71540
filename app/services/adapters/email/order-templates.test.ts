import { describe, expect, it } from "vitest";
import { SITE } from "~/models/site";
import { orderConfirmationEmail, orderOnHoldEmail, orderShippedEmail } from "./order-templates";
import { carriesSecret } from "./outbox-secrets";
const hostile = `<script>alert("x")</script> & 'Bo'`;
// React's escaping of the five HTML-significant characters (the apostrophe as &#x27;).
const escaped = "&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#x27;Bo&#x27;";
const escapeAttribute = (value: string) => value.replaceAll("&", "&amp;");

const line = (fields: { id: number; whichEye: string; productName: string; discountCents: number }) => ({
  productId: 1001,
  upc: "000000000001",
  quantity: 2,
  unitPriceCents: 4299,
  parameters: {},
  ...fields,
});

const order = {
  orderNumber: "LL12345678",
  groups: [
    {
      id: 1,
      type: "Lens",
      patient: { firstName: "Ann", lastName: "Lee", patientId: 7 },
      doctor: null,
      rxEntryType: "Manual",
      prescriptionStatus: "Verified",
      autoReorderFrequencyDays: null,
      lines: [
        line({ id: 1, whichEye: "right", productName: "Acuvue Oasys", discountCents: 1290 }),
        line({ id: 2, whichEye: "left", productName: hostile, discountCents: 0 }),
      ],
    },
  ],
  totals: {
    subTotal: 17196,
    discountAmount: 1290,
    shipping: 0,
    shippingDiscount: 0,
    taxAmount: 0,
    rebateTotal: 0,
    totalAmount: 15906,
    storeCredit: 0,
  },
  shippingAddress: {
    firstName: "Ann",
    lastName: "Lee",
    address1: "500 W Idaho St",
    address2: "",
    city: "Boise",
    state: "ID",
    postalCode: "83702",
    country: "US",
    phone: null,
    verificationStatus: "Verified" as const,
  },
  estimatedDeliveryDate: "2026-03-09",
  expectedDeliveryDate: "2026-03-05",
};

describe("order confirmation e-mail", async () => {
  const message = await orderConfirmationEmail({
    to: "ann@example.com",
    firstName: "Ann",
    order,
    orderLink: "https://store.test/account/order-history/LL12345678",
    nextSteps: ["We'll e-mail you when your order ships, with its tracking number."],
  });

  it("shows a line's discount on a line of its own, then the line's total (text)", () => {
    expect(message.text).toContain(
      "  Acuvue Oasys (Right eye): 2 × $42.99 = $85.98\n    Discount: −$12.90\n    Item total: $73.08\n",
    );
    expect(message.text).not.toContain("(Right eye): $73.08");
    // A line without a discount: the boxes at their price, nothing more.
    expect(message.text).toContain(`  ${hostile} (Left eye): 2 × $42.99 = $85.98\n\n`);
  });

  it("shows the same rows in the HTML, every value escaped", () => {
    expect(message.html).toContain("Acuvue Oasys (Right eye)<br/>2 × $42.99");
    expect(message.html).toMatch(/>Discount<\/td><td[^>]*>−\$12\.90<\/td>/);
    expect(message.html).toMatch(/<strong>Item total<\/strong><\/td><td[^>]*><strong>\$73\.08<\/strong>/);
    expect(message.html).toContain(escaped);
    expect(message.html).not.toContain("<script>");
  });
});

describe("order shipped e-mail", async () => {
  const trackingLink = "https://tools.usps.com/go/TrackConfirmAction?tLabels=9400111111111111111111&x=<y>";
  const message = await orderShippedEmail({
    to: "ann@example.com",
    firstName: hostile,
    order,
    trackingNumber: "9400111111111111111111",
    trackingLink,
    orderLink: "https://store.test/account/order-history/LL12345678",
  });
  const normalizedTracking = new URL(trackingLink).toString();

  it("says the order is on its way, with the tracking number and the carrier's link", () => {
    expect(message).toMatchObject({
      kind: "order-shipped",
      to: "ann@example.com",
      subject: "Your Lenslane order LL12345678 has shipped",
    });
    expect(message.text).toContain("Good news: your order LL12345678 is on its way. Expected to arrive Thu, Mar 5.");
    expect(message.text).toContain(
      `Tracking number: 9400111111111111111111\nTrack your package: ${normalizedTracking}`,
    );
    expect(message.html).toContain(`href="${escapeAttribute(normalizedTracking)}"`);
    expect(message.html).toContain(">9400111111111111111111</a>");
    expect(message.html).toContain("Track your package");
  });

  it("lists the items per group, the address and a link to the order", () => {
    expect(message.text).toContain(
      `Contact lenses for Ann Lee\n  2 × Acuvue Oasys (Right eye)\n  2 × ${hostile} (Left eye)`,
    );
    expect(message.text).toContain("Shipping to:\nAnn Lee\n500 W Idaho St\nBoise, ID 83702");
    expect(message.text).toContain("See your order: https://store.test/account/order-history/LL12345678");
    expect(message.html).toContain("<li>2 × Acuvue Oasys (Right eye)</li>");
    expect(message.html).toContain("Ann Lee<br/>500 W Idaho St<br/>Boise, ID 83702");
    expect(message.html).toContain('href="https://store.test/account/order-history/LL12345678"');
    expect(message.text).toContain(SITE.phoneDisplay);
  });

  it("escapes every value in the HTML, keeps the text as typed, and carries no secret", () => {
    expect(message.html).toContain(escaped);
    expect(message.html).not.toMatch(/<script>|<y>/);
    expect(message.text).toContain(`Hi ${hostile},`);
    expect(carriesSecret(message)).toBe(false);
  });

  it("refuses a link that is not http(s)", async () => {
    await expect(
      orderShippedEmail({
        to: "ann@example.com",
        firstName: "Ann",
        order,
        trackingNumber: "1",
        trackingLink: "javascript:alert(1)",
        orderLink: "https://store.test/",
      }),
    ).rejects.toThrow();
  });
});

describe("order confirmation e-mail for an order waiting for its prescription", () => {
  const waiting = {
    ...order,
    groups: [{ ...order.groups[0]!, rxEntryType: "SubmitAndSkip", prescriptionStatus: "PendingSubmission" }],
  };
  const send = (groups = waiting.groups, uploadLink?: string) =>
    orderConfirmationEmail({
      to: "ann@example.com",
      firstName: "Ann",
      order: { ...waiting, groups },
      orderLink: "https://store.test/account/order-history/LL12345678",
      nextSteps: ["Upload a photo of your prescription so we can send your lenses."],
      uploadLink,
    });

  it("asks for the prescription and links to the order's upload page (text and HTML)", async () => {
    const message = await send();
    const link = "https://store.test/upload-rx?oid=LL12345678";
    expect(message.text).toContain(
      "Your order needs your current, valid prescription. Please upload it now so we can process your order.\n" +
        `Upload your prescription: ${link}`,
    );
    expect(message.html).toContain(`href="${link}"`);
    expect(message.html).toMatch(
      /href="https:\/\/store\.test\/upload-rx\?oid=LL12345678"[^>]*>.*>Upload your prescription<\/span>/,
    );
    expect(message.html).toContain("We need your prescription");
  });

  it("says nothing of it once no group waits", async () => {
    const verified = await send(order.groups);
    expect(verified.text).not.toContain("upload-rx");
    expect(verified.html).not.toContain("Upload your prescription");
    const verifying = await send([{ ...order.groups[0]!, prescriptionStatus: "PendingVerification" }]);
    expect(verifying.text).not.toContain("upload-rx");
  });

  it("takes a given upload link, but only an http(s) one", async () => {
    expect((await send(waiting.groups, "https://other.test/upload-rx?oid=LL12345678")).text).toContain(
      "Upload your prescription: https://other.test/upload-rx?oid=LL12345678",
    );
    await expect(send(waiting.groups, "javascript:alert(1)")).rejects.toThrow();
  });
});

describe("order on hold e-mail", () => {
  const held = {
    orderNumber: "LL12345678",
    groups: [{ ...order.groups[0]!, prescriptionStatus: "PendingVerification" }],
  };
  const send = (groups = held.groups) =>
    orderOnHoldEmail({
      to: "ann@example.com",
      firstName: hostile,
      order: { ...held, groups },
      reason: { kind: "prescription-invalid", doctor: { firstName: "Rita", lastName: hostile } },
      orderLink: "https://store.test/account/order-history/LL12345678",
    });

  it("says the order is on hold, why, what it needs, and the banner's two ways to send it", async () => {
    const message = await send();
    expect(message).toMatchObject({
      kind: "order-on-hold",
      to: "ann@example.com",
      subject: "Your Lenslane order LL12345678 is on hold",
    });
    expect(message.text).toContain(
      `Your order LL12345678 is on hold. Dr. Rita ${hostile} couldn't confirm your prescription.\n\n` +
        "Your order needs your current, valid prescription. Please upload it now or take a quick online vision exam " +
        "so we can process your order.\n\n" +
        "Renew Rx Online: https://store.test/exam/start?order=LL12345678\n\n" +
        "Upload Rx: https://store.test/upload-rx?oid=LL12345678",
    );
    expect(message.text).toContain(`Contact lenses for Ann Lee\n  2 × Acuvue Oasys (Right eye)`);
    expect(message.html).toContain('href="https://store.test/upload-rx?oid=LL12345678"');
    expect(message.html).toContain('href="https://store.test/exam/start?order=LL12345678"');
    expect(message.html).toContain(">Your order is on hold</h1>");
  });

  it("gives no delivery date", async () => {
    const message = await send();
    expect(message.text).not.toMatch(/deliver|arrive|Mar 5|Mar 9/i);
    expect(message.html).not.toMatch(/deliver|arrive|Mar 5|Mar 9/i);
  });

  it("asks for a call, without the upload or the exam, when no group waits for a prescription", async () => {
    const message = await send(order.groups);
    expect(message.text).toContain("Please call us at 1-800-266-8228 so we can process your order.");
    expect(message.text).not.toMatch(/upload-rx|exam\/start/);
  });

  it("escapes every value in the HTML and carries no secret", async () => {
    const message = await send();
    expect(message.html).toContain(escaped);
    expect(message.html).not.toContain("<script>");
    expect(carriesSecret(message)).toBe(false);
  });
});

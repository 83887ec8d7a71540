import type { ChatMessageInput, ChatReplyInput } from "./chat";
import type { OrderConfirmationInput } from "./order-confirmation";
import type { OrderOnHoldInput, OrderShippedInput } from "./order-notices";
import type { PrescriptionRequestEmailInput } from "./prescription-request";
import type { ReorderFailedInput } from "./subscription-failed";
import type { ReorderReminderInput } from "./subscription";

/**
 * Sample inputs for every message: the development preview (dev/emails) and the snapshot tests render these. Fixed
 * values only (no clock, no random token), so a snapshot changes only when a template does.
 */

const SITE_URL = "https://store.example";
const to = "ann.lee@example.com";

const lensLine = (id: number, whichEye: string, discountCents: number) => ({
  id,
  productId: 1001,
  upc: "000000000001",
  whichEye,
  productName: "Acuvue Oasys 1-Day",
  parameters: { power: "-2.00", baseCurve: "8.5" },
  quantity: 2,
  unitPriceCents: 4299,
  discountCents,
});

const lensGroup = {
  id: 1,
  type: "Lens",
  patient: { firstName: "Ann", lastName: "Lee", patientId: 7 },
  doctor: null,
  rxEntryType: "Manual",
  prescriptionStatus: "Verified",
  autoReorderFrequencyDays: null,
  lines: [lensLine(1, "right", 1290), lensLine(2, "left", 0)],
};

const solutionGroup = {
  id: 2,
  type: "NonLens",
  patient: null,
  doctor: null,
  rxEntryType: null,
  prescriptionStatus: null,
  autoReorderFrequencyDays: null,
  lines: [
    {
      id: 3,
      productId: 2001,
      upc: "000000000002",
      whichEye: "none",
      productName: "Biotrue Multi-Purpose Solution",
      parameters: {},
      quantity: 1,
      unitPriceCents: 1299,
      discountCents: 0,
    },
  ],
};

const shippingAddress = {
  firstName: "Ann",
  lastName: "Lee",
  address1: "500 W Idaho St",
  address2: "Apt 4",
  city: "Boise",
  state: "ID",
  postalCode: "83702",
  country: "US",
  phone: null,
  verificationStatus: "Verified" as const,
};

const orderLink = `${SITE_URL}/account/order-history/LL12345678`;

const order = {
  orderNumber: "LL12345678",
  groups: [lensGroup, solutionGroup],
  totals: {
    subTotal: 18495,
    discountAmount: 1290,
    shipping: 0,
    shippingDiscount: 0,
    taxAmount: 1032,
    rebateTotal: 0,
    totalAmount: 18237,
    storeCredit: 0,
  },
  shippingAddress,
  estimatedDeliveryDate: "2026-03-09",
  expectedDeliveryDate: "2026-03-05",
};

export const orderConfirmationSample: OrderConfirmationInput = {
  to,
  firstName: "Ann",
  order,
  orderLink,
  nextSteps: [
    "We'll check your prescription with your doctor.",
    "We'll e-mail you when your order ships, with its tracking number.",
  ],
};

export const orderConfirmationWaitingSample: OrderConfirmationInput = {
  ...orderConfirmationSample,
  order: {
    ...order,
    groups: [{ ...lensGroup, prescriptionStatus: "PendingSubmission" }, solutionGroup],
  },
  nextSteps: ["Upload a photo of your prescription so we can send your lenses."],
};

export const orderOnHoldSample: OrderOnHoldInput = {
  to,
  firstName: "Ann",
  order: { orderNumber: "LL12345678", groups: [{ ...lensGroup, prescriptionStatus: "PendingVerification" }] },
  reason: { kind: "prescription-invalid", doctor: { firstName: "Rita", lastName: "Hale" } },
  orderLink,
};

export const orderOnHoldCallSample: OrderOnHoldInput = {
  ...orderOnHoldSample,
  order: { orderNumber: "LL12345678", groups: [lensGroup, solutionGroup] },
  reason: { kind: "exam-declined" },
};

export const orderShippedSample: OrderShippedInput = {
  to,
  firstName: "Ann",
  order,
  trackingNumber: "9400111111111111111111",
  trackingLink: "https://tools.usps.com/go/TrackConfirmAction?tLabels=9400111111111111111111",
  orderLink,
};

const snoozeLinks = [14, 30, 60].map((days) => ({
  days,
  url: `${SITE_URL}/auto-reorder/snooze?code=sample-snooze-${days}`,
}));

export const reorderReminderSample: ReorderReminderInput = {
  to,
  firstName: "Ann",
  reorderDate: "2026-04-01",
  patientName: "Ann Lee",
  items: [
    { eye: "Right eye", productName: "Acuvue Oasys 1-Day", quantity: 2, parameters: "Power/sphere -2.00, BC 8.5" },
    { eye: "Left eye", productName: "Acuvue Oasys 1-Day", quantity: 1, parameters: "Power/sphere -2.25, BC 8.5" },
    { eye: null, productName: "Biotrue Multi-Purpose Solution", quantity: 1, parameters: "" },
  ],
  shipTo: ["Ann Lee", "500 W Idaho St", "Apt 4", "Boise, ID 83702"],
  card: { label: "Visa ending in 4242" },
  price: {
    subtotalCents: 14196,
    totalCents: 13486,
    promotions: [{ description: "Auto-reorder savings (5%)", amountCents: 710 }],
  },
  manageLink: `${SITE_URL}/account/subscriptions/12?token=sample-sign-in-token`,
  snoozeLinks,
  prescriptionWarning: null,
};

export const reorderReminderRenewSample: ReorderReminderInput = {
  ...reorderReminderSample,
  card: null,
  price: null,
  prescriptionWarning: {
    expiresOn: "2026-03-30",
    examLink: `${SITE_URL}/exam`,
    uploadLink: `${SITE_URL}/upload-rx`,
  },
};

export const reorderFailedSample: ReorderFailedInput = {
  to,
  firstName: "Ann",
  reorderDate: "2026-04-01",
  message: "Your card was declined. Please update your payment method.",
  manageLink: `${SITE_URL}/account/subscriptions/12?token=sample-sign-in-token`,
  renewPrescription: null,
};

export const reorderFailedRenewSample: ReorderFailedInput = {
  ...reorderFailedSample,
  renewPrescription: { examLink: `${SITE_URL}/exam`, uploadLink: `${SITE_URL}/upload-rx` },
};

export const prescriptionRequestSample: PrescriptionRequestEmailInput = {
  to,
  firstName: "Ann",
  orderNumber: "LL12345678",
  patientName: "Ann Lee",
  doctorName: "Dr. Rita Hale",
  doctorPhone: "2085550123",
  clinicName: "Boise Eye Care",
  link: `${SITE_URL}/prescription-request?request=sample-reference`,
};

export const accountSamples = {
  pin: { to, firstName: "Ann", pin: "042917", minutesValid: 10 },
  passwordReset: { to, firstName: "Ann", link: `${SITE_URL}/reset-password?code=sample-reset-code`, minutesValid: 60 },
  guestReset: { to, link: `${SITE_URL}/reset-password?code=sample-reset-code`, minutesValid: 60 },
  welcome: { to, firstName: "Ann", accountLink: `${SITE_URL}/dashboard?token=sample-sign-in-token`, daysValid: 30 },
};

export const chatReplySample: ChatReplyInput = {
  to,
  name: "Ann",
  reply: "Yes, within 30 days.\nJust reply here if you need a return label.",
  threadLink: `${SITE_URL}/chat`,
};

export const chatMessageSample: ChatMessageInput = {
  to: "support@store.example",
  conversationId: 42,
  contactName: "Ann Lee",
  contactEmail: to,
  message: "Hello!\nCan I return an unopened box?",
  supportLink: `${SITE_URL}/dev/chat/42`,
};

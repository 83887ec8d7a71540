import { DateTime } from "luxon";
import { z } from "zod";
import { BUSINESS_TIME_ZONE } from "./business-time";
import { EYE_LABELS, LENS_PARAMETER_LABELS, LENS_PARAMETER_NAMES } from "./lens-parameters";
import type { Eye } from "./line-item-group";
import { PRESCRIPTION_STATUSES, prescriptionStatusText, type PrescriptionStatus } from "./order-status";
import { UPLOAD_RX_PATH } from "./funnel";
import { SUBMIT_AND_SKIP_UPC } from "./stock";
import { addDays, businessToday, daysBetween, isIsoDate, isPrescriptionExpired } from "./subscription";

/**
 * Prescriptions as records and the prescription wallet (spec 2 §3 Wallet summary, Prescription, Prescription detail
 * per eye; §4 Prescription wallet; §8 the expiry badge). Pure: which saved prescription can be ordered for a product,
 * how the wallet sorts and merges, which prescription the shell reminds about, the words it uses, and the forms'
 * schemas (the expiration date asked with a typed prescription; Order again; the saved-prescription choice).
 * Dates are ISO days compared in the business time zone (America/Boise), as the reorder runner counts them.
 */

export { PRESCRIPTION_STATUSES, type PrescriptionStatus };

/**
 * A patient's name. (Matching a cart group's patient — by patientId, else id, else the trimmed case-insensitive full
 * name — is `matchPatient` in patient.ts; this module does not import it, as patient.ts imports the funnel's steps,
 * which import this module.)
 */
export interface PatientName {
  firstName: string;
  lastName: string;
}

/** The full name as the spec compares it: trimmed first and last, one space between. */
export function patientFullName(patient: PatientName): string {
  return `${patient.firstName.trim()} ${patient.lastName.trim()}`.trim();
}

/** How the store got a prescription: typed with an order, an uploaded image, chosen from the wallet, an exam. */
export const PRESCRIPTION_SOURCES = ["typed", "uploaded", "wallet", "exam"] as const;
export type PrescriptionSource = (typeof PRESCRIPTION_SOURCES)[number];

/** Spec 2 §4: the first-expiring prescription looks this many days ahead … */
export const EXPIRING_WITHIN_DAYS = 45;
/** … ignores one ordered within this many days of today … */
export const RECENTLY_ORDERED_DAYS = 15;
/** … and starts its search from this ceiling (no prescription further out can be the first-expiring one). */
export const EXPIRING_CEILING_DAYS = 1000;
/** The expiration date typed with a prescription may be at most this far ahead (a typing slip otherwise). */
export const MAX_EXPIRATION_YEARS = 10;
/**
 * A US contact lens prescription is valid for at least a year: when an order's prescription carries no expiration
 * date (lenses chosen on the product page without one), its subscription counts a year from the order.
 */
export const PRESCRIPTION_VALID_DAYS = 365;

/** One eye of a prescription: the lens and its parameters as the catalog names them (power, baseCurve, …). */
export interface PrescriptionEyeRecord {
  productId: number;
  upc: string;
  quantity: number;
  parameters: Record<string, string>;
}

export interface PrescriberRecord {
  doctorId?: number;
  firstName: string;
  lastName: string;
  clinicName: string;
  phone: string;
}

/** A saved prescription as the rules read it. */
export interface PrescriptionRecord {
  id: number;
  patientId: number | null;
  patientFirstName: string;
  patientLastName: string;
  source: string;
  status: string;
  /** ISO day; null while the prescription has not been submitted (or its date is not known). */
  expirationDate: string | null;
  rightEye: PrescriptionEyeRecord | null;
  leftEye: PrescriptionEyeRecord | null;
  prescriber: PrescriberRecord | null;
  orderId: number | null;
  /** When it was last ordered (a Date from the database, an ISO timestamp once serialised). */
  orderedAt: Date | string | null;
  autoReorder: boolean;
  clonedFromId: number | null;
}

/** What the usable rule needs to know of a product in the catalog. */
export interface CatalogProductState {
  id: number;
  discontinuedInCatalog: boolean;
  isHidden: boolean;
}

/** The eyes a prescription has, right (OD) first, as prescriptions read. */
export function prescriptionEyes(
  prescription: Pick<PrescriptionRecord, "rightEye" | "leftEye">,
): Array<{ eye: Eye; record: PrescriptionEyeRecord }> {
  const eyes: Array<{ eye: Eye; record: PrescriptionEyeRecord }> = [];
  if (prescription.rightEye) eyes.push({ eye: "right", record: prescription.rightEye });
  if (prescription.leftEye) eyes.push({ eye: "left", record: prescription.leftEye });
  return eyes;
}

/** The products on a prescription's eyes, each once. */
export function prescriptionProductIds(prescription: Pick<PrescriptionRecord, "rightEye" | "leftEye">): number[] {
  return [...new Set(prescriptionEyes(prescription).map(({ record }) => record.productId))];
}

// ---------------------------------------------------------------------------------------------------------------
// Recorded with an order.

/**
 * The prescription status an order group starts with (spec 2 §3): none for solution; a Verified wallet prescription
 * stays Verified; 'I'll send it later' without an uploaded image waits for it (PendingSubmission); anything else —
 * typed, uploaded, or a wallet prescription not yet verified — is verified with the doctor (PendingVerification).
 */
export function orderPrescriptionStatus(
  group: {
    type: string;
    rxEntryType: string | null;
    submitAndSkipImageId: string | null;
    examVoucherToken?: string | null;
  },
  walletStatus: string | null = null,
): PrescriptionStatus | null {
  if (group.type !== "Lens") return null;
  if (walletStatus === "Verified") return "Verified";
  // Ordered from an online exam not yet issued: the exam's doctor writes the prescription (issue 16).
  if (group.examVoucherToken?.trim()) return "PendingExam";
  if (group.rxEntryType === "SubmitAndSkip" && !group.submitAndSkipImageId?.trim()) return "PendingSubmission";
  return "PendingVerification";
}

/** How the store got an order group's prescription: chosen from the wallet, an online exam, an uploaded image, or typed. */
export function orderPrescriptionSource(
  group: { submitAndSkipImageId: string | null; examVoucherToken?: string | null },
  fromWallet: boolean,
): PrescriptionSource {
  if (group.examVoucherToken?.trim()) return "exam";
  if (fromWallet) return "wallet";
  return group.submitAndSkipImageId?.trim() ? "uploaded" : "typed";
}

/** Spec: an exam is needed after the order when any of its prescriptions is still to be submitted. */
export function isExamNeededPostOrder(statuses: ReadonlyArray<string | null>): boolean {
  return statuses.includes("PendingSubmission");
}

// ---------------------------------------------------------------------------------------------------------------
// Expiry.

/** Expired once the day after its expiration date has begun (the expiration day itself can still be ordered on). */
export function isExpired(expirationDate: string | null, today: string): boolean {
  return isPrescriptionExpired(expirationDate, today);
}

/** Days from today to the expiration date (0 on the day itself, negative once expired); null without a date. */
export function daysLeft(expirationDate: string | null, today: string): number | null {
  return expirationDate === null ? null : daysBetween(today, expirationDate);
}

/** Spec 2 §8: the expiry badge. */
export function expiryBadge(days: number): string {
  if (days <= 0) return "You have today left to order.";
  if (days === 1) return "You have 1 day left to order.";
  return `You have ${days} days left to order.`;
}

/** 'June 3, 2026'. */
export function formatPrescriptionDate(isoDate: string): string {
  return DateTime.fromISO(isoDate, { zone: "utc" }).setLocale("en-US").toFormat("LLLL d, yyyy");
}

/** Spec 2 §8: "{name}'s prescription expires {date}". */
export function expiringHeadline(firstName: string, expirationDate: string): string {
  return `${firstName.trim()}'s prescription expires ${formatPrescriptionDate(expirationDate)}`;
}

/** The shell's expiring-prescription reminder (spec 1 §2.5, 2 §8), worded on the server for the page. */
export interface PrescriptionReminderView {
  /** "{name}'s prescription expires {date}". */
  headline: string;
  /** 'You have n days left to order.' */
  badge: string;
  /** The prescription's page, at its 'Order again' form. */
  reorderHref: string;
  uploadHref: string;
}

export function prescriptionReminderView(reminder: {
  firstName: string;
  expirationDate: string;
  days: number;
  reorderHref: string;
}): PrescriptionReminderView {
  return {
    headline: expiringHeadline(reminder.firstName, reminder.expirationDate),
    badge: expiryBadge(reminder.days),
    reorderHref: reminder.reorderHref,
    uploadHref: UPLOAD_RX_PATH,
  };
}

export interface ExpiryView {
  /** 'Expires June 3, 2026', 'Expired on May 1, 2026', or that the date is not known yet. */
  text: string;
  expired: boolean;
  /** The badge while it expires within the reminder's window, else null. */
  badge: string | null;
}

/** How the wallet writes a prescription's expiry. */
export function expiryView(expirationDate: string | null, today: string): ExpiryView {
  if (expirationDate === null) {
    return { text: "Expiration date not known yet", expired: false, badge: null };
  }
  const days = daysBetween(today, expirationDate);
  if (days < 0) return { text: `Expired on ${formatPrescriptionDate(expirationDate)}`, expired: true, badge: null };
  return {
    text: `Expires ${formatPrescriptionDate(expirationDate)}`,
    expired: false,
    badge: days <= EXPIRING_WITHIN_DAYS ? expiryBadge(days) : null,
  };
}

// ---------------------------------------------------------------------------------------------------------------
// Usable for a product (spec 2 §4).

export type UnusableReason = "not-for-product" | "expired" | "not-submitted" | "product-unavailable";

export const PRESCRIPTION_MESSAGES = {
  "not-for-product": "This prescription is not for this lens.",
  expired:
    "This prescription has expired, so we can't send lenses on it. Upload a current prescription or enter it with your order.",
  "not-submitted": "We don't have this prescription's values yet. Upload it, then you can order with it.",
  "product-unavailable": "A lens on this prescription is no longer sold. Choose a lens and enter your prescription.",
  notFound: "We couldn't find that prescription.",
  chooseSaved: "Choose one of your saved prescriptions.",
  noEyeOrdered: "Choose at least one box for one eye.",
  chooseQuantity: "Choose a quantity from the list.",
  chooseColor: "Choose a colour from the list.",
  notAlternative: "That product is not another pack size of this lens.",
  notSignedIn: "Sign in to use your saved prescriptions.",
} as const;

/**
 * Why a saved prescription cannot be ordered (for `productId`, or for what it holds when null), or null when it
 * can: the product must be on one of its eyes; it must not be expired (as of `today`, a business day); no eye may
 * hold the submit-and-skip marker (its values are not known yet); and every product on it must still be in the
 * catalog, neither discontinued nor hidden.
 */
export function unusableReason(
  prescription: Pick<PrescriptionRecord, "rightEye" | "leftEye" | "expirationDate">,
  productId: number | null,
  catalog: ReadonlyMap<number, CatalogProductState>,
  today: string,
): UnusableReason | null {
  const eyes = prescriptionEyes(prescription);
  if (eyes.length === 0) return "not-submitted";
  if (productId !== null && !eyes.some(({ record }) => record.productId === productId)) return "not-for-product";
  if (eyes.some(({ record }) => record.upc === SUBMIT_AND_SKIP_UPC)) return "not-submitted";
  if (isExpired(prescription.expirationDate, today)) return "expired";
  const unavailable = eyes.some(({ record }) => {
    const product = catalog.get(record.productId);
    return !product || product.discontinuedInCatalog || product.isHidden;
  });
  return unavailable ? "product-unavailable" : null;
}

export function isUsableForProduct(
  prescription: Pick<PrescriptionRecord, "rightEye" | "leftEye" | "expirationDate">,
  productId: number,
  catalog: ReadonlyMap<number, CatalogProductState>,
  today: string,
): boolean {
  return unusableReason(prescription, productId, catalog, today) === null;
}

/** The prescriptions usable for a product, in the wallet's order. */
export function usablePrescriptions<T extends PrescriptionRecord>(
  prescriptions: readonly T[],
  productId: number,
  catalog: ReadonlyMap<number, CatalogProductState>,
  today: string,
): T[] {
  return sortPrescriptions(prescriptions.filter((item) => isUsableForProduct(item, productId, catalog, today)));
}

// ---------------------------------------------------------------------------------------------------------------
// Sorting, merging and matching patients (spec 2 §4).

/** By expiration date (a prescription without one last), then by prescription id. */
export function sortPrescriptions<T extends Pick<PrescriptionRecord, "id" | "expirationDate">>(
  prescriptions: readonly T[],
): T[] {
  return [...prescriptions].sort((a, b) => {
    if (a.expirationDate !== b.expirationDate) {
      if (a.expirationDate === null) return 1;
      if (b.expirationDate === null) return -1;
      return a.expirationDate < b.expirationDate ? -1 : 1;
    }
    return a.id - b.id;
  });
}

const nameKey = (patient: PatientName) => patientFullName(patient).toLowerCase();

export interface WalletPatient<T> {
  firstName: string;
  lastName: string;
  prescriptions: T[];
}

/**
 * The wallet's patients: prescriptions merged by the patient's full name (trimmed, case-insensitive), the name
 * spelled as on the newest prescription; patients sorted by full name case-insensitively, each one's prescriptions
 * by expiration date then id.
 */
export function walletPatients<
  T extends Pick<PrescriptionRecord, "id" | "expirationDate" | "patientFirstName" | "patientLastName">,
>(prescriptions: readonly T[]): Array<WalletPatient<T>> {
  const byName = new Map<string, { newestId: number; patient: WalletPatient<T> }>();
  for (const prescription of prescriptions) {
    const name = { firstName: prescription.patientFirstName.trim(), lastName: prescription.patientLastName.trim() };
    const key = nameKey(name);
    const entry = byName.get(key);
    if (!entry) {
      byName.set(key, { newestId: prescription.id, patient: { ...name, prescriptions: [prescription] } });
      continue;
    }
    entry.patient.prescriptions.push(prescription);
    if (prescription.id > entry.newestId) {
      entry.newestId = prescription.id;
      entry.patient.firstName = name.firstName;
      entry.patient.lastName = name.lastName;
    }
  }
  return [...byName.values()]
    .map(({ patient }) => ({ ...patient, prescriptions: sortPrescriptions(patient.prescriptions) }))
    .sort((a, b) => nameKey(a).localeCompare(nameKey(b)));
}

/** Spec 2 §4: a patient exists when one has the same first and last name, case-insensitively (trimmed). */
export function patientExists(patients: readonly PatientName[], candidate: PatientName): boolean {
  const first = candidate.firstName.trim().toLowerCase();
  const last = candidate.lastName.trim().toLowerCase();
  return patients.some(
    (patient) => patient.firstName.trim().toLowerCase() === first && patient.lastName.trim().toLowerCase() === last,
  );
}

// ---------------------------------------------------------------------------------------------------------------
// The first-expiring prescription (the shell's reminder).

export interface ExpiringPrescription {
  prescriptionId: number;
  firstName: string;
  expirationDate: string;
  days: number;
}

/** The business day a timestamp falls on. */
function businessDayOf(value: Date | string): string {
  const date = typeof value === "string" ? DateTime.fromISO(value) : DateTime.fromJSDate(value);
  return date.setZone(BUSINESS_TIME_ZONE).toISODate()!;
}

/**
 * Spec 2 §4: the first-expiring prescription. The search starts from a 1000-day ceiling and keeps the soonest
 * expiration date within 45 days (today counts: 0 days left), ignoring a prescription ordered within the last 15
 * days (the customer has just ordered on it) and one already expired. Ties go to the lower id.
 */
export function firstExpiringPrescription(
  prescriptions: ReadonlyArray<Pick<PrescriptionRecord, "id" | "expirationDate" | "orderedAt" | "patientFirstName">>,
  now: Date,
  { withinDays = EXPIRING_WITHIN_DAYS }: { withinDays?: number } = {},
): ExpiringPrescription | null {
  const today = businessToday(now);
  let best: ExpiringPrescription | null = null;
  let bestDays = EXPIRING_CEILING_DAYS;
  for (const prescription of sortPrescriptions(prescriptions)) {
    if (prescription.expirationDate === null || !isIsoDate(prescription.expirationDate)) continue;
    const days = daysBetween(today, prescription.expirationDate);
    if (days < 0 || days > withinDays || days >= bestDays) continue;
    if (prescription.orderedAt && daysBetween(businessDayOf(prescription.orderedAt), today) <= RECENTLY_ORDERED_DAYS) {
      continue;
    }
    bestDays = days;
    best = {
      prescriptionId: prescription.id,
      firstName: prescription.patientFirstName.trim(),
      expirationDate: prescription.expirationDate,
      days,
    };
  }
  return best;
}

/** The days the reminder's query reads: from today to the end of the window (ISO days, inclusive). */
export function expiringWindow(now: Date): { from: string; to: string } {
  const today = businessToday(now);
  return { from: today, to: addDays(today, EXPIRING_WITHIN_DAYS) };
}

// ---------------------------------------------------------------------------------------------------------------
// Words.

const SOURCE_TEXT: Record<PrescriptionSource, string> = {
  typed: "Entered with your order",
  uploaded: "Uploaded image",
  wallet: "Ordered from your saved prescriptions",
  exam: "Online eye exam",
};

export function prescriptionSourceText(source: string): string {
  return Object.hasOwn(SOURCE_TEXT, source) ? SOURCE_TEXT[source as PrescriptionSource] : source;
}

export function prescriptionStatusLabel(status: string): string {
  return prescriptionStatusText(status) ?? status;
}

/** One eye's parameters in the catalog's order and with its labels (Power/sphere, BC, DIA, CYL, Axis, …). */
export function eyeParameterList(
  parameters: Readonly<Record<string, string>>,
): Array<{ label: string; value: string }> {
  return LENS_PARAMETER_NAMES.filter((name) => parameters[name] !== undefined && parameters[name] !== "").map(
    (name) => ({ label: LENS_PARAMETER_LABELS[name], value: parameters[name]! }),
  );
}

/** 'OD: Power/sphere -1.00, BC 8.6, DIA 14.5' (or that the values are still to come). */
export function eyeSummary(eye: Eye, record: PrescriptionEyeRecord): string {
  const values = eyeParameterList(record.parameters);
  const text =
    record.upc === SUBMIT_AND_SKIP_UPC || values.length === 0
      ? "values to come"
      : values.map(({ label, value }) => `${label} ${value}`).join(", ");
  return `${EYE_LABELS[eye]}: ${text}`;
}

/** Spec 2 §3 Prescription detail per eye, from the catalog's parameter names. */
export function eyeDetail(record: PrescriptionEyeRecord | null) {
  if (!record) return null;
  const value = (name: string) => record.parameters[name] ?? null;
  return {
    spherePower: value("power"),
    axisDegree: value("axis"),
    baseCurve: value("baseCurve"),
    color: value("color"),
    cylinderPower: value("cylinder"),
    diameter: value("diameter"),
    domNonDom: value("monovisionCode"),
    addPower: value("addPower"),
  };
}

/** Another pack size of the same lens shares its vanity URL up to the pack size ('…-30-pack', '…-90-pack'). */
export function packSizeStem(vanityUrl: string): string {
  return vanityUrl.replace(/-\d+-pack$/, "");
}

/** The wallet and one prescription's page (its Order again form is #order-again-{id}). */
export const WALLET_PATH = "/account/prescriptions";
export const prescriptionPath = (prescriptionId: number) => `${WALLET_PATH}/${prescriptionId}`;
/** An uploaded image's bytes, served to its owner. */
/** The wallet's uploaded prescriptions (spec 2: patient label 'Prescription Uploaded'). */
export const UPLOADED_PRESCRIPTION_MESSAGES = {
  label: "Prescription Uploaded",
  waiting: "Waiting for review",
  deleted: "Uploaded prescription deleted.",
  notFound: "We couldn't find that uploaded prescription.",
  linked: "This prescription was sent with an order, so it is kept with the order.",
} as const;

/** An image the customer uploaded that is not yet an order's or a saved prescription's: waiting for review. */
export interface UploadedPrescriptionView {
  imageId: string;
  fileName: string;
  href: string;
  uploadedOn: string;
}

export const rxImagePath = (imageId: string) => `/rx-images/${encodeURIComponent(imageId)}`;

// ---------------------------------------------------------------------------------------------------------------
// What the wallet pages show (built by the wallet service, rendered by the components).

export interface WalletEyeView {
  eye: Eye;
  /** 'Right eye (OD)'. */
  title: string;
  eyeLabel: string;
  productId: number;
  productName: string;
  brandName: string;
  productHref: string | null;
  upc: string;
  quantity: number;
  parameters: Array<{ label: string; value: string }>;
  /** 'OD: Power/sphere -1.00, BC 8.6'. */
  summary: string;
  /** The values are still to come ('I'll send it later'). */
  pending: boolean;
  /** Boxes this lens may be ordered in (with the last quantity); what Order again offers. */
  quantityOptions: number[];
  colors: Array<{ value: string; label: string }>;
  color: string | null;
}

export interface WalletPrescriptionView {
  id: number;
  patientName: string;
  eyes: WalletEyeView[];
  expirationDate: string | null;
  expiry: ExpiryView;
  status: string;
  statusText: string;
  source: string;
  sourceText: string;
  prescriber: { name: string; clinicName: string; phone: string } | null;
  images: Array<{ id: string; name: string; href: string }>;
  orderedOn: string | null;
  order: { orderNumber: string; href: string } | null;
  autoReorder: boolean;
  clonedFromId: number | null;
  /** It can be ordered again; otherwise why not. */
  usable: boolean;
  unusableMessage: string | null;
  /** Order again may start an auto-reorder subscription. */
  allowsAutoReorder: boolean;
}

export interface SavedPrescriptionChoiceView {
  prescriptionId: number;
  patientName: string;
  /** 'Expires June 3, 2026' and the badge when near. */
  expiry: string;
  badge: string | null;
  /** Per eye: 'OD: Power/sphere -1.00, BC 8.6 — Acuvue Oasys'. */
  eyes: string[];
}

// ---------------------------------------------------------------------------------------------------------------
// Forms.

export const EXPIRATION_MESSAGES = {
  required: "Enter the expiration date printed on your prescription.",
  invalid: "Enter a real date, for example 12/31/2027.",
  expired:
    "This prescription has expired. Enter a current prescription, or choose to send it later and we'll help you renew it.",
  tooFar: `Check the expiration date: it can't be more than ${MAX_EXPIRATION_YEARS} years from today.`,
} as const;

/** '2027-12-31', or the US '12/31/2027' a text browser's shopper may type; the ISO day, or null. */
export function parseExpirationInput(raw: string): string | null {
  const text = raw.trim();
  if (isIsoDate(text)) return text;
  const us = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(text);
  if (!us) return null;
  const date = DateTime.fromObject({ year: Number(us[3]), month: Number(us[1]), day: Number(us[2]) }, { zone: "utc" });
  return date.isValid ? date.toISODate() : null;
}

/** The latest expiration date accepted on `today`. */
export function latestExpirationDate(today: string): string {
  return DateTime.fromISO(today, { zone: "utc" }).plus({ years: MAX_EXPIRATION_YEARS }).toISODate()!;
}

/**
 * The expiration date of a typed prescription: a real day (ISO, or MM/DD/YYYY), not before today in the business
 * time zone, at most 10 years ahead. `required: false` accepts an empty field (undefined). `today` is read when the
 * value is checked, so a long-lived schema never goes stale.
 */
export function expirationDateSchema({
  required,
  today = () => businessToday(),
}: {
  required: boolean;
  today?: () => string;
}) {
  return z
    .string()
    .optional()
    .transform((value, ctx): string | undefined => {
      const text = value?.trim() ?? "";
      if (text === "") {
        if (required) ctx.addIssue({ code: "custom", message: EXPIRATION_MESSAGES.required });
        return undefined;
      }
      const iso = parseExpirationInput(text);
      if (!iso) {
        ctx.addIssue({ code: "custom", message: EXPIRATION_MESSAGES.invalid });
        return undefined;
      }
      const now = today();
      if (iso < now) ctx.addIssue({ code: "custom", message: EXPIRATION_MESSAGES.expired });
      else if (iso > latestExpirationDate(now)) ctx.addIssue({ code: "custom", message: EXPIRATION_MESSAGES.tooFar });
      return iso;
    });
}

const idText = (message: string) =>
  z
    .string({ error: message })
    .trim()
    .regex(/^[1-9][0-9]{0,8}$/, { error: message })
    .transform(Number);

/** A prescription id from a path or a form: 1 to 9 digits (anything else is not found). */
export function parsePrescriptionId(raw: string | undefined | null): number | null {
  const parsed = idText(PRESCRIPTION_MESSAGES.notFound).safeParse(raw ?? "");
  return parsed.success ? parsed.data : null;
}

/** Clone and delete forms: which prescription. */
export const prescriptionIdFormSchema = z.object({ prescriptionId: idText(PRESCRIPTION_MESSAGES.notFound) });

/** The wallet's 'Delete' of an uploaded prescription: the image's id (24 characters of base64url). */
export const uploadedImageFormSchema = z.object({
  imageId: z.string({ error: UPLOADED_PRESCRIPTION_MESSAGES.notFound }).regex(/^[A-Za-z0-9_-]{24}$/, {
    error: UPLOADED_PRESCRIPTION_MESSAGES.notFound,
  }),
});

/**
 * The saved-prescription choice (the product page and RxDetails): a radio of the usable prescriptions. `groupId`
 * names the cart group on RxDetails; the product page has none.
 */
export const savedPrescriptionChoiceSchema = z.object({
  prescriptionId: idText(PRESCRIPTION_MESSAGES.chooseSaved),
  groupId: z.string().trim().max(100).optional(),
});
export type SavedPrescriptionChoiceForm = z.output<typeof savedPrescriptionChoiceSchema>;

const quantityText = z
  .string({ error: PRESCRIPTION_MESSAGES.chooseQuantity })
  .trim()
  .regex(/^[0-9]{1,2}$/, { error: PRESCRIPTION_MESSAGES.chooseQuantity })
  .transform(Number);

const colorText = z.string().trim().max(60, { error: PRESCRIPTION_MESSAGES.chooseColor }).optional();

/**
 * The wallet's 'Order again' form: per eye a quantity (0 leaves that eye out) and, for a colour lens, a colour;
 * auto-reorder on or off. Whether a quantity or colour is one the lens offers is checked against the catalog.
 * (The fields alone, for the browser's constraints; `orderAgainFormSchema` also gives the entry.)
 */
export const orderAgainFieldsSchema = z.object({
  prescriptionId: idText(PRESCRIPTION_MESSAGES.notFound),
  rightQuantity: quantityText.optional(),
  leftQuantity: quantityText.optional(),
  rightColor: colorText,
  leftColor: colorText,
  autoReorder: z.enum(["on"]).optional(),
});

export const orderAgainFormSchema = orderAgainFieldsSchema.transform((value) => ({
  prescriptionId: value.prescriptionId,
  isSubscription: value.autoReorder === "on",
  rightEyeQuantity: value.rightQuantity,
  leftEyeQuantity: value.leftQuantity,
  rightColor: value.rightColor || undefined,
  leftColor: value.leftColor || undefined,
}));

/** What one 'Order again' asks for (the page's form and the API's entries). */
export interface OrderAgainEntry {
  prescriptionId: number;
  isSubscription: boolean;
  /** Boxes per eye; undefined: as last ordered; 0: leave that eye out. */
  rightEyeQuantity?: number;
  leftEyeQuantity?: number;
  /** Another pack size of the same lens (API only). */
  alternativeQuantityProductId?: number | null;
  rightColor?: string;
  leftColor?: string;
}

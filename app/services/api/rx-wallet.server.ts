import { and, eq, inArray } from "drizzle-orm";
import { z } from "zod";
import { PRICE_BOOKS, type PriceBook } from "~/models/catalog";
import {
  eyeDetail,
  isExpired,
  parsePrescriptionId,
  PRESCRIPTION_MESSAGES,
  prescriptionProductIds,
  walletPatients,
  type OrderAgainEntry,
  type PrescriptionEyeRecord,
} from "~/models/prescriptions";
import { businessToday } from "~/models/subscription";
import { productsForPricing } from "../cart/cart-pricing.server";
import type { Executor } from "../db/client.server";
import { clinics, doctors, productPrices } from "../db/schema";
import { listCustomerPrescriptions, type PrescriptionRow } from "../prescriptions/prescription-records.server";
import type { OrderAgainPlan } from "../prescriptions/wallet-cart.server";
import { packSizeAlternatives, walletProducts } from "../prescriptions/wallet.server";
import type { RouterContextProvider } from "react-router";
import { requireApiCustomer } from "./customer.server";
import { jsonError, methodNotAllowed, readJsonBody } from "./json.server";

/**
 * The prescription wallet's JSON API (spec 2 §3 Wallet summary, Prescription, Prescription detail per eye; §7
 * api/rxWallet*): who is asking (401 signed out), the entities' JSON, and the entries 'Order again' takes. Helpers
 * throw the error Response; React Router returns a Response thrown from a resource route as it is.
 */

export const WALLET_SIGN_IN_MESSAGE = "Sign in to use your saved prescriptions.";

/** The 401 of every wallet call (`requireApiCustomer`). */
export const WALLET_SIGN_IN = { message: WALLET_SIGN_IN_MESSAGE } as const;

/** A prescription id from the path; anything else is not one of the customer's (404). */
export function requirePrescriptionId(raw: string | undefined): number {
  const id = parsePrescriptionId(raw);
  if (id === null) throw jsonError(404, PRESCRIPTION_MESSAGES.notFound);
  return id;
}

// ---------------------------------------------------------------------------------------------------------------
// The wallet summary.

const productJson = (record: PrescriptionEyeRecord | null) =>
  record ? { productId: record.productId, upc: record.upc, quantity: record.quantity } : null;

/**
 * GET api/rxWallet/summary: the customer's patients (merged by full name, sorted) with their prescriptions (by
 * expiration date, then id), and whether any lens on them is the store's own (private label). A prescription's
 * alternativeQuantityProductId is another pack size of its lens that is sold and priced in the price book.
 */
export async function walletSummaryJson(db: Executor, customerId: number, priceBook: PriceBook, now = new Date()) {
  const rows = await listCustomerPrescriptions(db, customerId);
  const catalog = await walletProducts(
    db,
    rows.flatMap((row) => prescriptionProductIds(row)),
  );
  const alternatives = await packSizeAlternatives(db, [...catalog.values()]);
  const alternativeIds = [...new Set([...alternatives.values()].flat())];
  const priced = new Set(
    alternativeIds.length === 0
      ? []
      : (
          await db
            .select({ productId: productPrices.productId })
            .from(productPrices)
            .where(and(inArray(productPrices.productId, alternativeIds), eq(productPrices.priceBook, priceBook)))
        ).map((row) => row.productId),
  );
  const today = businessToday(now);
  const alternativeFor = (row: PrescriptionRow): number | null => {
    const products = prescriptionProductIds(row);
    if (products.length !== 1) return null;
    return alternatives.get(products[0]!)?.find((id) => priced.has(id)) ?? null;
  };
  return {
    patients: walletPatients(rows).map((patient) => ({
      firstName: patient.firstName,
      lastName: patient.lastName,
      prescriptions: patient.prescriptions.map((row) => ({
        prescriptionId: row.id,
        rightEyeProduct: productJson(row.rightEye),
        leftEyeProduct: productJson(row.leftEye),
        expirationDate: row.expirationDate,
        isExpired: isExpired(row.expirationDate, today),
        orderDate: row.orderedAt?.toISOString() ?? null,
        autoReorder: row.autoReorder,
        alternativeQuantityProductId: alternativeFor(row),
        leftColorId: row.leftEye?.parameters.color ?? null,
        rightColorId: row.rightEye?.parameters.color ?? null,
      })),
    })),
    hasPrivateLabelProducts: [...catalog.values()].some((product) => product.isPrivateLabel),
  };
}

// ---------------------------------------------------------------------------------------------------------------
// One prescription.

/** GET api/rxWallet/{id}: the per-eye detail and the clinic (the prescriber's, from the directory when listed). */
export async function prescriptionDetailJson(db: Executor, row: PrescriptionRow) {
  const doctorId = row.prescriber?.doctorId ?? null;
  const [listed] =
    doctorId === null
      ? []
      : await db
          .select({
            doctor: { id: doctors.id, firstName: doctors.firstName, lastName: doctors.lastName },
            clinic: clinics,
          })
          .from(doctors)
          .innerJoin(clinics, eq(clinics.id, doctors.clinicId))
          .where(eq(doctors.id, doctorId));
  const clinic = listed
    ? {
        id: listed.clinic.id,
        name: listed.clinic.name,
        phone: listed.clinic.phone,
        address: {
          address1: listed.clinic.address1,
          address2: listed.clinic.address2,
          city: listed.clinic.city,
          state: listed.clinic.state,
          postalCode: listed.clinic.postalCode,
        },
        doctor: listed.doctor,
      }
    : row.prescriber
      ? {
          id: null,
          name: row.prescriber.clinicName,
          phone: row.prescriber.phone,
          address: null,
          doctor: { id: null, firstName: row.prescriber.firstName, lastName: row.prescriber.lastName },
        }
      : null;
  return {
    prescriptionId: row.id,
    rightEye: eyeDetail(row.rightEye),
    leftEye: eyeDetail(row.leftEye),
    clinic,
  };
}

// ---------------------------------------------------------------------------------------------------------------
// Order again's entries.

const whole = (label: string, max: number) =>
  z
    .number({ error: `${label} must be a whole number.` })
    .int({ error: `${label} must be a whole number.` })
    .min(0, { error: `${label} must be 0 or more.` })
    .max(max, { error: `${label} must be at most ${max}.` });

const entrySchema = z.object({
  prescriptionId: whole("prescriptionId", 999_999_999).min(1, { error: "prescriptionId must be a prescription's id." }),
  isSubscription: z.boolean({ error: "isSubscription must be true or false." }).optional().default(false),
  rightEyeQuantity: whole("rightEyeQuantity", 99).nullish(),
  leftEyeQuantity: whole("leftEyeQuantity", 99).nullish(),
  pricebook: z.enum(PRICE_BOOKS, { error: `pricebook must be one of: ${PRICE_BOOKS.join(", ")}.` }).nullish(),
  alternativeQuantityProductId: whole("alternativeQuantityProductId", 999_999).nullish(),
  rightColorId: z.string({ error: "rightColorId must be a colour's value." }).max(60).nullish(),
  leftColorId: z.string({ error: "leftColorId must be a colour's value." }).max(60).nullish(),
});

/** POST api/rxWallet and api/rxWallet/lineItemGroupsWithPriceBook: `{ entries: [...] }` (1 to 10), priceBook. */
export const walletEntriesSchema = z.object({
  entries: z
    .array(entrySchema, { error: "Send entries: a list of prescriptions to order." })
    .min(1, { error: "Send at least one entry." })
    .max(10, { error: "Send at most 10 entries." }),
  priceBook: z.enum(PRICE_BOOKS, { error: `priceBook must be one of: ${PRICE_BOOKS.join(", ")}.` }).optional(),
});
export type WalletEntries = z.output<typeof walletEntriesSchema>;

/**
 * The opening of both 'Order again' calls (POST api/rxWallet and api/rxWallet/lineItemGroupsWithPriceBook): 405
 * anything but POST, 401 signed out, 400 entries it can't take; else the customer and the entries.
 */
export async function readWalletEntriesCall(request: Request, context: Readonly<RouterContextProvider>) {
  if (request.method !== "POST") throw methodNotAllowed("POST");
  const customer = requireApiCustomer(request, context, WALLET_SIGN_IN);
  const body = await readJsonBody(request, walletEntriesSchema);
  return { customer, body };
}

/** The entries as 'Order again' takes them. */
export function orderAgainEntries(body: WalletEntries): OrderAgainEntry[] {
  return body.entries.map((entry) => ({
    prescriptionId: entry.prescriptionId,
    isSubscription: entry.isSubscription,
    rightEyeQuantity: entry.rightEyeQuantity ?? undefined,
    leftEyeQuantity: entry.leftEyeQuantity ?? undefined,
    alternativeQuantityProductId: entry.alternativeQuantityProductId ?? null,
    rightColor: entry.rightColorId ?? undefined,
    leftColor: entry.leftColorId ?? undefined,
  }));
}

/** The price book the entries ask for: the body's, else the first entry's, else the shopper's. */
export function entriesPriceBook(body: WalletEntries, fallback: PriceBook): PriceBook {
  return body.priceBook ?? body.entries.find((entry) => entry.pricebook)?.pricebook ?? fallback;
}

const WHICH_EYE = { right: "Right", left: "Left" } as const;

/** The line item groups planned entries would make, priced in a price book (no cart is touched). */
export async function plannedGroupsJson(db: Executor, plans: readonly OrderAgainPlan[], priceBook: PriceBook) {
  const productIds = [...new Set(plans.flatMap((plan) => plan.items.map((item) => item.productId)))];
  const prices = new Map(
    (await productsForPricing(db, productIds, priceBook)).map((product) => [product.id, product.unitPriceCents]),
  );
  return plans.map((plan) => {
    const lineItems = plan.items.map((item) => {
      const price = prices.get(item.productId) ?? null;
      return {
        whichEye: WHICH_EYE[item.whichEye],
        product: {
          productId: item.productId,
          displayName: plan.products.get(item.productId)?.displayName ?? null,
          price,
        },
        upc: item.upc,
        quantity: item.quantity,
        parameters: item.parameters,
        lineTotal: price === null ? null : price * item.quantity,
      };
    });
    return {
      prescriptionId: plan.prescription.id,
      type: "Lens" as const,
      patient: plan.patient,
      autoReorder: plan.autoReorderFrequencyDays ? { reorderFrequencyInDays: plan.autoReorderFrequencyDays } : null,
      prescriptionExpiresOn: plan.prescription.expirationDate,
      lineItems,
      subTotal: lineItems.reduce((sum, line) => sum + (line.lineTotal ?? 0), 0),
    };
  });
}

import { and, asc, desc, eq, inArray, isNull } from "drizzle-orm";
import { PRODUCT_TYPE } from "~/models/catalog";
import { EYE_LABELS, EYE_NAMES } from "~/models/lens-parameters";
import { formatOrderDate, orderDetailsPath } from "~/models/order-status";
import {
  expiryView,
  eyeParameterList,
  eyeSummary,
  firstExpiringPrescription,
  packSizeStem,
  patientFullName,
  PRESCRIPTION_MESSAGES,
  prescriptionEyes,
  prescriptionPath,
  prescriptionProductIds,
  prescriptionSourceText,
  prescriptionStatusLabel,
  rxImagePath,
  unusableReason,
  walletPatients,
  type CatalogProductState,
  type ExpiringPrescription,
  type UploadedPrescriptionView,
  type WalletEyeView,
  type WalletPrescriptionView,
} from "~/models/prescriptions";
import { SUBMIT_AND_SKIP_UPC } from "~/models/stock";
import { businessToday } from "~/models/subscription";
import { lineQuantityOptions } from "~/models/supply";
import { productPath } from "../catalog/catalog.server";
import { together, type Executor } from "../db/client.server";
import { brands, orders, productParameterOptions, products, rxImages } from "../db/schema";
import {
  expiringPrescriptions,
  findCustomerPrescription,
  listCustomerPrescriptions,
  prescriptionImages,
  type PrescriptionImage,
  type PrescriptionRow,
} from "./prescription-records.server";

/**
 * The prescription wallet as the pages show it (/account/prescriptions and /rx-wallet, one prescription's page, the
 * saved-prescription choice) and the shell's reminder: the customer's prescription records with what the catalog
 * says of their lenses (names, whether still sold, quantities and colours to order again), their images and orders.
 */

/** A lens of the catalog as the wallet needs it. */
export interface WalletProduct extends CatalogProductState {
  vanityUrl: string;
  productType: number;
  displayName: string;
  brandName: string;
  categories: string[];
  wearTimeDays: number;
  quantityPerPackage: number;
  maximumQuantity: number;
  allowsAutoReorder: boolean;
  isPrivateLabel: boolean;
  /** The colours a colour lens comes in (its 'color' parameter's options); empty for others. */
  colors: Array<{ value: string; label: string }>;
}

/** These products (and their colours), by id; a product no longer in the catalog is simply absent. */
export async function walletProducts(db: Executor, productIds: readonly number[]): Promise<Map<number, WalletProduct>> {
  const ids = [...new Set(productIds)];
  if (ids.length === 0) return new Map();
  const [rows, colorRows] = await together(db, [
    () =>
      db
        .select({
          id: products.id,
          vanityUrl: products.vanityUrl,
          productType: products.productType,
          displayName: products.displayName,
          brandName: brands.name,
          categories: products.categories,
          wearTimeDays: products.wearTimeDays,
          quantityPerPackage: products.quantityPerPackage,
          maximumQuantity: products.maximumQuantity,
          allowsAutoReorder: products.allowsAutoReorder,
          isPrivateLabel: products.isPrivateLabel,
          isHidden: products.isHidden,
          discontinuedInCatalog: products.discontinuedInCatalog,
        })
        .from(products)
        .innerJoin(brands, eq(brands.id, products.brandId))
        .where(inArray(products.id, ids)),
    () =>
      db
        .select({
          productId: productParameterOptions.productId,
          value: productParameterOptions.value,
          label: productParameterOptions.label,
        })
        .from(productParameterOptions)
        .where(and(inArray(productParameterOptions.productId, ids), eq(productParameterOptions.parameterName, "color")))
        .orderBy(asc(productParameterOptions.position)),
  ]);
  return new Map(
    rows.map((row) => [
      row.id,
      {
        ...row,
        colors: colorRows.filter((option) => option.productId === row.id).map(({ value, label }) => ({ value, label })),
      },
    ]),
  );
}

/** Other pack sizes of these lenses that are sold (the same vanity URL up to '-{n}-pack'). */
export async function packSizeAlternatives(
  db: Executor,
  lenses: ReadonlyArray<Pick<WalletProduct, "id" | "vanityUrl">>,
): Promise<Map<number, number[]>> {
  if (lenses.length === 0) return new Map();
  const rows = await db
    .select({ id: products.id, vanityUrl: products.vanityUrl })
    .from(products)
    .where(
      and(
        eq(products.productType, PRODUCT_TYPE.lens),
        eq(products.isHidden, false),
        eq(products.discontinuedInCatalog, false),
      ),
    )
    .orderBy(asc(products.ordinal), asc(products.id));
  return new Map(
    lenses.map((lens) => [
      lens.id,
      rows
        .filter((row) => row.id !== lens.id && packSizeStem(row.vanityUrl) === packSizeStem(lens.vanityUrl))
        .map((row) => row.id),
    ]),
  );
}

// ---------------------------------------------------------------------------------------------------------------
// Views.

function eyeViews(row: PrescriptionRow, catalog: ReadonlyMap<number, WalletProduct>): WalletEyeView[] {
  return prescriptionEyes(row).map(({ eye, record }) => {
    const product = catalog.get(record.productId);
    return {
      eye,
      title: `${EYE_NAMES[eye]} (${EYE_LABELS[eye]})`,
      eyeLabel: EYE_LABELS[eye],
      productId: record.productId,
      productName: product?.displayName ?? "A lens no longer sold",
      brandName: product?.brandName ?? "",
      productHref: product && !product.isHidden && !product.discontinuedInCatalog ? productPath(product) : null,
      upc: record.upc,
      quantity: record.quantity,
      parameters: eyeParameterList(record.parameters),
      summary: eyeSummary(eye, record),
      pending: record.upc === SUBMIT_AND_SKIP_UPC,
      quantityOptions: product
        ? lineQuantityOptions(
            {
              productType: "lens",
              isColor: product.categories.includes("color"),
              wearTimeDays: product.wearTimeDays,
              quantityPerPackage: product.quantityPerPackage,
              maximumQuantity: product.maximumQuantity,
            },
            record.quantity,
          )
        : [record.quantity],
      colors: product?.colors ?? [],
      color: record.parameters.color ?? null,
    };
  });
}

/** The prescriptions as views, with their lenses, images and orders read in three queries. */
async function prescriptionViews(
  db: Executor,
  customerId: number,
  rows: readonly PrescriptionRow[],
  now: Date,
): Promise<WalletPrescriptionView[]> {
  const today = businessToday(now);
  const orderIds = [...new Set(rows.map((row) => row.orderId).filter((id): id is number => id !== null))];
  const [catalog, images, orderRows] = await together(db, [
    () =>
      walletProducts(
        db,
        rows.flatMap((row) => prescriptionProductIds(row)),
      ),
    () =>
      prescriptionImages(
        db,
        customerId,
        rows.map((row) => row.id),
      ),
    () =>
      orderIds.length === 0
        ? []
        : db
            .select({ id: orders.id, orderNumber: orders.orderNumber })
            .from(orders)
            .where(and(inArray(orders.id, orderIds), eq(orders.customerId, customerId))),
  ]);
  const orderNumberOf = new Map(orderRows.map((row) => [row.id, row.orderNumber]));
  const imagesOf = (id: number) =>
    images
      .filter((image: PrescriptionImage) => image.prescriptionId === id)
      .map((image) => ({ id: image.id, name: image.originalFileName, href: rxImagePath(image.id) }));
  return rows.map((row) => {
    const reason = unusableReason(row, null, catalog, today);
    const orderNumber = row.orderId === null ? undefined : orderNumberOf.get(row.orderId);
    const eyes = eyeViews(row, catalog);
    return {
      id: row.id,
      patientName: patientFullName({ firstName: row.patientFirstName, lastName: row.patientLastName }),
      eyes,
      expirationDate: row.expirationDate,
      expiry: expiryView(row.expirationDate, today),
      status: row.status,
      statusText: prescriptionStatusLabel(row.status),
      source: row.source,
      sourceText: prescriptionSourceText(row.source),
      prescriber: row.prescriber
        ? {
            name: `Dr. ${row.prescriber.firstName} ${row.prescriber.lastName}`.trim(),
            clinicName: row.prescriber.clinicName,
            phone: row.prescriber.phone,
          }
        : null,
      images: imagesOf(row.id),
      orderedOn: row.orderedAt ? formatOrderDate(row.orderedAt) : null,
      order: orderNumber ? { orderNumber, href: orderDetailsPath(orderNumber) } : null,
      autoReorder: row.autoReorder,
      clonedFromId: row.clonedFromId,
      usable: reason === null,
      unusableMessage: reason === null ? null : PRESCRIPTION_MESSAGES[reason],
      allowsAutoReorder: eyes.every((eye) => catalog.get(eye.productId)?.allowsAutoReorder ?? false),
    };
  });
}

/** The wallet: patients merged by full name and sorted, each one's prescriptions by expiration date, then id. */
export async function walletView(db: Executor, customerId: number, now: Date = new Date()) {
  const rows = await listCustomerPrescriptions(db, customerId);
  const views = await prescriptionViews(db, customerId, rows, now);
  const byId = new Map(views.map((view) => [view.id, view]));
  return walletPatients(rows).map((patient) => ({
    name: patientFullName(patient),
    prescriptions: patient.prescriptions.map((row) => byId.get(row.id)!),
  }));
}
export type WalletView = Awaited<ReturnType<typeof walletView>>;

/** One of the customer's prescriptions as its page shows it; null when it is not theirs. */
export async function walletPrescription(
  db: Executor,
  customerId: number,
  prescriptionId: number,
  now: Date = new Date(),
): Promise<WalletPrescriptionView | null> {
  const row = await findCustomerPrescription(db, customerId, prescriptionId);
  if (!row) return null;
  const [view] = await prescriptionViews(db, customerId, [row], now);
  return view ?? null;
}

// ---------------------------------------------------------------------------------------------------------------
// Uploaded prescriptions.

/**
 * The customer's uploads not tied to an order or a prescription, newest first (spec 2: the wallet's patient label
 * 'Prescription Uploaded'). Staff review them; the wallet shows them so an upload from the account is not lost.
 */
export async function uploadedPrescriptions(db: Executor, customerId: number): Promise<UploadedPrescriptionView[]> {
  const rows = await db
    .select({ id: rxImages.id, originalFileName: rxImages.originalFileName, createdAt: rxImages.createdAt })
    .from(rxImages)
    .where(and(eq(rxImages.customerId, customerId), isNull(rxImages.orderId), isNull(rxImages.prescriptionId)))
    .orderBy(desc(rxImages.createdAt), asc(rxImages.id));
  return rows.map((row) => ({
    imageId: row.id,
    fileName: row.originalFileName,
    href: rxImagePath(row.id),
    uploadedOn: formatOrderDate(row.createdAt),
  }));
}

// ---------------------------------------------------------------------------------------------------------------
// The shell's reminder.

export interface PrescriptionReminder extends ExpiringPrescription {
  /** Where 'Order again' is (the prescription's page has the form). */
  reorderHref: string;
}

/** The first-expiring prescription the shell reminds a signed-in customer of, or null (one indexed range read). */
export async function prescriptionReminder(
  db: Executor,
  customerId: number,
  now: Date = new Date(),
): Promise<PrescriptionReminder | null> {
  const rows = await expiringPrescriptions(db, customerId, now);
  const first = firstExpiringPrescription(rows, now);
  return first
    ? { ...first, reorderHref: `${prescriptionPath(first.prescriptionId)}#order-again-${first.prescriptionId}` }
    : null;
}

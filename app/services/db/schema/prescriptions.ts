import { sql } from "drizzle-orm";
import {
  type AnyPgColumn,
  boolean,
  check,
  customType,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
} from "drizzle-orm/pg-core";
// Type-only and relative: drizzle-kit loads the schema without the app's `~` alias.
import type { PrescriberRecord, PrescriptionEyeRecord } from "../../../models/prescriptions";
import { customers, ownerCustomerId, patients } from "./accounts";
import { orders } from "./orders";
import { timestamps } from "./shared";

/**
 * Prescriptions (spec 2 §3: the wallet's prescriptions, their per-eye details and clinic) and the uploaded images of
 * them. Images are health data: only their owner (or, for a guest, the browser session that uploaded) reads them,
 * and they are deleted with their prescription.
 */

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => "bytea",
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

/**
 * Prescriptions, one per lens group of a placed order (and copies the customer clones). `source` is how the store
 * got it: typed, uploaded, wallet (chosen from a saved one), exam. `status` is the spec's prescription status.
 * `expirationDate` is an ISO date; null while the prescription has not been submitted (PendingSubmission).
 */
export const prescriptions = pgTable(
  "prescriptions",
  {
    id: serial("id").primaryKey(),
    customerId: ownerCustomerId(),
    patientId: integer("patient_id").references(() => patients.id, { onDelete: "set null" }),
    patientFirstName: text("patient_first_name").notNull(),
    patientLastName: text("patient_last_name").notNull(),
    source: text("source").notNull(),
    status: text("status").notNull(),
    expirationDate: text("expiration_date"),
    rightEye: jsonb("right_eye").$type<PrescriptionEyeRecord | null>(),
    leftEye: jsonb("left_eye").$type<PrescriptionEyeRecord | null>(),
    prescriber: jsonb("prescriber").$type<PrescriberRecord | null>(),
    /** The order this prescription was ordered with (the latest one for a wallet prescription ordered again). */
    orderId: integer("order_id").references((): AnyPgColumn => orders.id, { onDelete: "set null" }),
    orderedAt: timestamp("ordered_at", { withTimezone: true }),
    autoReorder: boolean("auto_reorder").notNull().default(false),
    clonedFromId: integer("cloned_from_id").references((): AnyPgColumn => prescriptions.id, {
      onDelete: "set null",
    }),
    ...timestamps,
  },
  (table) => [
    index("prescriptions_customer_idx").on(table.customerId, table.expirationDate),
    index("prescriptions_order_idx").on(table.orderId),
    check("prescriptions_source_check", sql`${table.source} in ('typed', 'uploaded', 'wallet', 'exam')`),
    check(
      "prescriptions_status_check",
      sql`${table.status} in ('PendingExam', 'PendingVerification', 'PendingSubmission', 'Verified', 'FailedExam')`,
    ),
    check(
      "prescriptions_expiration_check",
      sql`${table.expirationDate} is null or ${table.expirationDate} ~ '^[0-9]{4}-[0-9]{2}-[0-9]{2}$'`,
    ),
  ],
);

/**
 * Uploaded prescription images (spec: originalFileName, fileName rx_image-{timestamp}.{ext}, contentType,
 * contentLength, height, width, rxImageId, classification). The id is random and unguessable; the bytes live in
 * the image-storage adapter under `storageKey`. A guest's image is tied to the uploading browser session
 * (`uploaderSessionHash`, the hash of the session's random id) until an order or a sign-in gives it a customer.
 */
export const rxImages = pgTable(
  "rx_images",
  {
    id: text("id").primaryKey(),
    customerId: integer("customer_id").references(() => customers.id, { onDelete: "cascade" }),
    uploaderSessionHash: text("uploader_session_hash"),
    /** The order the image was sent for (upload-rx?oid=, or the cart group's image once the order is placed). */
    orderId: integer("order_id").references((): AnyPgColumn => orders.id, { onDelete: "set null" }),
    prescriptionId: integer("prescription_id").references(() => prescriptions.id, { onDelete: "cascade" }),
    originalFileName: text("original_file_name").notNull(),
    fileName: text("file_name").notNull(),
    contentType: text("content_type").notNull(),
    contentLength: integer("content_length").notNull(),
    width: integer("width"),
    height: integer("height"),
    /** Box, Human, Other, Prescription; null for a PDF (spec: an empty classification for a PDF). */
    classification: text("classification"),
    /** The reader's result (spec: AI analysis result), null when it found no prescription or did not run. */
    analysis: jsonb("analysis").$type<Record<string, unknown> | null>(),
    storageKey: text("storage_key").notNull(),
    /** A PDF's first page drawn as a PNG (what staff and the shopper see in place of the PDF); null otherwise. */
    pageImageKey: text("page_image_key"),
    pageImageWidth: integer("page_image_width"),
    pageImageHeight: integer("page_image_height"),
    /**
     * The queued reading (decision 46): pending → reading → read, failed or timed-out; skipped when there is nothing
     * to read (a photo of a person). `readingStartedAt` is the running job's claim (a lease: a job that died is taken
     * over after it), `readingAttempts` how many claims there were.
     */
    readingState: text("reading_state").notNull().default("read"),
    readingStartedAt: timestamp("reading_started_at", { withTimezone: true }),
    readingAttempts: integer("reading_attempts").notNull().default(0),
    readAt: timestamp("read_at", { withTimezone: true }),
    ...timestamps,
  },
  (table) => [
    index("rx_images_customer_idx").on(table.customerId),
    // A guest's stored bytes (the upload quota, decision 47).
    index("rx_images_session_idx").on(table.uploaderSessionHash),
    // Images nobody kept, by age (the 7-day expiry job, decision 47).
    index("rx_images_unlinked_created_idx")
      .on(table.createdAt)
      .where(sql`${table.orderId} is null and ${table.prescriptionId} is null`),
    index("rx_images_reading_idx").on(table.readingState, table.createdAt),
    check(
      "rx_images_reading_state_check",
      sql`${table.readingState} in ('pending', 'reading', 'read', 'failed', 'timed-out', 'skipped', 'not-requested')`,
    ),
    index("rx_images_order_idx").on(table.orderId),
    index("rx_images_prescription_idx").on(table.prescriptionId),
    check(
      "rx_images_classification_check",
      sql`${table.classification} is null or ${table.classification} in ('Box', 'Human', 'Other', 'Prescription')`,
    ),
    check("rx_images_owner_check", sql`${table.customerId} is not null or ${table.uploaderSessionHash} is not null`),
  ],
);

/** The embedded image store's bytes (the default image-storage adapter keeps them in the database). */
export const storedImages = pgTable("stored_images", {
  key: text("key").primaryKey(),
  contentType: text("content_type").notNull(),
  data: bytea("data").notNull(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

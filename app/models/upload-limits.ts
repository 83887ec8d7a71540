import { MAX_UPLOAD_MEGABYTES } from "./file-type";

/**
 * Per-client bounds on prescription uploads (issue 24, decision 47). Every upload decodes an image and runs the
 * reader, and stores up to 10 MB: without bounds one client could fill the store and keep the CPUs busy.
 *
 * - Rate: at most `UPLOAD_LIMITS.perHour` uploads an hour and `perDay` a day from one client address, and the same
 *   for one customer (counted in the database: services/prescriptions/upload-limits.server.ts).
 * - Stored bytes: what a customer, or a guest's browser session, keeps of images not yet tied to an order or a saved
 *   prescription (those the image expiry deletes after 7 days) stays within a quota. Images sent with an order or
 *   kept with a prescription are the store's records and do not count.
 */
export const UPLOAD_LIMITS = {
  /** A shopper uploads one or two photos per order, a few more when a photo comes out blurred. */
  perHour: 20,
  perDay: 50,
  /** Stored bytes of a customer's images not tied to an order or prescription: five full-size PDFs. */
  customerBytes: 50 * 1024 * 1024,
  /** A guest's (one browser session's): half a customer's, since a new session costs an attacker nothing. */
  guestBytes: 25 * 1024 * 1024,
} as const;

/**
 * How long an uploaded image not tied to an order or a saved prescription is kept (decision 47): a week, time for a
 * guest to finish the order they uploaded for, or come back to it from the cart reminder. The rx-image-expiry job
 * deletes it after that.
 */
export const RX_IMAGE_RETENTION_DAYS = 7;

/** How long the e-mailed upload link works: long enough for an order waiting for its prescription. */
export const UPLOAD_LINK_DAYS = 30;

/** What the shopper (or the API client) reads when an upload is refused; in the words of the store's other limits. */
export const UPLOAD_LIMIT_MESSAGES = {
  tooMany: "Too many uploads. Please try again later.",
  quota:
    "You've uploaded as many files as we can keep for now. Place your order, or remove an earlier upload, " +
    `and try again (each file up to ${MAX_UPLOAD_MEGABYTES} MB).`,
} as const;

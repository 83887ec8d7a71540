/**
 * Prescription uploads (spec 2 §3 Image upload, spec 3 "Accepted file types"): PDF, JPEG, PNG, HEIC and TIFF,
 * recognised by what the bytes are (their magic numbers), never by the file's name or the type the browser declared.
 * Pure, so the upload form checks a chosen file in the browser exactly as the server does.
 */

export const ACCEPTED_FILE_TYPES = ["pdf", "jpeg", "png", "heic", "tiff"] as const;
export type AcceptedFileType = (typeof ACCEPTED_FILE_TYPES)[number];

/** One upload's limit, for every type (decision 22). */
export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;
export const MAX_UPLOAD_MEGABYTES = MAX_UPLOAD_BYTES / (1024 * 1024);

/**
 * Spec 2 §4 "Prescription upload": an image is shrunk to at most 1280 px wide and high, as a JPEG of quality 0.6
 * (sharp's 60), before it is stored and read.
 */
export const MAX_IMAGE_SIDE = 1280;
export const JPEG_QUALITY = 60;

/**
 * The largest image decoded (issue 24, decision 47), checked from the file's header before decoding: 50 Mpx is a 48 MP
 * phone photo (8064 × 6048 = 48.8 Mpx) with room to spare, and a small file can claim huge sizes (a one-colour PNG of
 * 100 Mpx is a few hundred KB).
 */
export const MAX_INPUT_PIXELS = 50_000_000;

/** What the upload pages say they take. */
export const ACCEPTED_FILES_TEXT = `PDF, JPEG, PNG, HEIC or TIFF, up to ${MAX_UPLOAD_MEGABYTES} MB`;

/** The file input's `accept`: the spec's extensions and their media types (a hint to the picker; the bytes decide). */
export const UPLOAD_ACCEPT = [
  ".pdf",
  ".jpg",
  ".jpeg",
  ".png",
  ".heic",
  ".tif",
  ".tiff",
  "application/pdf",
  "image/jpeg",
  "image/png",
  "image/heic",
  "image/tiff",
].join(",");

/** The spec's upload extensions (spec 2 §3): jpeg, jpg, pdf, png, heic, tif, tiff. */
export const UPLOAD_EXTENSIONS = ["jpeg", "jpg", "pdf", "png", "heic", "tif", "tiff"] as const;

export const UPLOAD_MESSAGES = {
  noFile: "Choose a photo or scan of your prescription to upload.",
  empty: "That file is empty. Please choose another.",
  tooLarge: `That file is too large. Please choose one up to ${MAX_UPLOAD_MEGABYTES} MB.`,
  unsupported: "We can't read that kind of file. Please choose a PDF, JPEG, PNG, HEIC or TIFF file.",
  tooManyFiles: "Please upload one file at a time.",
  /** Spec 2 §8: the image could not be loaded to shrink it. */
  shrink: "Error shrinking image",
  /** Spec 2 §5: an upload result without a processed image. */
  noImage: "No image available",
  failed: "We couldn't save your prescription just now. Please try again.",
} as const;

/** How many leading bytes `sniffFileType` (and `sniffType`) needs. */
export const SNIFF_BYTES = 64;

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
/**
 * HEVC-coded HEIF brands (ISO/IEC 23008-12 Annex B): still images heic (main profile), heix (main 10 / range
 * extensions), heim and heis (multiview, scalable); image sequences hevc, hevx, hevm, hevs.
 */
const HEIC_BRANDS = new Set(["heic", "heix", "hevc", "hevx", "heim", "heis", "hevm", "hevs"]);
/** Generic HEIF brands: a HEIC file when its compatible brands name HEVC, an AVIF one when they name AV1. */
const HEIF_BRANDS = new Set(["mif1", "msf1"]);
const AVIF_BRANDS = new Set(["avif", "avis"]);

function startsWith(bytes: Uint8Array, signature: readonly number[], offset = 0): boolean {
  if (bytes.length < offset + signature.length) return false;
  return signature.every((byte, index) => bytes[offset + index] === byte);
}

const ascii = (bytes: Uint8Array, from: number, to: number) => String.fromCharCode(...bytes.subarray(from, to));

/** ISO-BMFF `ftyp` box at the start: its major brand and compatible brands (as far as the given bytes reach). */
function ftypBrands(bytes: Uint8Array): { major: string; compatible: string[] } | null {
  if (bytes.length < 12 || ascii(bytes, 4, 8) !== "ftyp") return null;
  const boxSize = ((bytes[0]! << 24) | (bytes[1]! << 16) | (bytes[2]! << 8) | bytes[3]!) >>> 0;
  if (boxSize < 16) return { major: ascii(bytes, 8, 12), compatible: [] };
  const compatible: string[] = [];
  for (let offset = 16; offset + 4 <= Math.min(boxSize, bytes.length); offset += 4) {
    compatible.push(ascii(bytes, offset, offset + 4));
  }
  return { major: ascii(bytes, 8, 12), compatible };
}

function isHeic(bytes: Uint8Array): boolean {
  const brands = ftypBrands(bytes);
  if (!brands) return false;
  if (HEIC_BRANDS.has(brands.major)) return true;
  if (!HEIF_BRANDS.has(brands.major)) return false;
  // A generic HEIF file is HEIC unless it says it is AVIF (AV1-coded, which the converter cannot decode).
  const hevc = brands.compatible.some((brand) => HEIC_BRANDS.has(brand));
  const av1 = brands.compatible.some((brand) => AVIF_BRANDS.has(brand));
  return hevc || !av1;
}

/** What the bytes can be recognised as: the accepted types, and two images an upload is refused as (WebP, GIF). */
export type SniffedType = AcceptedFileType | "webp" | "gif";

/**
 * The one sniffer of the store: the type the bytes are by their magic numbers, or null (empty, junk, or another
 * format). The upload checks take only the accepted types (`sniffFileType`); the reader also decodes a WebP.
 * Reads the first `SNIFF_BYTES`.
 */
export function sniffType(bytes: Uint8Array): SniffedType | null {
  if (startsWith(bytes, [0x25, 0x50, 0x44, 0x46, 0x2d])) return "pdf"; // %PDF-
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return "jpeg";
  if (startsWith(bytes, PNG_SIGNATURE)) return "png";
  if (startsWith(bytes, [0x49, 0x49, 0x2a, 0x00]) || startsWith(bytes, [0x4d, 0x4d, 0x00, 0x2a])) return "tiff";
  if (isHeic(bytes)) return "heic";
  if (startsWith(bytes, [0x52, 0x49, 0x46, 0x46]) && bytes.length >= 12 && ascii(bytes, 8, 12) === "WEBP")
    return "webp";
  if (startsWith(bytes, [0x47, 0x49, 0x46, 0x38])) return "gif"; // GIF8(7|9)a
  return null;
}

/** The accepted type the bytes are, or null (empty, junk, or another format). Reads the first `SNIFF_BYTES`. */
export function sniffFileType(bytes: Uint8Array): AcceptedFileType | null {
  const type = sniffType(bytes);
  return type === "webp" || type === "gif" ? null : type;
}

export const MEDIA_TYPES: Record<AcceptedFileType, string> = {
  pdf: "application/pdf",
  jpeg: "image/jpeg",
  png: "image/png",
  heic: "image/heic",
  tiff: "image/tiff",
};

/** Why a file can't be taken, before any decoding: the message the page shows, or null when it may go on. */
export function uploadProblem(file: { size: number; head: Uint8Array }): string | null {
  if (file.size === 0) return UPLOAD_MESSAGES.empty;
  if (file.size > MAX_UPLOAD_BYTES) return UPLOAD_MESSAGES.tooLarge;
  if (sniffFileType(file.head) === null) return UPLOAD_MESSAGES.unsupported;
  return null;
}

/** Whether a browser can show the file as an <img> preview (HEIC and TIFF it cannot, PDFs are no image). */
export function canPreview(type: AcceptedFileType | null): boolean {
  return type === "jpeg" || type === "png";
}

/**
 * The stored name (spec: rx_image-{timestamp}.{ext}, the timestamp in ms since the epoch). Images are stored as the
 * JPEG the shrink made, PDFs as they came.
 */
export function rxImageFileName(timestampMs: number, stored: "jpeg" | "pdf"): string {
  return `rx_image-${Math.trunc(timestampMs)}.${stored === "pdf" ? "pdf" : "jpg"}`;
}

export const ORIGINAL_FILE_NAME_MAX = 120;

/**
 * The name the shopper's file had, safe to keep and show: the last path segment, no control characters, quotes,
 * slashes or angle brackets, whitespace collapsed, at most `ORIGINAL_FILE_NAME_MAX` characters (the extension kept).
 */
export function sanitizeFileName(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? "";
  const cleaned = base
    .replace(/[\t\n\r]/g, " ")
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u001f\u007f-\u009f"<>|:*?`]/g, "")
    .replace(/[\u2028\u2029\u200b-\u200f\u202a-\u202e\u2066-\u2069\ufeff]/g, "")
    .replace(/\s+/g, " ")
    .trim()
    .replace(/^\.+/, "");
  if (!cleaned) return "prescription";
  const chars = [...cleaned];
  if (chars.length <= ORIGINAL_FILE_NAME_MAX) return cleaned;
  const dot = cleaned.lastIndexOf(".");
  const extension = dot > 0 && cleaned.length - dot <= 6 ? cleaned.slice(dot) : "";
  return chars.slice(0, ORIGINAL_FILE_NAME_MAX - extension.length).join("") + extension;
}

/** What the reader made of an upload, in the shopper's words (spec 2 §3 Image classification). */
export function classificationText(classification: string | null, contentType: string): string {
  switch (classification) {
    case "Prescription":
      return "It looks like a prescription.";
    case "Box":
      return "It looks like a contact lens box.";
    case "Human":
      return "It looks like a photo of a person rather than a prescription. If that's not right, you can upload another.";
    case "Other":
      return "We couldn't recognise a prescription in it. Our team will still look at it.";
    default:
      return contentType === "application/pdf"
        ? "It's a PDF document: our team will read it."
        : "Our team will read it when we check your order.";
  }
}

/** The upload page for an order waiting for its prescription (spec 2 §2: upload-rx?oid={orderNumber}). */
export function uploadRxPathFor(orderNumber: string): string {
  return `/upload-rx?oid=${encodeURIComponent(orderNumber)}`;
}

/** An order waits for the shopper's prescription while any of its groups is in PendingSubmission. */
export function awaitsPrescription(prescriptionStatuses: ReadonlyArray<string | null>): boolean {
  return prescriptionStatuses.includes("PendingSubmission");
}

import { PRIVATE_CACHE_CONTROL } from "~/models/http-cache";
import { fieldConfidence, type RxAnalysis } from "~/models/rx-analysis";
import type { RxImageRow, RxImageView } from "../prescriptions/rx-images.server";
import { imageView } from "../prescriptions/rx-images.server";

/**
 * The prescription images' JSON (spec 2 §3 Image upload: response items of processedImage, classification and
 * rxImageId) and their bytes as answered to their owner: never cached, never sniffed, sandboxed; images inline under the
 * stored name, PDFs as a download.
 */

export function uploadedImageJson(row: RxImageRow) {
  return {
    rxImageId: row.id,
    classification: imageView(row).classification,
    processedImage: {
      fileName: row.fileName,
      contentType: row.contentType,
      contentLength: row.contentLength,
      width: row.width,
      height: row.height,
    },
  };
}

export function imageMetadataJson(view: RxImageView) {
  const { rxImageId, fileName, contentType, contentLength, width, height, classification, uploadedAt } = view;
  return { rxImageId, fileName, contentType, contentLength, width, height, classification, uploadedAt };
}

/** The image's bytes: `private, no-store`, `nosniff`, sandboxed; a JPEG inline, a PDF as an attachment. */
export function imageBytesResponse(image: Pick<RxImageRow, "contentType" | "fileName">, bytes: Buffer): Response {
  const pdf = image.contentType === "application/pdf";
  // A stored PDF is the shopper's file as sent (it may carry scripts or forms): downloaded, never shown as a document
  // of the store's origin, and sandboxed should a browser open it anyway. Images (the store's own shrunk JPEGs) show
  // inline, as the pages' thumbnails, under the same sandbox (decision 47).
  const disposition = pdf ? "attachment" : "inline";
  return new Response(new Uint8Array(bytes), {
    status: 200,
    headers: {
      "Content-Type": pdf ? "application/pdf" : "image/jpeg",
      "Content-Length": String(bytes.length),
      "Cache-Control": PRIVATE_CACHE_CONTROL,
      "X-Content-Type-Options": "nosniff",
      "Content-Security-Policy": STORED_FILE_CSP,
      "Content-Disposition": `${disposition}; filename="${image.fileName.replace(/[^A-Za-z0-9._-]/g, "_")}"`,
    },
  });
}

/** Stored files' policy: a sandbox (no scripts, no forms, an opaque origin), and nothing loaded from anywhere. */
export const STORED_FILE_CSP = "sandbox; default-src 'none'; img-src 'self'; style-src 'unsafe-inline'";
/** The paths of every field an analysis holds ("OD.sphere", "patient.firstName", "prescriber.npi", "issueDate"). */
function foundPaths(analysis: RxAnalysis): string[] {
  const present = (value: unknown) => typeof value === "string" && value.trim() !== "";
  const paths: string[] = [];
  for (const [eye, values] of Object.entries(analysis.prescription)) {
    for (const [name, value] of Object.entries(values ?? {})) if (present(value)) paths.push(`${eye}.${name}`);
  }
  for (const [name, value] of Object.entries(analysis.patient)) if (present(value)) paths.push(`patient.${name}`);
  for (const [name, value] of Object.entries(analysis.prescriber ?? {}))
    if (present(value)) paths.push(`prescriber.${name}`);
  if (present(analysis.expirationDate)) paths.push("expirationDate");
  if (present(analysis.issueDate)) paths.push("issueDate");
  return paths;
}

/**
 * analyzeRxImage's answer (spec 2 §7: `{ prescription, patient }`): the per-eye values (brand included), the patient,
 * the expiration and issue dates, the prescriber (name, clinic, phone, licence, NPI), whether it is a glasses-only
 * prescription, and the reader's confidence (0–1) of every field returned, keyed by its path.
 */
export function analysisJson(analysis: RxAnalysis, correlationId: string) {
  const confidence = Object.fromEntries(foundPaths(analysis).map((path) => [path, fieldConfidence(analysis, path)]));
  return {
    prescription: analysis.prescription,
    patient: analysis.patient,
    expirationDate: analysis.expirationDate ?? null,
    issueDate: analysis.issueDate ?? null,
    prescriber: {
      name: analysis.prescriber?.name ?? null,
      clinicName: analysis.prescriber?.clinicName ?? null,
      phone: analysis.prescriber?.phone ?? null,
      license: analysis.prescriber?.license ?? null,
      npi: analysis.prescriber?.npi ?? null,
    },
    spectaclesOnly: analysis.spectaclesOnly === true,
    confidence,
    correlationId,
  };
}

/** A PDF's page image (PNG, drawn at upload): private, never sniffed, inline. */
export function pageImageResponse(bytes: Buffer): Response {
  return new Response(new Uint8Array(bytes), {
    status: 200,
    headers: {
      "Content-Type": "image/png",
      "Content-Length": String(bytes.length),
      "Cache-Control": PRIVATE_CACHE_CONTROL,
      "X-Content-Type-Options": "nosniff",
      "Content-Security-Policy": STORED_FILE_CSP,
      "Content-Disposition": 'inline; filename="prescription-page.png"',
    },
  });
}

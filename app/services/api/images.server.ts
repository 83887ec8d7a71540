import { PRIVATE_CACHE_CONTROL } from "~/models/http-cache";
import type { RxImageRow, RxImageView } from "../prescriptions/rx-images.server";
import { imageView } from "../prescriptions/rx-images.server";

/**
 * The prescription images' JSON (spec 2 §3 Image upload: response items of processedImage, classification and
 * rxImageId) and their bytes as answered to their owner: never cached, never sniffed, shown inline under the stored
 * name.
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

/** The image's bytes: `private, no-store`, `nosniff`, inline with its stored name; PDFs as application/pdf. */
export function imageBytesResponse(image: Pick<RxImageRow, "contentType" | "fileName">, bytes: Buffer): Response {
  const contentType = image.contentType === "application/pdf" ? "application/pdf" : "image/jpeg";
  return new Response(new Uint8Array(bytes), {
    status: 200,
    headers: {
      "Content-Type": contentType,
      "Content-Length": String(bytes.length),
      "Cache-Control": PRIVATE_CACHE_CONTROL,
      "X-Content-Type-Options": "nosniff",
      "Content-Disposition": `inline; filename="${image.fileName.replace(/[^A-Za-z0-9._-]/g, "_")}"`,
    },
  });
}

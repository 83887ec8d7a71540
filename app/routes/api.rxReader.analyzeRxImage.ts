import { randomUUID } from "node:crypto";
import { MAX_UPLOAD_BYTES, sniffFileType, UPLOAD_MESSAGES } from "~/models/file-type";
import { RX_READER_RATE_LIMIT } from "~/models/rate-limits";
import { READER_TIMEOUT_MS } from "~/models/rx-reading";
import {
  jsonError,
  methodNotAllowed,
  privateJson,
  readJsonBody,
  TOO_MANY_REQUESTS_MESSAGE,
} from "~/services/api/json.server";
import { requestInfoContext, servicesContext } from "~/services/platform/context.server";
import { consumeRateLimit } from "~/services/platform/rate-limit.server";
import { processUpload, ShrinkError } from "~/services/prescriptions/image-processing.server";
import { analyzeRxImageSchema } from "~/services/api/openapi/prescriptions.server";
import { analysisJson } from "~/services/api/images.server";
import type { Route } from "./+types/api.rxReader.analyzeRxImage";

/** Base64 of the largest upload, plus the JSON around it. */
const MAX_BODY_BYTES = Math.ceil(MAX_UPLOAD_BYTES / 3) * 4 + 16 * 1024;

function decodeImage(base64Image: string): Buffer | null {
  let text = base64Image;
  if (text.startsWith("data:")) {
    const comma = text.indexOf(",");
    if (comma <= "data:".length || !/;base64$/i.test(text.slice(0, comma))) return null;
    text = text.slice(comma + 1);
  }
  text = text.replace(/\s+/g, "");
  if (!/^[A-Za-z0-9+/_-]*={0,2}$/.test(text) || text.length % 4 === 1) return null;
  return Buffer.from(text, text.includes("-") || text.includes("_") ? "base64url" : "base64");
}

/**
 * POST api/rxReader/analyzeRxImage (spec 2 §7): JSON `{ base64Image, models, mime, correlationId, sessionId }` →
 * the reader's result `{ prescription, patient, correlationId }` and every other field it found (expiration and issue
 * dates, prescriber, clinic, phone, licence, NPI), each with its confidence (`analysisJson`), or `null` when it found
 * none, failed or took more
 * than 30 s (no message). The image is checked by its bytes (what `mime` says is not taken for it) and shrunk as an
 * upload is; at most 10 MB decoded. 400 for input it can't take, 413 too large, 429 past 20 readings in 10 minutes.
 */
export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST") return methodNotAllowed("POST");
  const body = await readJsonBody(request, analyzeRxImageSchema, {
    maxBytes: MAX_BODY_BYTES,
    tooLarge: UPLOAD_MESSAGES.tooLarge,
  });
  const bytes = decodeImage(body.base64Image);
  if (!bytes) return jsonError(400, "base64Image must be base64 or a base64 data URL.");
  if (bytes.length === 0) return jsonError(400, UPLOAD_MESSAGES.empty);
  if (bytes.length > MAX_UPLOAD_BYTES) return jsonError(413, UPLOAD_MESSAGES.tooLarge);
  const type = sniffFileType(bytes.subarray(0, 64));
  if (!type) return jsonError(400, UPLOAD_MESSAGES.unsupported);

  const services = context.get(servicesContext);
  const { clientIp } = context.get(requestInfoContext);
  const rule = { bucket: `rx-reader:ip:${clientIp}`, ...RX_READER_RATE_LIMIT };
  if (!(await consumeRateLimit(services.db, [rule]))) {
    return jsonError(429, TOO_MANY_REQUESTS_MESSAGE, { headers: { "Retry-After": String(rule.windowSeconds) } });
  }
  let processed;
  try {
    processed = await processUpload(bytes, type);
  } catch (error) {
    if (error instanceof ShrinkError) return jsonError(400, UPLOAD_MESSAGES.shrink);
    throw error;
  }
  const correlationId = body.correlationId || randomUUID();
  const reading = await services.rxReader
    .read(
      { bytes: processed.bytes, contentType: processed.contentType },
      { timeoutMs: READER_TIMEOUT_MS, correlationId },
    )
    .catch(() => null);
  const analysis = reading?.analysis ?? null;
  if (!analysis) return privateJson(null);
  return privateJson(analysisJson(analysis, correlationId));
}

export function loader() {
  return methodNotAllowed("POST");
}

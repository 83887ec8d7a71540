import { createHash } from "node:crypto";
import { AwsV4Signer } from "aws4fetch";
import type { AppConfig } from "~/services/platform/config.server";
import type { ImageStore } from "./image-store";

type S3Config = Extract<AppConfig["imageStore"], { kind: "s3" }>;

/** One request's time limit: the bytes are at most a shrunk image or a 10 MB PDF. */
const REQUEST_TIMEOUT_MS = 15_000;

export class ImageStoreError extends Error {
  override name = "ImageStoreError";
}

const sha256Hex = (data: Uint8Array) => createHash("sha256").update(data).digest("hex");

/** RFC 3986 percent-encoding of one path segment, as SigV4 canonicalises it (encodeURIComponent leaves !'()* alone). */
const encodeSegment = (text: string) =>
  encodeURIComponent(text).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

/**
 * An S3-compatible bucket (AWS S3, MinIO, R2, ...) over fetch, signed with AWS Signature V4 by aws4fetch's signer:
 * PUT, GET and DELETE of objects at path-style URLs `{endpoint}/{bucket}/{key}`. The payload is signed (its SHA-256
 * in x-amz-content-sha256, not UNSIGNED-PAYLOAD), and so is every header sent. aws4fetch's own `fetch` is not used:
 * it retries a 5xx up to 10 times, and a failed put must come back to the caller (whose job retries with backoff).
 * Objects are private (no ACL is set: buckets default to private), so the bytes are only ever served through the
 * store's owner-checked routes. Errors never name the key's image or its owner: keys are random.
 */
export function createS3ImageStore(
  config: S3Config,
  fetchImpl: typeof fetch = (...args) => fetch(...args),
): ImageStore {
  const base = config.endpoint.replace(/\/+$/, "");
  const objectUrl = (key: string) =>
    `${base}/${encodeSegment(config.bucket)}/${key.split("/").map(encodeSegment).join("/")}`;

  async function send(method: "PUT" | "GET" | "DELETE", key: string, body?: Buffer, contentType?: string) {
    const bytes = body ? new Uint8Array(body) : new Uint8Array();
    const headers: Record<string, string> = { "x-amz-content-sha256": sha256Hex(bytes) };
    if (body) headers["content-type"] = contentType ?? "application/octet-stream";
    // The endpoint is any S3-compatible host, so the service and region are given, never guessed from the host name.
    const signed = await new AwsV4Signer({
      method,
      url: objectUrl(key),
      headers,
      accessKeyId: config.accessKeyId,
      secretAccessKey: config.secretAccessKey,
      region: config.region,
      service: "s3",
      allHeaders: true,
    }).sign();
    try {
      return await fetchImpl(signed.url, {
        method,
        headers: signed.headers,
        body: body ? bytes : undefined,
        signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
      });
    } catch (error) {
      throw new ImageStoreError(`S3 ${method} did not answer`, { cause: error });
    }
  }

  const failed = async (method: string, response: Response) => {
    // The error document names the code (SignatureDoesNotMatch, AccessDenied, ...): useful, and not personal.
    const text = await response.text().catch(() => "");
    const code = /<Code>([^<]{1,64})<\/Code>/.exec(text)?.[1] ?? "";
    return new ImageStoreError(`S3 ${method} failed: ${response.status}${code ? ` ${code}` : ""}`);
  };

  return {
    kind: "s3",
    async put(key, bytes, contentType) {
      const response = await send("PUT", key, bytes, contentType);
      if (!response.ok) throw await failed("PUT", response);
      await response.arrayBuffer();
    },
    async get(key) {
      const response = await send("GET", key);
      if (response.status === 404) {
        await response.arrayBuffer();
        return null;
      }
      if (!response.ok) throw await failed("GET", response);
      const bytes = Buffer.from(await response.arrayBuffer());
      return { bytes, contentType: response.headers.get("content-type") ?? "application/octet-stream" };
    },
    async delete(key) {
      const response = await send("DELETE", key);
      // S3 answers 204 whether or not the key existed; some compatible stores answer 404 for a missing one.
      if (!response.ok && response.status !== 404) throw await failed("DELETE", response);
      await response.arrayBuffer();
    },
  };
}

import type { AppConfig } from "~/services/platform/config.server";
import type { ImageStore } from "./image-store";
import { EMPTY_PAYLOAD_HASH, sha256Hex, signRequest, uriEncode } from "./sigv4.server";

type S3Config = Extract<AppConfig["imageStore"], { kind: "s3" }>;

/** One request's time limit: the bytes are at most a shrunk image or a 10 MB PDF. */
const REQUEST_TIMEOUT_MS = 15_000;

export class ImageStoreError extends Error {
  override name = "ImageStoreError";
}

/**
 * An S3-compatible bucket (AWS S3, MinIO, R2, ...) over fetch, signed with AWS Signature V4: PUT, GET and DELETE of
 * objects at path-style URLs `{endpoint}/{bucket}/{key}`. Objects are private (no ACL is set: buckets default to
 * private), so the bytes are only ever served through the store's owner-checked routes. Errors never name the key's
 * image or its owner: keys are random.
 */
export function createS3ImageStore(
  config: S3Config,
  fetchImpl: typeof fetch = (...args) => fetch(...args),
): ImageStore {
  const credentials = {
    accessKeyId: config.accessKeyId,
    secretAccessKey: config.secretAccessKey,
    region: config.region,
  };
  const base = config.endpoint.replace(/\/+$/, "");
  const objectUrl = (key: string) =>
    new URL(`${base}/${uriEncode(config.bucket)}/${key.split("/").map(uriEncode).join("/")}`);

  async function send(method: "PUT" | "GET" | "DELETE", key: string, body?: Buffer, contentType?: string) {
    const url = objectUrl(key);
    const headers = signRequest(credentials, {
      method,
      url,
      headers: body ? { "content-type": contentType ?? "application/octet-stream" } : {},
      payloadHash: body ? sha256Hex(body) : EMPTY_PAYLOAD_HASH,
    });
    try {
      return await fetchImpl(url, {
        method,
        headers,
        body: body ? new Uint8Array(body) : undefined,
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

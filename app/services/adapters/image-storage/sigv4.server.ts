import { createHash, createHmac } from "node:crypto";

/**
 * AWS Signature Version 4 for S3-compatible requests (header-based), with node:crypto only. Path-style URLs; every
 * request carries `x-amz-content-sha256` (the payload's hash) and `x-amz-date`, both signed, with `host`.
 * https://docs.aws.amazon.com/AmazonS3/latest/API/sig-v4-header-based-auth.html
 */

export interface SigningCredentials {
  accessKeyId: string;
  secretAccessKey: string;
  region: string;
  service?: string;
}

export interface SignInput {
  method: string;
  url: URL;
  /** Headers to send and sign besides host, x-amz-date and x-amz-content-sha256 (names in any case). */
  headers?: Record<string, string>;
  /** Hex SHA-256 of the body (of the empty string when none). */
  payloadHash: string;
  now?: Date;
}

export const sha256Hex = (data: string | Uint8Array) => createHash("sha256").update(data).digest("hex");
export const EMPTY_PAYLOAD_HASH = sha256Hex("");

const hmac = (key: string | Buffer, data: string) => createHmac("sha256", key).update(data).digest();

/** RFC 3986 percent-encoding, as SigV4 wants it (encodeURIComponent leaves !'()* alone). */
export function uriEncode(text: string): string {
  return encodeURIComponent(text).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

/** The path with each segment encoded once (S3 does not double-encode). The URL's own path is already encoded. */
function canonicalPath(url: URL): string {
  return (
    url.pathname
      .split("/")
      .map((segment) => uriEncode(decodeURIComponent(segment)))
      .join("/") || "/"
  );
}

function canonicalQuery(url: URL): string {
  return [...url.searchParams]
    .map(([name, value]) => [uriEncode(name), uriEncode(value)] as const)
    .sort(([a, av], [b, bv]) => (a < b ? -1 : a > b ? 1 : av < bv ? -1 : av > bv ? 1 : 0))
    .map(([name, value]) => `${name}=${value}`)
    .join("&");
}

/** 20130524T000000Z */
export const amzDate = (date: Date) =>
  date
    .toISOString()
    .replace(/[-:]/g, "")
    .replace(/\.\d{3}/, "");

/** The headers to send: the given ones plus x-amz-date, x-amz-content-sha256 and Authorization. */
export function signRequest(credentials: SigningCredentials, input: SignInput): Record<string, string> {
  const service = credentials.service ?? "s3";
  const date = amzDate(input.now ?? new Date());
  const day = date.slice(0, 8);
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(input.headers ?? {})) headers[name.toLowerCase()] = value;
  headers["x-amz-date"] = date;
  headers["x-amz-content-sha256"] = input.payloadHash;
  const signed: Record<string, string> = { ...headers, host: input.url.host };
  const names = Object.keys(signed).sort();
  const canonicalHeaders = names.map((name) => `${name}:${signed[name]!.trim().replace(/\s+/g, " ")}\n`).join("");
  const signedHeaders = names.join(";");
  const canonicalRequest = [
    input.method.toUpperCase(),
    canonicalPath(input.url),
    canonicalQuery(input.url),
    canonicalHeaders,
    signedHeaders,
    input.payloadHash,
  ].join("\n");
  const scope = `${day}/${credentials.region}/${service}/aws4_request`;
  const stringToSign = ["AWS4-HMAC-SHA256", date, scope, sha256Hex(canonicalRequest)].join("\n");
  const key = hmac(
    hmac(hmac(hmac(`AWS4${credentials.secretAccessKey}`, day), credentials.region), service),
    "aws4_request",
  );
  const signature = createHmac("sha256", key).update(stringToSign).digest("hex");
  headers.authorization =
    `AWS4-HMAC-SHA256 Credential=${credentials.accessKeyId}/${scope}, ` +
    `SignedHeaders=${signedHeaders}, Signature=${signature}`;
  return headers;
}

import { createHash, createHmac } from "node:crypto";
import { http, type HttpHandler } from "msw";

/**
 * An S3-compatible bucket for msw: objects in memory, and every request's AWS Signature V4 checked the way S3 checks
 * it — recomputed here from the request as it arrives (written apart from the client's signer, so a mistake in one
 * is not repeated in the other). A bad signature, an unknown key id, a stale date or a body that does not match its
 * x-amz-content-sha256 is a 403 with S3's error document; a missing key is a 404 NoSuchKey.
 */

export interface S3MockOptions {
  endpoint: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
}

export interface S3Mock {
  handlers: HttpHandler[];
  objects: Map<string, { bytes: Buffer; contentType: string }>;
  /** The next request is answered with this status (a 5xx: the store's trouble) before anything else. */
  failNext(status: number): void;
  /** Requests answered, as "METHOD key status". */
  log: string[];
}

const hex = (data: string | Buffer) => createHash("sha256").update(data).digest("hex");
const mac = (key: string | Buffer, data: string) => createHmac("sha256", key).update(data).digest();

const errorDocument = (status: number, code: string, message: string) =>
  new Response(
    `<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>${code}</Code><Message>${message}</Message></Error>`,
    { status, headers: { "Content-Type": "application/xml" } },
  );

export function createS3Mock(options: S3MockOptions): S3Mock {
  const objects = new Map<string, { bytes: Buffer; contentType: string }>();
  const failures: number[] = [];
  const log: string[] = [];
  const prefix = `/${options.bucket}/`;

  /** Null when the request is signed as S3 would accept it; otherwise S3's 403. */
  function checkSignature(request: Request, body: Buffer): Response | null {
    const url = new URL(request.url);
    const authorization = request.headers.get("authorization") ?? "";
    const parts =
      /^AWS4-HMAC-SHA256 Credential=([^/]+)\/(\d{8})\/([^/]+)\/s3\/aws4_request, ?SignedHeaders=([a-z0-9;-]+), ?Signature=([0-9a-f]{64})$/.exec(
        authorization,
      );
    if (!parts) return errorDocument(403, "AccessDenied", "Missing or malformed Authorization");
    const [, keyId, day, region, signedHeaders, signature] = parts as unknown as string[];
    if (keyId !== options.accessKeyId) return errorDocument(403, "InvalidAccessKeyId", "Unknown key");
    if (region !== options.region) return errorDocument(403, "AuthorizationHeaderMalformed", "Wrong region");
    const date = request.headers.get("x-amz-date") ?? "";
    if (!/^\d{8}T\d{6}Z$/.test(date) || date.slice(0, 8) !== day) {
      return errorDocument(403, "AccessDenied", "Bad x-amz-date");
    }
    const at = Date.UTC(
      +date.slice(0, 4),
      +date.slice(4, 6) - 1,
      +date.slice(6, 8),
      +date.slice(9, 11),
      +date.slice(11, 13),
      +date.slice(13, 15),
    );
    if (Math.abs(Date.now() - at) > 15 * 60 * 1000) return errorDocument(403, "RequestTimeTooSkewed", "Skewed");
    const payloadHash = request.headers.get("x-amz-content-sha256") ?? "";
    const names = signedHeaders!.split(";");
    if (!names.includes("host") || !names.includes("x-amz-date") || !names.includes("x-amz-content-sha256")) {
      return errorDocument(403, "AccessDenied", "Required headers unsigned");
    }
    if (payloadHash !== hex(body)) return errorDocument(400, "XAmzContentSHA256Mismatch", "Body hash mismatch");
    const headerValue = (name: string) =>
      name === "host" ? (request.headers.get("host") ?? url.host) : (request.headers.get(name) ?? "");
    const query = [...url.searchParams]
      .map(([name, value]) => `${encodeURIComponent(name)}=${encodeURIComponent(value)}`)
      .sort()
      .join("&");
    const canonical = [
      request.method,
      url.pathname,
      query,
      names.map((name) => `${name}:${headerValue(name).trim()}\n`).join(""),
      signedHeaders,
      payloadHash,
    ].join("\n");
    const scope = `${day}/${region}/s3/aws4_request`;
    const toSign = `AWS4-HMAC-SHA256\n${date}\n${scope}\n${hex(canonical)}`;
    const signingKey = mac(mac(mac(mac(`AWS4${options.secretAccessKey}`, day!), region!), "s3"), "aws4_request");
    const expected = createHmac("sha256", signingKey).update(toSign).digest("hex");
    if (expected !== signature) return errorDocument(403, "SignatureDoesNotMatch", "Signature mismatch");
    return null;
  }

  const keyOf = (request: Request) => decodeURIComponent(new URL(request.url).pathname.slice(prefix.length));

  async function answer(request: Request, handle: (key: string, body: Buffer) => Response) {
    const key = keyOf(request);
    const failure = failures.shift();
    const body = Buffer.from(await request.arrayBuffer());
    const response =
      failure !== undefined
        ? errorDocument(failure, "InternalError", "We encountered an internal error. Please try again.")
        : (checkSignature(request, body) ?? handle(key, body));
    log.push(`${request.method} ${key} ${response.status}`);
    return response;
  }

  const objectUrl = `${options.endpoint.replace(/\/+$/, "")}${prefix}*`;
  const handlers = [
    http.put(objectUrl, ({ request }) =>
      answer(request, (key, body) => {
        objects.set(key, { bytes: body, contentType: request.headers.get("content-type") ?? "binary/octet-stream" });
        return new Response(null, { status: 200, headers: { ETag: `"${hex(body).slice(0, 32)}"` } });
      }),
    ),
    http.get(objectUrl, ({ request }) =>
      answer(request, (key) => {
        const object = objects.get(key);
        if (!object) return errorDocument(404, "NoSuchKey", "The specified key does not exist.");
        return new Response(new Uint8Array(object.bytes), {
          status: 200,
          headers: { "Content-Type": object.contentType, "Content-Length": String(object.bytes.length) },
        });
      }),
    ),
    http.delete(objectUrl, ({ request }) =>
      answer(request, (key) => {
        objects.delete(key);
        return new Response(null, { status: 204 });
      }),
    ),
  ];
  return { handlers, objects, log, failNext: (status) => void failures.push(status) };
}

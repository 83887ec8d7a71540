/**
 * A streaming multipart/form-data parser with limits (RFC 7578), for the upload reader in http.server.ts. It keeps
 * only what it returns: each text field up to `maxFieldBytes`, each file up to `maxFileBytes`, and between parts no
 * more than a delimiter's length of the stream. It stops at the first limit passed, without reading further.
 */

export type MultipartProblem = "malformed" | "file-too-large" | "too-many-files" | "too-many-fields";

export class MultipartError extends Error {
  override name = "MultipartError";
  constructor(readonly problem: MultipartProblem) {
    super(`multipart: ${problem}`);
  }
}

export interface MultipartLimits {
  maxFileBytes: number;
  maxFiles: number;
  maxFields: number;
  maxFieldBytes: number;
  /** One part's headers (default 8 KB). */
  maxHeaderBytes?: number;
}

export interface MultipartFile {
  field: string;
  /** As the browser sent it (untrusted: sanitise before keeping or showing). */
  fileName: string;
  /** As the browser declared it (untrusted: the bytes say what the file is). */
  declaredType: string;
  bytes: Buffer;
}

export interface MultipartBody {
  fields: Array<[name: string, value: string]>;
  files: MultipartFile[];
}

/** The boundary of a `multipart/form-data` Content-Type (RFC 2046: 1 to 70 characters), or null. */
export function multipartBoundary(contentType: string | null): string | null {
  if (!contentType) return null;
  const [type, ...params] = contentType.split(";");
  if (type!.trim().toLowerCase() !== "multipart/form-data") return null;
  for (const param of params) {
    const match = /^\s*boundary\s*=\s*(?:"([^"]{1,70})"|([^\s";]{1,70}))\s*$/i.exec(param);
    if (match) {
      const boundary = match[1] ?? match[2]!;
      return /^[0-9A-Za-z'()+_,\-./:=? ]*[0-9A-Za-z'()+_,\-./:=?]$/.test(boundary) ? boundary : null;
    }
  }
  return null;
}

const CRLF = Buffer.from("\r\n");
const HEADERS_END = Buffer.from("\r\n\r\n");
const DISPOSITION_PARAM = /;\s*([!#$%&'*+.^_`|~0-9A-Za-z-]+)\s*=\s*(?:"((?:[^"\\]|\\.)*)"|([^;\s]*))/g;

interface PartHeaders {
  name: string;
  fileName: string | null;
  contentType: string;
}

function parseHeaders(block: string): PartHeaders {
  let disposition: string | null = null;
  let contentType = "";
  for (const line of block.split("\r\n")) {
    const colon = line.indexOf(":");
    if (colon <= 0) throw new MultipartError("malformed");
    const name = line.slice(0, colon).trim().toLowerCase();
    const value = line.slice(colon + 1).trim();
    if (name === "content-disposition") disposition = value;
    else if (name === "content-type") contentType = value.slice(0, 200);
  }
  if (!disposition || !/^form-data\s*(;|$)/i.test(disposition)) throw new MultipartError("malformed");
  const params = new Map<string, string>();
  for (const match of disposition.matchAll(DISPOSITION_PARAM)) {
    const value = match[2] !== undefined ? match[2].replace(/\\(.)/g, "$1") : match[3]!;
    params.set(match[1]!.toLowerCase(), value);
  }
  const name = params.get("name");
  if (name === undefined || name === "") throw new MultipartError("malformed");
  return { name, fileName: params.get("filename") ?? null, contentType };
}

type State = "preamble" | "delimiter" | "headers" | "body" | "done";

/**
 * Parses the chunks of a multipart body. Throws `MultipartError` for a malformed body or a limit passed; the caller
 * bounds the body's total size (the chunks it hands over).
 */
export async function parseMultipart(
  chunks: AsyncIterable<Uint8Array>,
  boundary: string,
  limits: MultipartLimits,
): Promise<MultipartBody> {
  const delimiter = Buffer.from(`\r\n--${boundary}`);
  const maxHeaderBytes = limits.maxHeaderBytes ?? 8 * 1024;
  const result: MultipartBody = { fields: [], files: [] };
  // The body's first delimiter has no CRLF before it: one is put in front so every delimiter looks the same.
  let buffer: Buffer = Buffer.from(CRLF);
  let state: State = "preamble";
  let part: (PartHeaders & { chunks: Buffer[]; size: number }) | null = null;

  const append = (bytes: Buffer) => {
    if (!part || bytes.length === 0) return;
    part.size += bytes.length;
    if (part.fileName !== null && part.size > limits.maxFileBytes) throw new MultipartError("file-too-large");
    // A text field over its limit is refused as the form's malformed input (pages' fields are small).
    if (part.fileName === null && part.size > limits.maxFieldBytes) throw new MultipartError("malformed");
    part.chunks.push(bytes);
  };

  const finishPart = () => {
    if (!part) return;
    const bytes = Buffer.concat(part.chunks);
    if (part.fileName !== null) {
      // A file input left empty is sent as a part with an empty name and no bytes: no file.
      if (part.fileName !== "" || bytes.length > 0) {
        if (result.files.length >= limits.maxFiles) throw new MultipartError("too-many-files");
        result.files.push({ field: part.name, fileName: part.fileName, declaredType: part.contentType, bytes });
      }
    } else {
      if (result.fields.length >= limits.maxFields) throw new MultipartError("too-many-fields");
      result.fields.push([part.name, new TextDecoder("utf-8", { fatal: false }).decode(bytes)]);
    }
    part = null;
  };

  /** Moves through the buffer as far as it goes; false when more bytes are needed. */
  const step = (): boolean => {
    switch (state) {
      case "preamble": {
        const at = buffer.indexOf(delimiter);
        if (at < 0) {
          // Text before the first boundary is ignored; keep only what could be the start of one.
          buffer = buffer.subarray(Math.max(0, buffer.length - (delimiter.length - 1)));
          return false;
        }
        buffer = buffer.subarray(at + delimiter.length);
        state = "delimiter";
        return true;
      }
      case "delimiter": {
        if (buffer.length < 2) return false;
        if (buffer[0] === 0x2d && buffer[1] === 0x2d) {
          state = "done";
          return false;
        }
        const end = buffer.indexOf(CRLF);
        if (end < 0) {
          if (buffer.length > 256) throw new MultipartError("malformed");
          return false;
        }
        // Only linear white space may follow a boundary on its line.
        if (!/^[ \t]*$/.test(buffer.subarray(0, end).toString("latin1"))) throw new MultipartError("malformed");
        buffer = buffer.subarray(end + 2);
        state = "headers";
        return true;
      }
      case "headers": {
        if (buffer.length >= 2 && buffer[0] === 0x0d && buffer[1] === 0x0a) throw new MultipartError("malformed");
        const end = buffer.indexOf(HEADERS_END);
        if (end < 0) {
          if (buffer.length > maxHeaderBytes) throw new MultipartError("malformed");
          return false;
        }
        if (end > maxHeaderBytes) throw new MultipartError("malformed");
        const headers = parseHeaders(buffer.subarray(0, end).toString("utf8"));
        part = { ...headers, chunks: [], size: 0 };
        buffer = buffer.subarray(end + HEADERS_END.length);
        state = "body";
        return true;
      }
      case "body": {
        const at = buffer.indexOf(delimiter);
        if (at < 0) {
          const safe = buffer.length - (delimiter.length - 1);
          if (safe > 0) {
            append(buffer.subarray(0, safe));
            buffer = buffer.subarray(safe);
          }
          return false;
        }
        append(buffer.subarray(0, at));
        finishPart();
        buffer = buffer.subarray(at + delimiter.length);
        state = "delimiter";
        return true;
      }
      case "done":
        return false;
    }
  };

  for await (const chunk of chunks) {
    if ((state as State) === "done") continue; // the epilogue: read (the caller bounds it) and ignored
    buffer = buffer.length === 0 ? Buffer.from(chunk) : Buffer.concat([buffer, chunk]);
    while (step());
  }
  if ((state as State) !== "done") throw new MultipartError("malformed");
  return result;
}

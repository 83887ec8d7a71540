import {
  MaxFileSizeExceededError,
  MaxTotalSizeExceededError,
  MultipartParseError,
  MultipartParser,
  type MultipartPart,
} from "@remix-run/multipart-parser";

/**
 * Reading a multipart/form-data body (RFC 7578) within limits, for the upload reader in http.server.ts. The parsing
 * is @remix-run/multipart-parser's (the streaming parser under @remix-run/form-data-parser, whose `parseFormData`
 * would read the request itself and skip a part without a name); around it this module keeps what an upload form
 * needs: a limit for each kind of part and a count of each, each part's headers checked (a part with no `form-data`
 * disposition or no name is a broken form, not one to skip), and RFC 2046's preamble and epilogue, which the parser
 * refuses and a client may send. It keeps only what it returns, and stops at the first limit passed without reading
 * further.
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

/** Parts of any kind at most (files and fields are counted apart; empty file inputs are neither). */
const MAX_PARTS = 200;

/** Whether the parser has read the close delimiter (its `finish` throws until then, and changes nothing). */
function finished(parser: MultipartParser): boolean {
  try {
    parser.finish();
    return true;
  } catch {
    return false;
  }
}

/** A part's name, file name and declared type, from its headers; a part that is not a form field is malformed. */
function describe(part: MultipartPart): { name: string; fileName: string | null; declaredType: string } {
  let disposition: string | undefined;
  let name: string | undefined;
  let fileName: string | undefined;
  let declaredType: string;
  try {
    // Header bytes that are not UTF-8 make `headers` throw.
    disposition = part.headers["content-disposition"];
    name = part.name;
    fileName = part.filename;
    declaredType = (part.headers["content-type"] ?? "").slice(0, 200);
  } catch {
    throw new MultipartError("malformed");
  }
  if (!disposition || !/^form-data\s*(;|$)/i.test(disposition)) throw new MultipartError("malformed");
  if (!name) throw new MultipartError("malformed");
  return { name, fileName: fileName ?? null, declaredType };
}

/**
 * Parses the chunks of a multipart body. Throws `MultipartError` for a malformed body or a limit passed; the caller
 * bounds the body's total size (the chunks it hands over).
 */
export async function parseMultipart(
  chunks: AsyncIterable<Uint8Array>,
  boundary: string,
  limits: MultipartLimits,
): Promise<MultipartBody> {
  // The parser holds every part to one size while it streams: a file's. A text field is held to its own, smaller
  // limit when it ends (so at most a file's size of one is ever buffered).
  const parser = new MultipartParser(boundary, {
    maxHeaderSize: limits.maxHeaderBytes ?? 8 * 1024,
    maxFileSize: Math.max(limits.maxFileBytes, limits.maxFieldBytes),
    maxParts: MAX_PARTS,
  });
  const result: MultipartBody = { fields: [], files: [] };

  const take = (part: MultipartPart) => {
    const { name, fileName, declaredType } = describe(part);
    if (fileName !== null) {
      if (part.size > limits.maxFileBytes) throw new MultipartError("file-too-large");
      // A file input left empty is sent as a part with an empty file name and no bytes: no file.
      if (fileName === "" && part.size === 0) return;
      if (result.files.length >= limits.maxFiles) throw new MultipartError("too-many-files");
      result.files.push({ field: name, fileName, declaredType, bytes: Buffer.from(part.bytes) });
    } else {
      // A text field over its limit is refused as the form's malformed input (pages' fields are small).
      if (part.size > limits.maxFieldBytes) throw new MultipartError("malformed");
      if (result.fields.length >= limits.maxFields) throw new MultipartError("too-many-fields");
      result.fields.push([name, new TextDecoder("utf-8", { fatal: false }).decode(part.bytes)]);
    }
  };

  // The parser wants the body to open with its first delimiter. A preamble before it (RFC 2046) is dropped here: with
  // a CRLF put in front, the first delimiter is the first `CRLF--boundary`, wherever the chunks split it.
  const delimiter = Buffer.from(`\r\n--${boundary}`);
  let preamble: Buffer | null = Buffer.from("\r\n");
  let done = false;
  try {
    for await (const chunk of chunks) {
      if (done) continue; // the epilogue: read (the caller bounds it) and ignored
      let bytes: Uint8Array = chunk;
      if (preamble) {
        const buffer = Buffer.concat([preamble, chunk]);
        const at = buffer.indexOf(delimiter);
        if (at < 0) {
          preamble = buffer.subarray(Math.max(0, buffer.length - (delimiter.length - 1)));
          continue;
        }
        bytes = buffer.subarray(at + 2);
        preamble = null;
      }
      for (const part of parser.write(bytes)) take(part);
      done = finished(parser);
    }
  } catch (error) {
    if (error instanceof MultipartError) throw error;
    if (error instanceof MaxFileSizeExceededError || error instanceof MaxTotalSizeExceededError) {
      throw new MultipartError("file-too-large");
    }
    // The parser's other errors (MultipartParseError and its limits on headers and parts) are a broken body.
    if (error instanceof MultipartParseError) throw new MultipartError("malformed");
    throw error;
  }
  if (!done) throw new MultipartError("malformed");
  return result;
}

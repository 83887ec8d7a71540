import { data } from "react-router";
import type { z } from "zod";
import { dropCardSecrets } from "~/models/card";
import { hasForbiddenCharacters } from "~/models/request-input";
import {
  MultipartError,
  multipartBoundary,
  parseMultipart,
  type MultipartBody,
  type MultipartFile,
} from "./multipart.server";

/**
 * Reading request bodies within bounds (decision 5 and 16). Every action reads its input through `readForm` (pages)
 * or `readJsonObject` (the JSON API): a missing, oversized, duplicated, malformed or wrongly typed body is the
 * client's problem, answered with a 4xx and a message — never a 500, and never passed on to the database.
 */

/** Pages' forms are small: the largest (an address with a card) is well under 8 KB. */
export const FORM_MAX_BYTES = 32 * 1024;
/** JSON API bodies. */
export const JSON_MAX_BYTES = 16 * 1024;

export const BAD_FORM_MESSAGE = "We couldn't read that form. Please go back, check what you entered and try again.";

export class BadRequestError extends Error {
  override name = "BadRequestError";
  constructor(
    message: string,
    readonly status: 400 | 413 = 400,
  ) {
    super(message);
  }
}

function mediaType(request: Request): string {
  return (request.headers.get("content-type") ?? "").split(";")[0]!.trim().toLowerCase();
}

/** The body's bytes, at most `maxBytes` whatever the Content-Length claims. */
async function readLimited(request: Request, maxBytes: number, tooLarge: string): Promise<Uint8Array> {
  const declared = Number(request.headers.get("content-length") ?? "0");
  if (declared > maxBytes) throw new BadRequestError(tooLarge, 413);
  if (!request.body) return new Uint8Array();
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > maxBytes) {
      await reader.cancel();
      throw new BadRequestError(tooLarge, 413);
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks);
}

function decodeUrlEncoded(bytes: Uint8Array): URLSearchParams {
  const text = new TextDecoder("utf-8", { fatal: false }).decode(bytes);
  // URLSearchParams never throws on bad escapes; check them so a malformed body is a 400, not garbage.
  for (const part of text.split("&")) {
    if (!part) continue;
    try {
      decodeURIComponent(part.replace(/\+/g, " "));
    } catch {
      throw new BadRequestError("The form is malformed.");
    }
  }
  return new URLSearchParams(text);
}

async function decodeMultipart(request: Request, bytes: Uint8Array): Promise<FormData> {
  try {
    const copy = new Request(request.url, {
      method: "POST",
      headers: { "content-type": request.headers.get("content-type") ?? "" },
      body: new Blob([bytes as Uint8Array<ArrayBuffer>]),
    });
    return await copy.formData();
  } catch {
    throw new BadRequestError("The form is malformed.");
  }
}

/** Refuses a field sent twice (unless listed), and text no keyboard types (NUL and other control characters). */
function checkFields(entries: Iterable<[string, FormDataEntryValue]>, multiValued: readonly string[]): void {
  const seen = new Set<string>();
  for (const [name, value] of entries) {
    if (hasForbiddenCharacters(name)) throw new BadRequestError("The form has a field we don't know.");
    if (seen.has(name) && !multiValued.includes(name)) throw new BadRequestError(`The form sent "${name}" twice.`);
    seen.add(name);
    if (typeof value === "string" && hasForbiddenCharacters(value)) {
      throw new BadRequestError("The form has characters we can't accept.");
    }
  }
}

export interface ReadFormOptions {
  /** At most this many bytes (default `FORM_MAX_BYTES`). */
  maxBytes?: number;
  /** Fields that may come more than once (check-box groups). Any other field sent twice is refused. */
  multiValued?: readonly string[];
  /** What the shopper reads when the form can't be read (default `BAD_FORM_MESSAGE`). */
  message?: string;
  /**
   * Keep the card number and CVV: only pages with a card form ask, and they drop them again for any other intent
   * (`dropCardSecrets`). Everywhere else they are dropped here, so no reply can echo them into a page.
   */
  cardFields?: boolean;
}

/**
 * A page action's form: url-encoded or multipart, within `maxBytes`, every field once, no control characters.
 * Anything else (too large included) throws a 400 whose `{ error }` the error boundary shows in the page. The caller validates the
 * fields with its zod schema as before (Conform's `parseWithZod` takes the FormData).
 */
export async function readForm(request: Request, options: ReadFormOptions = {}): Promise<FormData> {
  try {
    return await readFormOrThrow(request, options);
  } catch (error) {
    if (error instanceof BadRequestError) {
      throw data({ error: options.message ?? BAD_FORM_MESSAGE }, { status: 400 });
    }
    throw error;
  }
}

async function readFormOrThrow(request: Request, options: ReadFormOptions): Promise<FormData> {
  const maxBytes = options.maxBytes ?? FORM_MAX_BYTES;
  const type = mediaType(request);
  if (type !== "application/x-www-form-urlencoded" && type !== "multipart/form-data") {
    throw new BadRequestError("Expected a form submission.");
  }
  const bytes = await readLimited(request, maxBytes, "The form is too large.");
  let form: FormData;
  if (type === "multipart/form-data") {
    form = await decodeMultipart(request, bytes);
  } else {
    form = new FormData();
    for (const [name, value] of decodeUrlEncoded(bytes)) form.append(name, value);
  }
  checkFields(form.entries(), options.multiValued ?? []);
  return options.cardFields ? form : dropCardSecrets(form);
}

/**
 * Reads and validates a small url-encoded form for a resource action. Anything unreadable, oversized or not
 * matching the schema is answered with a 400 and `message`.
 */
export async function parseSmallForm<S extends z.ZodType>(
  request: Request,
  schema: S,
  options: { maxBytes: number; message: string },
): Promise<z.infer<S>> {
  const form = await readForm(request, options);
  const parsed = schema.safeParse(Object.fromEntries(form));
  if (!parsed.success) throw data({ error: options.message }, { status: 400 });
  return parsed.data;
}

/** Whether any string in a parsed JSON value (keys included) holds a character `readForm` would refuse. */
function jsonHasForbiddenCharacters(value: unknown, depth = 0): boolean {
  if (depth > 32) return true;
  if (typeof value === "string") return hasForbiddenCharacters(value);
  if (Array.isArray(value)) return value.some((item) => jsonHasForbiddenCharacters(item, depth + 1));
  if (value && typeof value === "object") {
    return Object.entries(value).some(
      ([key, item]) => hasForbiddenCharacters(key) || jsonHasForbiddenCharacters(item, depth + 1),
    );
  }
  return false;
}

/**
 * The JSON API's body: `Content-Type: application/json`, at most `JSON_MAX_BYTES`, a JSON object, with no control
 * characters in its strings (`allowArray`: or a JSON list). `allowEmpty` lets a call with an optional body send
 * none. Throws `BadRequestError`; the JSON API's `readJson` (services/api/json.server.ts) turns it into the API's one
 * error shape.
 */
export async function readJsonObject(
  request: Request,
  options: { allowEmpty?: boolean; maxBytes?: number; allowArray?: boolean } = {},
): Promise<Record<string, unknown>> {
  const maxBytes = options.maxBytes ?? JSON_MAX_BYTES;
  const tooLarge = `The request body can be at most ${Math.round(maxBytes / 1024)} KB.`;
  const text = new TextDecoder().decode(await readLimited(request, maxBytes, tooLarge));
  const type = mediaType(request);
  // An empty body counts only when it is not a form's (HTML forms always send their own content type).
  if (text.trim() === "" && options.allowEmpty && (type === "" || type === "application/json")) return {};
  if (type !== "application/json") throw new BadRequestError("Send a JSON body with Content-Type: application/json.");
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw new BadRequestError("The request body is not valid JSON.");
  }
  if (typeof body !== "object" || body === null || (Array.isArray(body) && !options.allowArray)) {
    throw new BadRequestError(
      options.allowArray
        ? "The request body must be a JSON object or list."
        : "The request body must be a JSON object.",
    );
  }
  if (jsonHasForbiddenCharacters(body)) throw new BadRequestError("The request body has characters we can't accept.");
  return body as Record<string, unknown>;
}

// ---- Uploads ---------------------------------------------------------------------------------------------------

/** A file from an upload form (its name and declared type are the browser's word: untrusted). */
export type UploadedFile = MultipartFile;

export interface UploadForm {
  /** The text fields, checked as `readForm` checks a form (each once unless multi-valued, no control characters). */
  form: FormData;
  files: UploadedFile[];
}

export interface ReadUploadOptions {
  /** Each file at most this many bytes. */
  maxFileBytes: number;
  /** Files at most (default 1). */
  maxFiles?: number;
  /** Text fields at most (default 20), each at most `FORM_MAX_BYTES`. */
  maxFields?: number;
  multiValued?: readonly string[];
}

export type UploadProblem = "malformed" | "too-large" | "too-many-files";

/** Why an upload was refused: `problem` picks the shopper's message, `status` the API's answer. */
export class UploadRefusedError extends BadRequestError {
  override name = "UploadRefusedError";
  constructor(
    readonly problem: UploadProblem,
    message: string,
  ) {
    super(message, problem === "too-large" ? 413 : 400);
  }
}

/** The body's chunks; stopping early leaves the stream as it is (the caller lets it go). */
async function* chunksOf(reader: ReadableStreamDefaultReader<Uint8Array>, counter: { bytes: number; max: number }) {
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return;
    counter.bytes += value.byteLength;
    if (counter.bytes > counter.max) throw new UploadRefusedError("too-large", "The upload is too large.");
    yield value;
  }
}

/**
 * A refused upload's remaining bytes are left unread, not cancelled: cancelling would close the connection before the
 * answer is written, and the browser would show a connection error instead of the message. The server reads the rest
 * away after answering, within bounds (server/request-bodies.ts).
 */
function letGo(reader: ReadableStreamDefaultReader<Uint8Array>): void {
  reader.releaseLock();
}

/**
 * An upload form (multipart/form-data) within bounds: refused by its Content-Length before any byte is read, and
 * while streaming as soon as a file passes `maxFileBytes` or the body passes what the limits allow. Files are kept in
 * memory (at most `maxFiles` × `maxFileBytes`); nothing unbounded is ever buffered. Throws `UploadRefusedError`.
 * Every other form goes through `readForm` (32 KB).
 */
export async function readUpload(request: Request, options: ReadUploadOptions): Promise<UploadForm> {
  const maxFiles = options.maxFiles ?? 1;
  const maxFields = options.maxFields ?? 20;
  const boundary = multipartBoundary(request.headers.get("content-type"));
  if (!boundary) throw new UploadRefusedError("malformed", "Expected a form submission with a file.");
  // The files, plus the text fields and every part's headers.
  const maxBody = maxFiles * options.maxFileBytes + FORM_MAX_BYTES;
  const declared = Number(request.headers.get("content-length") ?? "0");
  if (!request.body) throw new UploadRefusedError("malformed", "The form is malformed.");
  const reader = request.body.getReader();
  const tooLarge = () => new UploadRefusedError("too-large", "The upload is too large.");
  if (declared > maxBody) {
    letGo(reader);
    throw tooLarge();
  }
  const counter = { bytes: 0, max: maxBody };
  let body: MultipartBody;
  try {
    body = await parseMultipart(chunksOf(reader, counter), boundary, {
      maxFileBytes: options.maxFileBytes,
      maxFiles,
      maxFields,
      maxFieldBytes: FORM_MAX_BYTES,
    });
  } catch (error) {
    const problem: UploadProblem | null =
      error instanceof UploadRefusedError
        ? error.problem
        : error instanceof MultipartError
          ? error.problem === "file-too-large"
            ? "too-large"
            : error.problem === "too-many-files"
              ? "too-many-files"
              : "malformed"
          : null;
    if (problem === null) throw error;
    letGo(reader);
    if (problem === "too-large") throw tooLarge();
    if (problem === "too-many-files") throw new UploadRefusedError("too-many-files", "Upload one file at a time.");
    throw new UploadRefusedError("malformed", "The form is malformed.");
  }
  const form = new FormData();
  for (const [name, value] of body.fields) form.append(name, value);
  try {
    checkFields(form.entries(), options.multiValued ?? []);
    for (const file of body.files) {
      if (hasForbiddenCharacters(file.field)) throw new BadRequestError("The form has a field we don't know.");
    }
  } catch (error) {
    if (error instanceof BadRequestError) throw new UploadRefusedError("malformed", error.message);
    throw error;
  }
  return { form: dropCardSecrets(form), files: body.files };
}

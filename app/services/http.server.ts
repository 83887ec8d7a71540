import { data } from "react-router";
import type { z } from "zod";

/** Reading request bodies within bounds: bad or oversized input is the client's problem, answered with a 4xx. */

export class BadRequestError extends Error {
  override name = "BadRequestError";
  constructor(
    message: string,
    readonly status: 400 | 413 | 415 = 400,
  ) {
    super(message);
  }
}

/** Reads an url-encoded form of at most `maxBytes`, whatever the Content-Length claims. */
export async function readUrlEncodedForm(request: Request, maxBytes: number): Promise<URLSearchParams> {
  const type = (request.headers.get("content-type") ?? "").split(";")[0]?.trim().toLowerCase();
  if (type !== "application/x-www-form-urlencoded") throw new BadRequestError("Expected a form submission.", 415);
  const declared = Number(request.headers.get("content-length") ?? "0");
  if (declared > maxBytes) throw new BadRequestError("The form is too large.", 413);
  if (!request.body) return new URLSearchParams();
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > maxBytes) {
      await reader.cancel();
      throw new BadRequestError("The form is too large.", 413);
    }
    chunks.push(value);
  }
  const text = new TextDecoder("utf-8", { fatal: false }).decode(Buffer.concat(chunks));
  try {
    // URLSearchParams never throws on bad escapes; check them so a malformed body is a 400, not garbage.
    for (const part of text.split("&")) if (part) decodeURIComponent(part.replace(/\+/g, " "));
  } catch {
    throw new BadRequestError("The form is malformed.");
  }
  return new URLSearchParams(text);
}

/**
 * Reads and validates a small url-encoded form for a resource action. Anything unreadable, oversized or not
 * matching the schema is answered with a 400 and `message` — never a 500.
 */
export async function parseSmallForm<S extends z.ZodType>(
  request: Request,
  schema: S,
  options: { maxBytes: number; message: string },
): Promise<z.infer<S>> {
  let form: URLSearchParams;
  try {
    form = await readUrlEncodedForm(request, options.maxBytes);
  } catch (error) {
    if (error instanceof BadRequestError) throw data({ error: error.message }, { status: 400 });
    throw error;
  }
  const parsed = schema.safeParse(Object.fromEntries(form));
  if (!parsed.success) throw data({ error: options.message }, { status: 400 });
  return parsed.data;
}

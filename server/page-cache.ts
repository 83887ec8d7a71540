import type { Request, RequestHandler, Response } from "express";
import { isMobileUserAgent } from "~/models/device";
import { isbot } from "isbot";

export interface PageCacheOptions {
  /** How long a page is kept. Short: it only absorbs bursts; shared caches do the long keeping. */
  ttlMs: number;
  maxEntries: number;
  /** Cookies that make a page personal: a request carrying one is never served from, nor stored in, the cache. */
  personalCookies: string[];
  /**
   * The part of the key that follows the visitor's campaign variations (the same page differs by variation); null
   * sends the request to the app uncached (it changes the visit).
   */
  variantKey?: (req: Request) => Promise<string | null>;
  now?: () => number;
}

interface Entry {
  expires: number;
  status: number;
  headers: Record<string, string>;
  body: Buffer;
  /** The CSP nonce the page was rendered with; replaced by each response's own nonce. */
  nonce: string;
}

const STORED_HEADERS = ["content-type", "cache-control", "vary", "content-language"];

/**
 * A short in-process cache for anonymous pages the app marked `Cache-Control: public` (catalog and content
 * pages): the cheapest request is one that is not rendered twice. Personal requests pass straight through.
 */
export function pageCache(options: PageCacheOptions): RequestHandler {
  const entries = new Map<string, Entry>();
  const now = options.now ?? Date.now;
  const personal = new RegExp(`(?:^|;\\s*)(?:${options.personalCookies.map(escapeRegExp).join("|")})=`);

  return async (req, res, next) => {
    if (req.method !== "GET" || req.get("authorization") || personal.test(req.get("cookie") ?? "")) return next();
    let variant = "";
    if (options.variantKey) {
      try {
        const found = await options.variantKey(req);
        if (found === null) return next();
        variant = found;
      } catch (error) {
        return next(error);
      }
    }
    // Phones apart: a phone's page may carry the proactive chat window (decision 63), a desktop's never does.
    const userAgent = req.get("user-agent") ?? "";
    const device = isbot(userAgent) ? "bot" : isMobileUserAgent(userAgent) ? "phone" : "person";
    const key = `${device} ${variant} ${req.originalUrl}`;
    const nonce = String(res.locals.nonce ?? "");

    const hit = entries.get(key);
    if (hit && hit.expires > now()) {
      res.status(hit.status);
      for (const [name, value] of Object.entries(hit.headers)) res.setHeader(name, value);
      res.setHeader("X-Page-Cache", "hit");
      const isHtml = (hit.headers["content-type"] ?? "").startsWith("text/html");
      res.end(isHtml && hit.nonce && nonce ? replaceAll(hit.body, hit.nonce, nonce) : hit.body);
      return;
    }
    if (hit) entries.delete(key);

    capture(res, (body) => {
      const cacheControl = String(res.getHeader("cache-control") ?? "");
      if (res.statusCode !== 200 || !/\bpublic\b/.test(cacheControl) || res.getHeader("set-cookie")) return;
      const headers: Record<string, string> = {};
      for (const name of STORED_HEADERS) {
        const value = res.getHeader(name);
        if (value !== undefined) headers[name] = String(value);
      }
      if (entries.size >= options.maxEntries) entries.delete(entries.keys().next().value as string);
      entries.set(key, { expires: now() + options.ttlMs, status: 200, headers, body, nonce });
    });
    res.setHeader("X-Page-Cache", "miss");
    next();
  };
}

/** Collects what the app writes (before compression, which sits outside) and hands it over when it ends. */
function capture(res: Response, done: (body: Buffer) => void) {
  const chunks: Buffer[] = [];
  const write = res.write.bind(res) as (...args: unknown[]) => boolean;
  const end = res.end.bind(res) as (...args: unknown[]) => Response;
  const keep = (chunk: unknown, encoding: unknown) => {
    if (chunk === undefined || chunk === null || typeof chunk === "function") return;
    chunks.push(
      Buffer.isBuffer(chunk)
        ? chunk
        : typeof chunk === "string"
          ? Buffer.from(chunk, typeof encoding === "string" ? (encoding as BufferEncoding) : "utf8")
          : Buffer.from(chunk as Uint8Array),
    );
  };
  res.write = ((chunk: unknown, ...rest: unknown[]) => {
    keep(chunk, rest[0]);
    return write(chunk, ...rest);
  }) as Response["write"];
  res.end = ((chunk?: unknown, ...rest: unknown[]) => {
    keep(chunk, rest[0]);
    const result = end(chunk, ...rest);
    done(Buffer.concat(chunks));
    return result;
  }) as Response["end"];
}

function replaceAll(body: Buffer, from: string, to: string): Buffer {
  return Buffer.from(body.toString("utf8").split(from).join(to), "utf8");
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

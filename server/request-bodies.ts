import type { IncomingMessage } from "node:http";
import type { RequestHandler } from "express";
import { MAX_UPLOAD_BYTES, UPLOAD_MESSAGES } from "~/models/file-type";
import { FORM_MAX_BYTES } from "~/services/platform/http.server";

/**
 * Request bodies the store will not read are answered, not cut off (issue 24, decision 47).
 *
 * - A body declared larger than any route takes (`MAX_REQUEST_BODY_BYTES`: one upload and its form's fields) gets a
 *   413 at once, before a byte of it is read: JSON for `api/*`, a short page for a form. An `Expect: 100-continue`
 *   client is told so before it sends anything.
 * - Whenever an answer goes out before its body has all come in (this 413, a route that refused a body by its size
 *   or its form, a cross-site post), the rest is read and dropped for a while, then the connection is closed. Closing
 *   a socket that still has unread data makes the kernel send a reset, and a client that is still sending then loses
 *   the answer with the connection; reading on for a moment lets the answer arrive first. The reading is bounded in
 *   time and bytes (`LINGER_MS`, `LINGER_BYTES`), so a client that keeps sending, or sends nothing more, cannot hold
 *   the connection.
 */

/** The largest body any route reads: an upload (one file of at most 10 MB) and its form's text fields. */
export const MAX_REQUEST_BODY_BYTES = MAX_UPLOAD_BYTES + FORM_MAX_BYTES;
/** How long the rest of an unread body is read and dropped after the answer, at most. */
export const LINGER_MS = 5_000;
/** How much of it, at most (enough for a browser on a fast line to finish sending a refused 10 MB file). */
export const LINGER_BYTES = 32 * 1024 * 1024;

const TOO_LARGE_PAGE = (message: string) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>File too large | Lenslane</title>` +
  `<meta name="viewport" content="width=device-width, initial-scale=1"></head><body><main>` +
  `<h1>That file is too large</h1><p role="alert">${message}</p><p>Go back and choose a smaller file, or ` +
  `<a href="/">go to the home page</a>.</p></main></body></html>`;

/** The declared Content-Length, or null when the body is chunked (or has none). */
function declaredLength(req: IncomingMessage): number | null {
  const header = req.headers["content-length"];
  if (header === undefined || !/^\d+$/.test(header)) return null;
  return Number(header);
}

/** After the answer, reads and drops what is left of the body (bounded), then closes the connection if it is not done. */
function lingerAfterAnswer(req: IncomingMessage, options: { lingerMs: number; lingerBytes: number }): void {
  if (req.complete || req.destroyed) return;
  // Whoever read the body before (the router's stream, now paused) has its answer: from here the bytes are dropped.
  req.removeAllListeners("data");
  let dropped = 0;
  const close = () => req.socket?.destroy();
  const timer = setTimeout(close, options.lingerMs);
  timer.unref();
  req.on("data", (chunk: Buffer) => {
    dropped += chunk.length;
    if (dropped > options.lingerBytes) {
      clearTimeout(timer);
      close();
    }
  });
  req.once("end", () => clearTimeout(timer));
  req.once("close", () => clearTimeout(timer));
  req.resume();
}

export function requestBodyLimits(
  options: { maxBytes?: number; lingerMs?: number; lingerBytes?: number } = {},
): RequestHandler {
  const maxBytes = options.maxBytes ?? MAX_REQUEST_BODY_BYTES;
  const linger = { lingerMs: options.lingerMs ?? LINGER_MS, lingerBytes: options.lingerBytes ?? LINGER_BYTES };
  return (req, res, next) => {
    res.once("finish", () => lingerAfterAnswer(req, linger));
    const declared = declaredLength(req);
    if (declared === null || declared <= maxBytes) {
      // server.js hands `Expect: 100-continue` requests here: a body that may be sent is asked for now.
      if (req.headers.expect?.toLowerCase() === "100-continue") res.writeContinue();
      return next();
    }
    res.status(413).set("Cache-Control", "private, no-store");
    if (req.path.startsWith("/api/")) {
      res.json({ error: UPLOAD_MESSAGES.tooLarge });
    } else {
      res.type("html").send(TOO_LARGE_PAGE(UPLOAD_MESSAGES.tooLarge));
    }
  };
}

import type { RequestHandler } from "express";

/**
 * Security headers for every response. The Content-Security-Policy allows inline scripts only with this
 * response's nonce (React Router's hydration scripts carry it); styles allow inline attributes because the promo
 * ribbon's colours come from the content system.
 */
export function securityHeaders(options: { production: boolean; reportOnly: boolean }): RequestHandler {
  return (_req, res, next) => {
    const nonce = String(res.locals.nonce);
    const policy = [
      "default-src 'self'",
      `script-src 'self' 'nonce-${nonce}'`,
      "style-src 'self' 'unsafe-inline'",
      "img-src 'self' data:",
      "font-src 'self'",
      "connect-src 'self'",
      "form-action 'self'",
      "frame-ancestors 'none'",
      "base-uri 'self'",
      "object-src 'none'",
    ].join("; ");
    // Vite's development client injects scripts and styles of its own; there the policy only reports.
    res.setHeader(options.reportOnly ? "Content-Security-Policy-Report-Only" : "Content-Security-Policy", policy);
    res.setHeader("X-Content-Type-Options", "nosniff");
    res.setHeader("Referrer-Policy", "strict-origin-when-cross-origin");
    res.setHeader("X-Frame-Options", "DENY");
    res.setHeader("Cross-Origin-Opener-Policy", "same-origin");
    res.setHeader("Permissions-Policy", "geolocation=(), microphone=(), payment=(self)");
    if (options.production) res.setHeader("Strict-Transport-Security", "max-age=31536000; includeSubDomains");
    next();
  };
}

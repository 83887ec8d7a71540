import { z } from "zod";

// Its own module (zod only): the dialogs' forms check it in the browser, without the promo ribbon's luxon rules.

/** A site-relative path to go back to: never another site ("//evil", "/\evil", "https://..."). */
export const safeReturnPathSchema = z
  .string()
  .max(2048)
  .regex(/^\/(?![/\\])[^\s]*$/, "must be a path on this site");

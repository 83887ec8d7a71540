/**
 * Per-client limits on the store's anonymous endpoints that cost work or could be guessed at, each
 * `{ limit, windowSeconds }` (counted in the database: services/platform/rate-limit.server.ts; decision 18). The spec
 * sets no numbers for these; they are the store's own. The other limits sit beside the rules they guard, named
 * `*_RATE_LIMIT(S)` so one search finds them all: sign-in, PIN, reset, account creation, account lookups and password
 * changes in auth-limits.ts, uploads in upload-limits.ts, chat in chat-words.ts, review reports in reviews.ts, the
 * card lock in card.ts.
 */

/**
 * A guest's prescription request (/prescription-request) pairs an order number with an e-mail, which someone could
 * guess at: 20 tries per 15 minutes per address. Signed-in customers are not counted.
 */
export const PRESCRIPTION_REQUEST_RATE_LIMIT = { limit: 20, windowSeconds: 15 * 60 } as const;

/**
 * POST api/rxReader/analyzeRxImage (spec 2 §7) runs the prescription reader on the store's CPU: a few readings a
 * minute per address is what a shopper needs, so 20 in 10 minutes.
 */
export const RX_READER_RATE_LIMIT = { limit: 20, windowSeconds: 10 * 60 } as const;

/**
 * GET api/coupon/unique (spec 2 §7) issues a new single-use code per call: 30 calls an hour per address. Every call
 * that could issue a code counts, unknown names too, so names cannot be guessed quickly.
 */
export const UNIQUE_COUPON_RATE_LIMIT = { limit: 30, windowSeconds: 60 * 60 } as const;

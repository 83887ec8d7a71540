import { index, integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";

/**
 * The simulated insurance eligibility service's own table (issue 27, decision 52): what a real provider keeps on its
 * side. One row per member benefit search, keyed by the hash of the search token (the token itself is the caller's
 * capability and is never stored). The criteria are matched against the seeded members when the search starts and
 * then forgotten: no name, date of birth or ZIP is kept, only the member it matched (or none) and how many times the
 * result was read, which is what makes an answer arrive only after a few polls on any number of processes.
 */
export const simulatedInsuranceSearches = pgTable(
  "simulated_insurance_searches",
  {
    tokenHash: text("token_hash").primaryKey(),
    /** The seeded member the criteria matched; null when none did (the answer is NotFound). */
    memberKey: text("member_key"),
    /** Results read so far (each read adds one, atomically). */
    polls: integer("polls").notNull().default(0),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    /** After this the search is gone (read as a 404) and the next search deletes it. */
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  },
  (table) => [index("simulated_insurance_searches_expires_idx").on(table.expiresAt)],
);

import { PgTransaction } from "drizzle-orm/pg-core";
import type { Executor } from "./client.server";

/**
 * Short-lived, per-process copies of what changes rarely and every shopper's page reads (decision 27): the
 * promotions table. N processes run on one Postgres, so a copy lives 5 s at most, and a writer in this
 * process clears it at once (`clearProcessCaches`). Reads inside a transaction (placing an order, a change under a
 * cart's lock) never use it: what an order is priced with is read fresh, under the lock.
 *
 * Entries are kept per database handle (a test file may open several), and a load in flight is shared, so a burst of
 * requests after expiry reads the table once.
 */
export const PROCESS_CACHE_TTL_MS = 5_000;

let ttlMs = PROCESS_CACHE_TTL_MS;
let caches = new WeakMap<object, Map<string, { loadedAt: number; value: Promise<unknown> }>>();

export function cachedPerProcess<T>(db: Executor, name: string, load: () => Promise<T>): Promise<T> {
  if (ttlMs <= 0 || db instanceof PgTransaction) return load();
  let entries = caches.get(db);
  if (!entries) {
    entries = new Map();
    caches.set(db, entries);
  }
  const now = Date.now();
  const entry = entries.get(name);
  if (entry && now - entry.loadedAt < ttlMs) return entry.value as Promise<T>;
  const value = load();
  const fresh = { loadedAt: now, value };
  entries.set(name, fresh);
  // A failed load is not kept.
  value.catch(() => {
    if (entries.get(name) === fresh) entries.delete(name);
  });
  return value;
}

/** Writers of cached tables (the seed; tests that write rows directly) call this so the next read is fresh. */
export function clearProcessCaches(): void {
  caches = new WeakMap();
}

/** How long a copy lives (0: no caching). For tests and tools; the server keeps the default. */
export function setProcessCacheTtl(ms: number): void {
  ttlMs = ms;
  clearProcessCaches();
}

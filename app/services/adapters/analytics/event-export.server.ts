import type { Database } from "~/services/db/client.server";
import { storedEventsPage } from "./event-table.server";

/**
 * The stored analytics events as newline-delimited JSON (`npm run events:export`, decision 59): one event per line,
 * oldest first, read in pages so any number of events streams in bounded memory. Each line has the clickstream
 * record's fields in the store's spelling, plus the visitor id, the detail, the data and when it was recorded and
 * forwarded.
 */

export const EXPORT_PAGE_SIZE = 1000;

export interface ExportOptions {
  /** Only events of this type (e.g. OrderPlaced). */
  type?: string;
}

/** Writes every stored event as one JSON line through `write` (awaited, so a slow file or pipe holds the reading). */
export async function exportEvents(
  db: Database,
  write: (line: string) => Promise<void> | void,
  options: ExportOptions = {},
): Promise<number> {
  let afterId = 0;
  let written = 0;
  for (;;) {
    const rows = await storedEventsPage(db, { afterId, limit: EXPORT_PAGE_SIZE, type: options.type });
    for (const row of rows) {
      const line = {
        eventId: row.eventId,
        eventType: row.eventType,
        eventTime: row.eventTime.toISOString(),
        sourceDomain: row.sourceDomain,
        customerId: row.customerId,
        visitorId: row.visitorId,
        sessionId: row.sessionId,
        audience: row.audience,
        detail: row.detail,
        tags: row.tags,
        data: row.data,
        recordedAt: row.recordedAt.toISOString(),
        forwardedAt: row.forwardedAt?.toISOString() ?? null,
      };
      await write(`${JSON.stringify(line)}\n`);
      written++;
    }
    if (rows.length < EXPORT_PAGE_SIZE) return written;
    afterId = rows[rows.length - 1]!.id;
  }
}

import { eq, sql } from "drizzle-orm";
import type { Database } from "~/services/db/client.server";
import { storedImages } from "~/services/db/schema";
import type { ImageStore } from "./image-store";

/** The embedded default: image bytes in the stored_images table (bytea). */
export function createDatabaseImageStore(db: Database): ImageStore {
  return {
    kind: "database",
    async put(key, bytes, contentType) {
      // Sent as hex text, encoded natively: PGlite's own bytea parameter encoding runs a JavaScript loop per byte
      // (about 60 ms for a shrunk photo, seconds for a 10 MB PDF) that holds the event loop (issue 24).
      const data = sql`decode(${bytes.toString("hex")}, 'hex')`;
      await db
        .insert(storedImages)
        .values({ key, contentType, data })
        .onConflictDoUpdate({ target: storedImages.key, set: { contentType, data } });
    },
    async get(key) {
      const [row] = await db
        .select({ data: storedImages.data, contentType: storedImages.contentType })
        .from(storedImages)
        .where(eq(storedImages.key, key));
      return row ? { bytes: row.data, contentType: row.contentType } : null;
    },
    async delete(key) {
      await db.delete(storedImages).where(eq(storedImages.key, key));
    },
  };
}

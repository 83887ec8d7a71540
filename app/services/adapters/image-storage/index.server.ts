import type { AppConfig } from "~/services/platform/config.server";
import type { Database } from "~/services/db/client.server";
import { createDatabaseImageStore } from "./database-store.server";
import type { ImageStore } from "./image-store";
import { createS3ImageStore } from "./s3-store.server";

/** Chosen once at start-up from IMAGE_STORE: the database (embedded default) or an S3-compatible bucket. */
export function createImageStore(config: AppConfig, db: Database): ImageStore {
  return config.imageStore.kind === "s3" ? createS3ImageStore(config.imageStore) : createDatabaseImageStore(db);
}

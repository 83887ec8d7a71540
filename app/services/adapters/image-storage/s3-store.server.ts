import type { AppConfig } from "~/services/platform/config.server";
import type { ImageStore } from "./image-store";

type S3Config = Extract<AppConfig["imageStore"], { kind: "s3" }>;

/** An S3-compatible bucket (placeholder while the prescriptions issue is built). */
export function createS3ImageStore(config: S3Config): ImageStore {
  const unavailable = () => Promise.reject(new Error(`S3 image store for ${config.bucket} is not built yet`));
  return { kind: "s3", put: unavailable, get: unavailable, delete: unavailable };
}

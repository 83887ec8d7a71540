/**
 * Where prescription image bytes live. The embedded default keeps them in the database (stored_images), so N
 * processes on one Postgres share them and a prescription's images go with it; an S3-compatible bucket can be
 * configured instead (IMAGE_STORE=s3). Keys are opaque, chosen by the caller; images are never public.
 */
export interface ImageStore {
  readonly kind: "database" | "s3";
  put(key: string, bytes: Buffer, contentType: string): Promise<void>;
  /** Null when no object has the key. */
  get(key: string): Promise<{ bytes: Buffer; contentType: string } | null>;
  /** Deleting a missing key is not an error. */
  delete(key: string): Promise<void>;
}

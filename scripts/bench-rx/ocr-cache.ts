import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import type { RawImage } from "../../app/services/adapters/ocr/ocr-image.server";
import type { PaddleEngine } from "../../app/services/adapters/ocr/paddle-engine.server";
import type { OcrPool } from "../../app/services/adapters/ocr/tesseract-pool.server";

/**
 * `--ocr-cache DIR`: the engines' answers kept on disk by the bytes they were given, so a second run of the bench
 * reads only what changed since (the parser, the classifier) in seconds instead of OCR'ing every image again. The
 * preparation is deterministic, so the same fixture gives the same bytes. A change to the OCR or the preparation
 * needs a fresh folder. Times are meaningless with it (the bench says so).
 */
function key(kind: string, bytes: Uint8Array, extra = ""): string {
  return `${kind}-${createHash("sha256").update(bytes).update(extra).digest("hex").slice(0, 32)}.json`;
}

async function cached<T>(folder: string, name: string, work: () => Promise<T>): Promise<T> {
  const file = path.join(folder, name);
  if (fs.existsSync(file)) return JSON.parse(fs.readFileSync(file, "utf8")) as T;
  const result = await work();
  fs.writeFileSync(file, JSON.stringify(result));
  return result;
}

export function cachedPool(pool: OcrPool, folder: string): OcrPool {
  fs.mkdirSync(folder, { recursive: true });
  return {
    ...pool,
    recognize: (image, options) =>
      cached(folder, key("tesseract", image, JSON.stringify(options ?? {})), () => pool.recognize(image, options)),
  };
}

export function cachedPaddle(engine: PaddleEngine, folder: string): PaddleEngine {
  fs.mkdirSync(folder, { recursive: true });
  return {
    ...engine,
    read: (image, options) => {
      const bytes = Buffer.isBuffer(image) ? image : (image as RawImage).data;
      return cached(folder, key("paddle", bytes), () => engine.read(image, options));
    },
  };
}

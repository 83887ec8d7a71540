/** Writing fixture files and the manifest. */
import fs from "node:fs";
import path from "node:path";
import { type Manifest, type ManifestItem } from "./types";

export class FixtureWriter {
  readonly items: ManifestItem[] = [];

  constructor(readonly root: string) {}

  /** Writes bytes at a path relative to the root and records the item (in call order, so the manifest is stable). */
  write(item: ManifestItem, bytes: Uint8Array): void {
    this.reserve(item)(bytes);
  }

  /** Records an item whose bytes arrive later (a damaged copy still being made), keeping manifest order. */
  reserve(item: ManifestItem): (bytes: Uint8Array) => void {
    this.items.push(canonical(item));
    return (bytes) => {
      const target = path.join(this.root, item.file);
      fs.mkdirSync(path.dirname(target), { recursive: true });
      fs.writeFileSync(target, bytes);
    };
  }

  writeManifest(seed: number): Manifest {
    const manifest: Manifest = { version: 1, seed, items: this.items };
    fs.writeFileSync(path.join(this.root, "manifest.json"), JSON.stringify(manifest, null, 2) + "\n");
    return manifest;
  }
}

/** The keys in the documented order, so the manifest reads the same as its description. */
function canonical(item: ManifestItem): ManifestItem {
  const { file, variant, layout, family, heldOut, classification, font, contentType, truth } = item;
  return { file, variant, layout, family, heldOut, classification, font, contentType, truth };
}

/** Removes what a previous run wrote (only the generator's own folders), so stale files never linger. */
export function clearOutput(root: string, folders: readonly string[]): void {
  for (const folder of folders) fs.rmSync(path.join(root, folder), { recursive: true, force: true });
  fs.rmSync(path.join(root, "manifest.json"), { force: true });
  fs.mkdirSync(root, { recursive: true });
}

export function summarize(manifest: Manifest): string {
  const counts = new Map<string, number>();
  for (const item of manifest.items) {
    const key = `${item.heldOut ? "held-out " : ""}${item.classification}/${item.variant}`;
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  return [...counts.entries()].map(([k, n]) => `${k}: ${n}`).join(", ");
}

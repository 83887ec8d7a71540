import fs from "node:fs";
import os from "node:os";
import path from "node:path";

/**
 * Tests read a copy of content/ with every experiment paused: a running campaign hashes each new visitor into a
 * variation (a price book, a redirect), which would make a test's prices and pages depend on a random visitor id.
 * A test that needs a campaign asks for its variation with `?experiment=<id>:<variant>` (outside production), or
 * runs it in a content copy of its own (`withRunningExperiments`).
 */
export function pauseExperiments(contentDir: string, keepRunning: readonly string[] = []): void {
  const file = path.join(contentDir, "experiments.json");
  if (!fs.existsSync(file)) return;
  const content = JSON.parse(fs.readFileSync(file, "utf8")) as { experiments: Array<{ id: string; status?: string }> };
  for (const experiment of content.experiments) {
    experiment.status = keepRunning.includes(experiment.id) ? "running" : "paused";
  }
  fs.writeFileSync(file, JSON.stringify(content, null, 2));
}

let shared: string | null = null;

/** This process's copy of content/ with every experiment paused (made once, removed when the process ends). */
export function testContentDir(): string {
  if (shared) return shared;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "lenslane-test-content-"));
  fs.cpSync(path.resolve("content"), dir, { recursive: true });
  pauseExperiments(dir);
  process.once("exit", () => fs.rmSync(dir, { recursive: true, force: true }));
  shared = dir;
  return dir;
}

/** A copy of content/ where only the named experiments run (removed when the process ends). */
export function withRunningExperiments(ids: readonly string[]): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "lenslane-test-content-"));
  fs.cpSync(path.resolve("content"), dir, { recursive: true });
  pauseExperiments(dir, ids);
  process.once("exit", () => fs.rmSync(dir, { recursive: true, force: true }));
  return dir;
}

import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/**
 * Decision 26: the shell, which every page loads, ships no zod, luxon or Conform to the browser. This walks the
 * static imports (not `import type`, not dynamic `import()`: the dialogs' chunks load on their own) from the
 * components the root renders, and fails when one of them reaches those packages again, for instance a helper taken
 * from a module that also defines a schema (Rollup keeps a module's `z.object(…)` calls even when nothing uses them).
 */
const APP = path.resolve(__dirname, "../..");
const SHELL_ENTRIES = [
  "components/shell/SiteHeader.tsx",
  "components/shell/SiteFooter.tsx",
  "components/shell/PromoRibbon.tsx",
  "components/shell/PrescriptionReminder.tsx",
  "components/shell/PartnerRibbon.tsx",
  "components/shell/RecaptureBanner.tsx",
  "components/shell/AnalyticsDataLayer.tsx",
  "components/shell/NotFound.tsx",
  "components/shell/dialogs.ts",
  "components/checkout/ProgressBar.tsx",
  "components/ui/DialogSlot.tsx",
  "components/ui/Toast.tsx",
  "components/nonce.tsx",
  "components/chat/ChatLauncher.tsx",
  // What root.tsx itself uses in the browser (its loader's imports are stripped from the client build).
  "models/ad-choices-url.ts",
  "models/honeypot.ts",
  "models/page.ts",
  "models/site.ts",
  "services/adapters/content/defaults.ts",
  "zod-config.ts",
];
const HEAVY = /^(zod|luxon|@conform-to\/.*)(\/|$)/;

/** Value imports and re-exports of a module (type-only ones erased by TypeScript are left out). */
function staticImports(source: string): string[] {
  const specifiers: string[] = [];
  const pattern = /^(?:import|export)\s+(type\s+)?([^;]*?)\s*from\s*"([^"]+)";?|^import\s+"([^"]+)";?/gms;
  for (const match of source.matchAll(pattern)) {
    if (match[4]) {
      specifiers.push(match[4]);
      continue;
    }
    if (match[1]) continue;
    const names = match[2] ?? "";
    const braces = /\{([^}]*)\}/.exec(names);
    const outside = names.replace(/\{[^}]*\}/, "").replace(/[\s,]/g, "");
    const onlyTypes =
      braces !== null &&
      outside === "" &&
      braces[1]!
        .split(",")
        .map((part) => part.trim())
        .filter(Boolean)
        .every((part) => part.startsWith("type "));
    if (!onlyTypes) specifiers.push(match[3]!);
  }
  return specifiers;
}

function resolveAppModule(from: string, specifier: string): string | null {
  const base = specifier.startsWith("~/")
    ? path.join(APP, specifier.slice(2))
    : specifier.startsWith(".")
      ? path.resolve(path.dirname(from), specifier)
      : null;
  if (!base) return null;
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, path.join(base, "index.ts")]) {
    if (fs.existsSync(candidate) && fs.statSync(candidate).isFile()) return candidate;
  }
  throw new Error(`cannot resolve ${specifier} from ${from}`);
}

/** Every package the entries reach, with the chain of modules that leads to it. */
function reachedPackages(entries: string[]): Map<string, string[]> {
  const packages = new Map<string, string[]>();
  const seen = new Set<string>();
  const queue = entries.map((entry) => ({ file: path.join(APP, entry), chain: [entry] }));
  while (queue.length > 0) {
    const { file, chain } = queue.shift()!;
    if (seen.has(file)) continue;
    seen.add(file);
    for (const specifier of staticImports(fs.readFileSync(file, "utf8"))) {
      if (/\.css(\?url)?$/.test(specifier)) continue;
      const local = resolveAppModule(file, specifier);
      if (local) queue.push({ file: local, chain: [...chain, path.relative(APP, local)] });
      else if (!packages.has(specifier)) packages.set(specifier, chain);
    }
  }
  return packages;
}

describe("the shell's browser code (decision 26)", () => {
  it("reaches no zod, luxon or Conform", () => {
    const heavy = [...reachedPackages(SHELL_ENTRIES)]
      .filter(([specifier]) => HEAVY.test(specifier))
      .map(([specifier, chain]) => `${specifier} via ${chain.join(" → ")}`);
    expect(heavy).toEqual([]);
  });

  it("would notice: a schema module does reach them", () => {
    const packages = reachedPackages(["models/sign-in.ts", "models/prescriptions.ts"]);
    expect([...packages.keys()]).toEqual(expect.arrayContaining(["zod", "luxon"]));
  });
});

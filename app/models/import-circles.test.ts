import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

/**
 * Models import only models. A circle of their runtime imports can leave a model's value uninitialised when a file
 * of the circle is loaded first (it once left `productKind` undefined for some test files). Type-only imports are
 * erased, so they close no circle and are left out.
 */
const dir = path.dirname(fileURLToPath(import.meta.url));
const files = fs
  .readdirSync(dir)
  .filter((file) => /\.tsx?$/.test(file) && !/\.test\.tsx?$/.test(file))
  .map((file) => file.replace(/\.tsx?$/, ""));

/** The models a model imports at run time (relative `./x` or `~/models/x`; `import type` left out). */
function runtimeImports(name: string): string[] {
  const source = fs.readFileSync(path.join(dir, `${name}.ts`), "utf8");
  const found = new Set<string>();
  for (const match of source.matchAll(/^import\s+(?!type\s)[^;]*?from\s+"(?:\.\/|~\/models\/)([\w-]+)";/gms)) {
    if (files.includes(match[1]!)) found.add(match[1]!);
  }
  return [...found];
}

function circles(): string[][] {
  const graph = new Map(
    files.filter((name) => fs.existsSync(path.join(dir, `${name}.ts`))).map((n) => [n, runtimeImports(n)]),
  );
  const found: string[][] = [];
  const state = new Map<string, "visiting" | "done">();
  const stack: string[] = [];
  const visit = (name: string) => {
    state.set(name, "visiting");
    stack.push(name);
    for (const next of graph.get(name) ?? []) {
      if (state.get(next) === "visiting") found.push([...stack.slice(stack.indexOf(next)), next]);
      else if (!state.has(next)) visit(next);
    }
    stack.pop();
    state.set(name, "done");
  };
  for (const name of graph.keys()) if (!state.has(name)) visit(name);
  return found;
}

describe("the models' imports", () => {
  it("close no circle at run time", () => {
    expect(circles().map((circle) => circle.join(" → "))).toEqual([]);
  });

  it("would see one: the import graph is read (a model that imports others is found)", () => {
    expect(runtimeImports("funnel-steps")).toContain("product-order");
  });
});

// `npm run profile:summary DIR [N]`: what the CPU profiles in DIR (from `node --cpu-prof`, e.g. BENCH_CPU_PROFILE)
// spent their time on: self time by package (or app file) and the top N functions by self time, over all profiles.
import fs from "node:fs";
import path from "node:path";

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  hitCount?: number;
}
interface Profile {
  nodes: ProfileNode[];
  startTime: number;
  endTime: number;
  samples: number[];
  timeDeltas: number[];
}

const [dir, topArg] = process.argv.slice(2);
if (!dir) {
  console.error("usage: npm run profile:summary DIR [N]");
  process.exit(2);
}
const top = Number(topArg ?? 25);
const files = fs.readdirSync(dir).filter((file) => file.endsWith(".cpuprofile"));
if (files.length === 0) {
  console.error(`No .cpuprofile files in ${dir}`);
  process.exit(2);
}

/** Where a frame's code comes from: a package under node_modules, an app file, node itself, or the engine. */
function owner(url: string): string {
  if (!url) return "(engine: gc, idle, program)";
  if (url.startsWith("node:")) return "node core";
  const modules = url.lastIndexOf("node_modules/");
  if (modules >= 0) {
    const rest = url.slice(modules + "node_modules/".length).split("/");
    return rest[0]!.startsWith("@") ? `${rest[0]}/${rest[1]}` : rest[0]!;
  }
  const build = url.indexOf("/build/server/");
  if (build >= 0) return "app (build/server)";
  return path.basename(url);
}

const byOwner = new Map<string, number>();
const byFunction = new Map<string, number>();
let total = 0;
for (const file of files) {
  const profile = JSON.parse(fs.readFileSync(path.join(dir, file), "utf8")) as Profile;
  const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
  // Each sample's time is the delta to the next one.
  profile.samples.forEach((id, index) => {
    const micros = profile.timeDeltas[index + 1] ?? 0;
    const node = nodes.get(id)!;
    const { functionName, url, lineNumber } = node.callFrame;
    if (functionName === "(idle)") return;
    total += micros;
    const who = owner(url);
    byOwner.set(who, (byOwner.get(who) ?? 0) + micros);
    const key = `${functionName || "(anonymous)"}  ${who}:${lineNumber + 1}`;
    byFunction.set(key, (byFunction.get(key) ?? 0) + micros);
  });
}

const print = (title: string, entries: Map<string, number>, count: number) => {
  console.log(title);
  for (const [key, micros] of [...entries].sort((a, b) => b[1] - a[1]).slice(0, count)) {
    console.log(
      `  ${((micros / total) * 100).toFixed(1).padStart(5)}%  ${(micros / 1000).toFixed(0).padStart(7)} ms  ${key}`,
    );
  }
};
console.log(`${files.length} profile(s), ${(total / 1e6).toFixed(1)} s of CPU (idle left out)\n`);
print("Self time by owner", byOwner, 20);
console.log("");
print(`Top ${top} functions by self time`, byFunction, top);

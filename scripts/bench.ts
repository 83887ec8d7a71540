// `npm run bench`: start-up time and HTTP throughput/latency of the production server.
//
// 1. Builds with `npx react-router build` when build/server/index.js is missing.
// 2. Uses a data dir under os.tmpdir() that persists between runs; the first run (or a stale build, which
//    server.js would rebuild) gets one unmeasured warm-up start, so the measured start is "built tree,
//    existing data dir".
// 3. Spawns `node server.js` on a free loopback port and times spawn → first 200 from /healthcheck.
// 4. Serves the exact bytes of GET / from a bare node:http server in this process: the "ceiling".
// 5. Runs autocannon against each target at 1 and at 50 connections (1 s warm-up, then BENCH_DURATION s).
// 6. Prints a table and the target checks. Misses are reported, not asserted: the exit code is non-zero only
//    when the server does not start or a measured page answers non-2xx.
//
// Env: BENCH_DURATION (seconds per measured run, default 10).
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { fileURLToPath } from "node:url";
import autocannon from "autocannon";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const BUILD_ENTRY = path.join(ROOT, "build/server/index.js");
const DATA_DIR = path.join(os.tmpdir(), "lenslane-bench-data");
const HOST = "127.0.0.1";
const BROWSER_UA =
  "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36";
const REQUEST_HEADERS = { "user-agent": BROWSER_UA, accept: "text/html,application/xhtml+xml,*/*;q=0.8" };
const POLL_MS = 25;
const START_TIMEOUT_MS = 180_000; // generous: a start may include a rebuild by server.js
const KILL_AFTER_MS = 10_000;
const WARMUP_S = 1;
const CONCURRENCIES = [1, 50] as const;

const START_TARGET_MS = 3000;
const P50_TARGET_MS = 5;
const P99_TARGET_MS = 150;

interface Target {
  key: string;
  label: string;
  path: string;
  ceiling?: boolean;
  /** Extra request headers, e.g. a personal cookie so the page is rendered on every request. */
  headers?: Record<string, string>;
}

const TARGETS: Target[] = [
  { key: "home", label: "home /", path: "/" },
  // Anonymous pages are served from the 10 s page cache; a personal cookie makes every request a full render.
  {
    key: "home-render",
    label: "home / rendered (cookie)",
    path: "/",
    headers: { cookie: "disabledPromoBanner=true" },
  },
  { key: "list", label: "list /lenses/daily-disposables", path: "/lenses/daily-disposables" },
  {
    key: "product",
    label: "product /lens/acuvue-oasys-for-astigmatism-6-pack",
    path: "/lens/acuvue-oasys-for-astigmatism-6-pack",
  },
  { key: "content", label: "content /accessibility", path: "/accessibility" },
  // Filled in once the server runs: a session cookie whose cart holds three groups (see buildCart).
  { key: "cart", label: "cart /cart (3 groups)", path: "/cart", headers: {} },
  { key: "health", label: "/healthcheck", path: "/healthcheck" },
  { key: "ceiling", label: "ceiling (static bytes of /)", path: "/", ceiling: true },
];

interface Row {
  target: Target;
  connections: number;
  rps: number;
  p50: number;
  p99: number;
  non2xx: number;
  errors: number; // autocannon counts timeouts as errors too
  timeouts: number;
  requests: number;
}

class BenchError extends Error {
  override name = "BenchError";
}

// ---------------------------------------------------------------------------------------------------------
// Resources to release on every exit path.

let serverChild: ChildProcess | undefined;
let ceilingServer: http.Server | undefined;
let currentRun: autocannon.Instance | undefined;
let cleaningUp: Promise<void> | undefined;

function cleanup(): Promise<void> {
  cleaningUp ??= (async () => {
    currentRun?.stop();
    const closing = ceilingServer ? closeHttpServer(ceilingServer) : Promise.resolve();
    ceilingServer = undefined;
    await Promise.all([stopServer(serverChild), closing]);
    serverChild = undefined;
  })();
  return cleaningUp;
}

let interrupted = false;
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, () => {
    if (interrupted) return;
    interrupted = true;
    console.error(`\n${signal}: stopping…`);
    void cleanup().finally(() => process.exit(130));
  });
}
// Last resort if something exits the process without going through cleanup().
process.on("exit", () => {
  if (serverChild && serverChild.exitCode === null && serverChild.signalCode === null) serverChild.kill("SIGKILL");
});

// ---------------------------------------------------------------------------------------------------------
// Helpers.

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.unref();
    probe.on("error", reject);
    probe.listen(0, HOST, () => {
      const address = probe.address();
      const port = typeof address === "object" && address ? address.port : 0;
      probe.close(() => (port ? resolve(port) : reject(new BenchError("could not find a free port"))));
    });
  });
}

interface Fetched {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

/** A raw GET (no Accept-Encoding, so the bytes are the uncompressed document; no cookies). */
function get(url: string, timeoutMs = 10_000): Promise<Fetched> {
  return new Promise((resolve, reject) => {
    const request = http.get(url, { headers: REQUEST_HEADERS, agent: false, timeout: timeoutMs }, (response) => {
      const chunks: Buffer[] = [];
      response.on("data", (chunk: Buffer) => chunks.push(chunk));
      response.on("end", () =>
        resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }),
      );
      response.on("error", reject);
    });
    request.on("timeout", () => request.destroy(new Error(`GET ${url} timed out`)));
    request.on("error", reject);
  });
}

function closeHttpServer(server: http.Server): Promise<void> {
  return new Promise((resolve) => {
    server.close(() => resolve());
    server.closeAllConnections();
  });
}

function newestMtime(target: string): number {
  let stat: fs.Stats;
  try {
    stat = fs.statSync(target);
  } catch {
    return 0;
  }
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of fs.readdirSync(target)) newest = Math.max(newest, newestMtime(path.join(target, entry)));
  return newest;
}

function buildMtime(): number {
  try {
    return fs.statSync(BUILD_ENTRY).mtimeMs;
  } catch {
    return 0;
  }
}

/** Same rule as server.js: it rebuilds when any source is newer than build/server/index.js. */
function buildIsStale(): boolean {
  const dirs = ["app", "server", "public"];
  const files = ["vite.config.ts", "react-router.config.ts", "package.json", "package-lock.json"];
  const sourcesAt = Math.max(...[...dirs, ...files].map((entry) => newestMtime(path.join(ROOT, entry))));
  const builtAt = buildMtime();
  return builtAt === 0 || builtAt < sourcesAt;
}

function durationSeconds(): number {
  const raw = process.env.BENCH_DURATION;
  if (raw === undefined || raw.trim() === "") return 10;
  const value = Number(raw);
  if (!Number.isFinite(value) || value <= 0 || value > 3600) {
    throw new BenchError(`BENCH_DURATION must be a number of seconds in (0, 3600], got "${raw}"`);
  }
  return value;
}

// ---------------------------------------------------------------------------------------------------------
// The server child.

function forwardOutput(stream: NodeJS.ReadableStream | null, tail: string[]) {
  if (!stream) return;
  let pending = "";
  stream.setEncoding("utf8");
  stream.on("data", (chunk: string) => {
    pending += chunk;
    const lines = pending.split("\n");
    pending = lines.pop() ?? "";
    for (const line of lines) {
      if (!line.trim()) continue;
      process.stderr.write(`  [server] ${line}\n`);
      tail.push(line);
      if (tail.length > 40) tail.shift();
    }
  });
}

interface Started {
  child: ChildProcess;
  baseUrl: string;
  startMs: number;
}

/** Spawns `node server.js` and resolves at the first 200 from /healthcheck, with the time since spawn. */
async function startServer(): Promise<Started> {
  const port = await freePort();
  const baseUrl = `http://${HOST}:${port}`;
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST,
    DATA_DIR,
    LOG_LEVEL: "warn",
    NODE_ENV: "production",
  };
  // The bench measures the embedded database in DATA_DIR, whatever the shell has configured.
  delete env.DATABASE_URL;

  const tail: string[] = [];
  const spawnedAt = performance.now();
  const child = spawn(process.execPath, ["server.js"], { cwd: ROOT, env, stdio: ["ignore", "pipe", "pipe"] });
  serverChild = child;
  forwardOutput(child.stdout, tail);
  forwardOutput(child.stderr, tail);

  let exited: string | undefined;
  child.once("exit", (code, signal) => {
    exited = signal ? `signal ${signal}` : `code ${code}`;
  });
  child.once("error", (error) => {
    exited = `spawn error: ${error.message}`;
  });

  const url = `${baseUrl}/healthcheck`;
  for (;;) {
    if (interrupted) throw new BenchError("interrupted");
    if (exited) throw new BenchError(`server exited before answering /healthcheck (${exited})`);
    const elapsed = performance.now() - spawnedAt;
    if (elapsed > START_TIMEOUT_MS) {
      throw new BenchError(`server did not answer 200 on /healthcheck within ${START_TIMEOUT_MS / 1000} s`);
    }
    try {
      const response = await get(url, 1000);
      if (response.status === 200) return { child, baseUrl, startMs: performance.now() - spawnedAt };
    } catch {
      // Not listening yet.
    }
    await sleep(POLL_MS);
  }
}

/** SIGTERM, wait for the exit; SIGKILL after 10 s. */
function stopServer(child: ChildProcess | undefined): Promise<void> {
  if (!child || child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const killer = setTimeout(() => {
      console.error(`server did not exit within ${KILL_AFTER_MS / 1000} s of SIGTERM; sending SIGKILL`);
      child.kill("SIGKILL");
    }, KILL_AFTER_MS);
    child.once("exit", () => {
      clearTimeout(killer);
      resolve();
    });
    child.kill("SIGTERM");
  });
}

// ---------------------------------------------------------------------------------------------------------
// Load runs.

function percentile(sorted: Float64Array, p: number): number {
  if (sorted.length === 0) return NaN;
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[rank] ?? NaN;
}

interface RunOutcome {
  result: autocannon.Result;
  /** Per-response latencies of 2xx answers, in ms with sub-ms precision (autocannon's histogram keeps whole ms). */
  latencies: Float64Array;
}

function runLoad(
  url: string,
  connections: number,
  duration: number,
  extraHeaders: Record<string, string> = {},
): Promise<RunOutcome> {
  return new Promise((resolve, reject) => {
    const samples: number[] = [];
    const instance = autocannon(
      {
        url,
        connections,
        duration,
        pipelining: 1,
        timeout: 10,
        headers: { ...REQUEST_HEADERS, ...extraHeaders },
      },
      (error: unknown, result: autocannon.Result) => {
        currentRun = undefined;
        if (error) reject(error instanceof Error ? error : new Error(String(error)));
        else if (interrupted) reject(new BenchError("interrupted"));
        else resolve({ result, latencies: Float64Array.from(samples).sort() });
      },
    );
    currentRun = instance;
    instance.on("response", (_client, statusCode, _bytes, responseTime) => {
      if (statusCode >= 200 && statusCode < 300) samples.push(responseTime);
    });
  });
}

async function measure(target: Target, url: string, connections: number, duration: number): Promise<Row> {
  await runLoad(url, connections, WARMUP_S, target.headers); // not reported
  const { result, latencies } = await runLoad(url, connections, duration, target.headers);
  // No 2xx answer completed within the run: there is no latency to report (n/a, and the checks MISS).
  return {
    target,
    connections,
    rps: result.requests.average,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
    requests: result.requests.total,
  };
}

// ---------------------------------------------------------------------------------------------------------
// Output.

const ms = (value: number) => (Number.isFinite(value) ? value.toFixed(2) : "n/a");
const mark = (ok: boolean) => (ok ? "OK" : "MISS");

function printTable(rows: Row[]) {
  const ceilingRps = new Map<number, number>();
  for (const row of rows) if (row.target.ceiling) ceilingRps.set(row.connections, row.rps);
  const header = ["target", "conns", "req/s", "p50 ms", "p99 ms", "non-2xx", "err (t/o)", "% ceiling"];
  const body = rows.map((row) => {
    const ceiling = ceilingRps.get(row.connections);
    return [
      row.target.label,
      String(row.connections),
      row.rps.toFixed(1),
      ms(row.p50),
      ms(row.p99),
      String(row.non2xx),
      `${row.errors} (${row.timeouts})`,
      ceiling ? `${((row.rps / ceiling) * 100).toFixed(1)}%` : "n/a",
    ];
  });
  const widths = header.map((title, column) => Math.max(title.length, ...body.map((cells) => cells[column]!.length)));
  const line = (cells: string[]) =>
    cells
      .map((cell, column) => (column === 0 ? cell.padEnd(widths[column]!) : cell.padStart(widths[column]!)))
      .join("  ");
  console.log(line(header));
  console.log(widths.map((width) => "-".repeat(width)).join("  "));
  for (const cells of body) console.log(line(cells));
}

function printChecks(rows: Row[]) {
  const find = (key: string, connections: number) =>
    rows.find((row) => row.target.key === key && row.connections === connections);

  const c1 = ["home", "home-render", "content"].map((key) => {
    const p50 = find(key, 1)?.p50 ?? NaN;
    return `${key} ${ms(p50)} ms ${mark(p50 <= P50_TARGET_MS)}`;
  });
  console.log(`c=1 p50 ≤ ${P50_TARGET_MS} ms: ${c1.join(", ")}`);

  const appAt50 = rows.filter((row) => !row.target.ceiling && row.connections === 50);
  const errors = appAt50.reduce((sum, row) => sum + row.errors, 0);
  const p99s = ["home", "home-render", "list", "product", "content", "cart"].map((key) => {
    const p99 = find(key, 50)?.p99 ?? NaN;
    return `${key} ${ms(p99)} ms ${mark(p99 <= P99_TARGET_MS)}`;
  });
  console.log(`c=50: errors ${errors} ${mark(errors === 0)}, p99 ≤ ${P99_TARGET_MS} ms: ${p99s.join(", ")}`);
}

// ---------------------------------------------------------------------------------------------------------

/** Posts a form like a browser without JavaScript would, carrying and returning the session cookie. */
async function postForm(url: string, fields: Record<string, string>, cookie: string): Promise<string> {
  const response = await fetch(url, {
    method: "POST",
    redirect: "manual",
    headers: {
      "content-type": "application/x-www-form-urlencoded",
      "user-agent": BROWSER_UA,
      ...(cookie ? { cookie } : {}),
    },
    body: new URLSearchParams(fields),
  });
  if (response.status !== 303) throw new BenchError(`POST ${url} answered ${response.status}; expected 303`);
  const setCookie = response.headers.get("set-cookie");
  return setCookie ? setCookie.split(";")[0]! : cookie;
}

/** A 3-group cart (two lens orders for both eyes, one solution) with a coupon, as a session cookie. */
async function buildCart(baseUrl: string): Promise<string> {
  let cookie = "";
  for (const lens of [
    { id: 1001, path: "/lens/acuvue-oasys-1-day-90-pack" },
    { id: 1401, path: "/lens/biofinity-6-pack" },
  ]) {
    const response = await fetch(`${baseUrl}/api/catalog/${lens.id}/parameters`);
    const { parameters } = (await response.json()) as {
      parameters: Array<{ name: string; options: Array<{ value: string }> }>;
    };
    const fields: Record<string, string> = { intent: "add-to-cart", eyes: "both", autoReorder: "" };
    for (const eye of ["right", "left"]) {
      for (const parameter of parameters)
        fields[`${eye}-${parameter.name}`] = parameter.options[Math.floor(parameter.options.length / 2)]!.value;
      fields[`${eye}-quantity`] = "2";
    }
    cookie = await postForm(baseUrl + lens.path, fields, cookie);
  }
  cookie = await postForm(
    `${baseUrl}/contact-lens-solution/clear-care-plus-3-pack`,
    { intent: "add-to-cart", quantity: "2", autoReorder: "" },
    cookie,
  );
  cookie = await postForm(`${baseUrl}/cart`, { intent: "apply-coupon", couponCode: "SAVE10" }, cookie);
  // Read the cart once so the coupon's one-time toast is spent and the measured cookie carries no flash.
  const seen = await fetch(`${baseUrl}/cart`, { headers: { cookie, "user-agent": BROWSER_UA } });
  if (seen.status !== 200) throw new BenchError(`GET /cart answered ${seen.status}; expected 200`);
  return seen.headers.get("set-cookie")?.split(";")[0] ?? cookie;
}

async function main(): Promise<number> {
  const duration = durationSeconds();

  // 1. Build when there is none. (server.js rebuilds stale builds itself; see the warm-up below.)
  if (!fs.existsSync(BUILD_ENTRY)) {
    console.log("No build found; running `npx react-router build`…");
    const result = spawnSync("npx", ["react-router", "build"], { cwd: ROOT, stdio: "inherit" });
    if (result.status !== 0) throw new BenchError(`build failed (exit ${result.status ?? result.signal})`);
  }

  // 2. An unmeasured warm-up start on a fresh data dir (migrate + seed) or a stale build (server.js rebuilds).
  const freshDataDir = !fs.existsSync(DATA_DIR);
  const stale = buildIsStale();
  if (freshDataDir || stale) {
    const why = [freshDataDir && `new data dir ${DATA_DIR}`, stale && "build older than sources"].filter(Boolean);
    console.log(`Warm-up start (${why.join(", ")})…`);
    try {
      const warm = await startServer();
      console.log(`  warm-up start answered in ${Math.round(warm.startMs)} ms (not measured)`);
    } catch (error) {
      // A half-initialised data dir would make later runs skip the warm-up: drop it.
      if (freshDataDir) fs.rmSync(DATA_DIR, { recursive: true, force: true });
      throw error;
    } finally {
      await stopServer(serverChild);
      serverChild = undefined;
    }
  }

  // 3. The measured start.
  const builtBefore = buildMtime();
  const { baseUrl, startMs } = await startServer();
  console.log(
    `start to first 200: ${Math.round(startMs)} ms (target ≤ ${START_TARGET_MS} ms) ${mark(startMs <= START_TARGET_MS)}`,
  );
  if (buildMtime() !== builtBefore) {
    console.log("  note: server.js rebuilt during this start (sources changed meanwhile); the figure includes a build");
  }

  // The cart target needs a cart: two lens groups and one solution group, built through the real forms.
  const cartTarget = TARGETS.find((target) => target.key === "cart")!;
  cartTarget.headers = { cookie: await buildCart(baseUrl) };

  // Every measured page must answer 2xx before it is worth loading.
  for (const target of TARGETS.filter((candidate) => !candidate.ceiling)) {
    const response = await get(baseUrl + target.path);
    if (response.status < 200 || response.status >= 300) {
      const where = response.headers.location ? ` → ${response.headers.location}` : "";
      throw new BenchError(`GET ${target.path} answered ${response.status}${where}; expected 2xx`);
    }
  }

  // 4. The ceiling: the exact bytes and content type of GET /, from a bare node:http server.
  const home = await get(`${baseUrl}/`);
  const contentType = String(home.headers["content-type"] ?? "text/html; charset=utf-8");
  const ceiling = http.createServer((_request, response) => {
    response.writeHead(200, { "Content-Type": contentType, "Content-Length": home.body.length });
    response.end(home.body);
  });
  ceilingServer = ceiling;
  const ceilingPort = await freePort();
  await new Promise<void>((resolve, reject) => {
    ceiling.once("error", reject);
    ceiling.listen(ceilingPort, HOST, () => resolve());
  });
  const ceilingUrl = `http://${HOST}:${ceilingPort}`;
  console.log(`home page: ${home.body.length} bytes, ${contentType}`);

  // 5. The runs.
  console.log(
    `Measuring ${TARGETS.length} targets × c=${CONCURRENCIES.join("/")}: ${WARMUP_S} s warm-up + ${duration} s each…`,
  );
  const rows: Row[] = [];
  for (const target of TARGETS) {
    const url = (target.ceiling ? ceilingUrl : baseUrl) + target.path;
    for (const connections of CONCURRENCIES) {
      process.stdout.write(`  ${target.label} c=${connections}… `);
      const row = await measure(target, url, connections, duration);
      console.log(`${row.rps.toFixed(0)} req/s`);
      rows.push(row);
    }
  }

  // 6. Report.
  console.log("");
  console.log(
    `start to first 200: ${Math.round(startMs)} ms (target ≤ ${START_TARGET_MS} ms) ${mark(startMs <= START_TARGET_MS)}`,
  );
  console.log("");
  printTable(rows);
  console.log("");
  printChecks(rows);
  console.log("(latencies: per-response timings of 2xx answers; err counts include timeouts, shown in brackets)");
  const silent = rows.filter((row) => row.requests === 0);
  for (const row of silent) {
    console.log(`warning: ${row.target.label} c=${row.connections} completed no request in ${duration} s`);
  }

  const failing = rows.filter((row) => !row.target.ceiling && row.non2xx > 0);
  if (failing.length > 0) {
    const list = failing.map((row) => `${row.target.path} c=${row.connections}: ${row.non2xx}`).join(", ");
    console.error(`\nnon-2xx answers on measured pages: ${list}`);
    return 1;
  }
  return 0;
}

let exitCode = 1;
try {
  exitCode = await main();
} catch (error) {
  if (!interrupted) console.error(`\nbench failed: ${error instanceof Error ? error.message : String(error)}`);
  exitCode = interrupted ? 130 : 1;
} finally {
  await cleanup();
}
process.exit(exitCode);

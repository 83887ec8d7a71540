// `npm run bench`: start-up time, HTTP throughput/latency of the production server, and orders placed per second.
//
// 1. Builds with `npx react-router build` when build/server/index.js is missing.
// 2. Uses a data dir under os.tmpdir() that persists between runs; the first run (or a stale build, which
//    server.js would rebuild) gets one unmeasured warm-up start, so the measured start is "built tree,
//    existing data dir".
// 3. Spawns `node server.js` on a free loopback port and times spawn → first 200 from /healthcheck.
// 4. Prepares carts through the store's own forms, as a browser without JavaScript would: a three-group cart for
//    the cart page, and carts ready for checkout (a toric lens for both eyes with its patient, a verified shipping
//    address, a doctor found by a search and chosen, a saved test card) for the checkout page and for placing
//    orders. Prints how long the preparation took.
// 5. Serves the exact bytes of GET / from a bare node:http server in this process: the "ceiling".
// 6. Runs autocannon against each page target (the framework floor, home, product list, product, content, cart,
//    checkout, health, a shopper mix of browsing, cart and checkout with carts' cookies, ceiling) at 1 and at 50
//    connections (1 s warm-up, then BENCH_DURATION s), with the server's CPU time per request (from /proc: it
//    barely moves when other work shares the machine, where req/s does).
// 7. Places orders: the checkout form's place-order submission, once per prepared cart (each its own cart and
//    idempotency key), ORDERS_PER_RUN of them at 1 and again at 10 concurrent shoppers after a few unreported ones;
//    orders/s, p50/p99 and the failures (anything but a 303 to /thank-you?oid=…), with a sample of thank-you pages
//    checked.
// 8. Prints the tables and the target checks. Misses are reported, not asserted: the exit code is non-zero only
//    when the server does not start, a cart cannot be prepared, a measured page answers non-2xx or an order fails.
//
// Env: BENCH_DURATION (seconds per measured page run, default 10). BENCH_TARGETS=home-session,cart,… measures only
// those page targets (and the ceiling). BENCH_ORDERS=0 skips step 7 (and prepares only the checkout page's cart). The server runs on PGlite in its own data dir;
// with DATABASE_URL it runs on that Postgres database instead (the demo data is seeded there; use a database made
// for the bench), as WEB_CONCURRENCY processes (default 1). BENCH_CPU_PROFILE=DIR runs the server under
// `node --cpu-prof` and leaves its profiles in DIR (`npm run profile:summary DIR` reads them).
// BENCH_TARGETS=floor,home measures only the page targets named (the ceiling is always measured).
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

/**
 * Orders placed at each order concurrency: a fixed number, so every run does the same work. Each needs a cart
 * prepared through a dozen page renders and form posts (about 0.3 s of server time), which is what limits it.
 */
const ORDERS_PER_RUN = 100;
const ORDER_CONCURRENCIES = [1, 10] as const;
/** Placed first and not reported, as the page runs have their warm-up second. */
const WARMUP_ORDERS = 5;
/** Thank-you pages opened after each order run, to check that the redirect leads to the order. */
const ORDER_SAMPLE = 5;
/**
 * Shoppers preparing carts at once (the server is one process: more only queue). Each is one guest customer who
 * signs in once and then fills cart after cart, so a run signs in this many times only: the sign-in dialog allows
 * 200 guest sign-ins per client address in 15 minutes (rate-limit.server.ts), every shopper here is 127.0.0.1,
 * and the count lives in the data dir, which outlives the run.
 */
const PREPARE_PARALLELISM = 4;
const FUNNEL_MAX_STEPS = 20;
/** A toric lens: its parameters give the UPC at once, so the funnel asks for the patient and the doctor. */
const LENS = { id: 1011, path: "/lens/acuvue-oasys-for-astigmatism-6-pack" };
/** Seeded stock is mostly 40–500 a SKU; this much keeps hundreds of orders a run from selling one out. */
const WELL_STOCKED = 40;
const PATIENT = { firstName: "Nora", lastName: "Quinn" };
/** An address the verifier takes as entered; when it offers a suggestion anyway, the shopper takes it. */
const SHIPPING_ADDRESS = {
  ...PATIENT,
  address1: "42 Capitol Blvd",
  city: "Boise",
  state: "ID",
  postalCode: "83702",
  country: "US",
};
/** The test vault's card that is always accepted (app/services/adapters/payments/test-vault.server.ts). */
const CARD = {
  cardNumber: "4242 4242 4242 4242",
  nameOnCard: "Nora Quinn",
  expirationMonth: "12",
  expirationYear: String(new Date().getFullYear() + 3),
  cvv: "123",
};
const THANK_YOU = /^\/thank-you\?oid=(LL\d{8})$/;

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
  /** A sequence of requests each connection cycles through instead of one path (the shopper mix). */
  requests?: autocannon.Request[];
}

const TARGETS: Target[] = [
  // What React Router and the root alone cost per request: a page that renders almost nothing, no database, no
  // shell, private so it is rendered every time (app/routes/dev.floor.tsx; outside production only).
  { key: "floor", label: "floor /dev/floor (framework alone)", path: "/dev/floor" },
  // A returning browser keeps its visitor id (decision 62): its anonymous pages come from the cache by variation.
  {
    key: "home",
    label: "home / (returning browser)",
    path: "/",
    headers: { cookie: "visitor=benchVisitor0000000000" },
  },
  // Anonymous pages are served from the 10 s page cache; a personal cookie makes every request a full render.
  {
    key: "home-render",
    label: "home / rendered (cookie)",
    path: "/",
    headers: { cookie: "disabledPromoBanner=true" },
  },
  // Filled in once the server runs: the signed-in checkout shopper (a session, a cart) on the home page, so the
  // shell's personal lookups (customer, cart count, subscriptions, prescription reminder) run on every request.
  { key: "home-session", label: "home / (signed in, cart)", path: "/", headers: {} },
  { key: "list", label: "list /lenses/daily-disposables", path: "/lenses/daily-disposables" },
  {
    key: "product",
    label: "product /lens/acuvue-oasys-for-astigmatism-6-pack",
    path: "/lens/acuvue-oasys-for-astigmatism-6-pack",
  },
  { key: "content", label: "content /accessibility", path: "/accessibility" },
  // Filled in once the server runs: a session cookie whose cart holds three groups (see buildCart).
  { key: "cart", label: "cart /cart (3 groups)", path: "/cart", headers: {} },
  // Filled in once the server runs: a signed-in shopper whose cart is ready to place (see prepareCarts).
  { key: "checkout", label: "checkout /checkout (ready cart)", path: "/checkout", headers: {} },
  { key: "health", label: "/healthcheck", path: "/healthcheck" },
  // Filled in once the server runs: shoppers with carts browsing, at their carts and at checkout (see shopperMix).
  { key: "mix", label: "shopper mix (browse 60%, cart 25%, checkout 15%)", path: "/", requests: [] },
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
  /** The server's CPU time per answered request, in ms (NaN for the ceiling or without /proc). */
  cpuMsPerRequest: number;
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

/** A raw GET (no Accept-Encoding, so the bytes are the uncompressed document; no cookies unless given). */
function get(url: string, timeoutMs = 10_000, headers: Record<string, string> = {}): Promise<Fetched> {
  return new Promise((resolve, reject) => {
    const options = { headers: { ...REQUEST_HEADERS, ...headers }, agent: false, timeout: timeoutMs };
    const request = http.get(url, options, (response) => {
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

/** Postgres mode: the server on DATABASE_URL; else the embedded database in DATA_DIR. */
const postgresUrl = () => process.env.DATABASE_URL || undefined;

function processes(): number {
  const raw = process.env.WEB_CONCURRENCY ?? "1";
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 1 || value > 64) {
    throw new BenchError(`WEB_CONCURRENCY must be a whole number from 1 to 64, got "${raw}"`);
  }
  if (value > 1 && !postgresUrl()) throw new BenchError("WEB_CONCURRENCY above 1 needs DATABASE_URL (Postgres)");
  return value;
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

function redactPassword(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = "***";
    return parsed.toString();
  } catch {
    return "(unparsable URL)";
  }
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
    WEB_CONCURRENCY: String(processes()),
    // The bench's shoppers say where they come from (X-Forwarded-For), as shoppers behind a load balancer do: the
    // per-address sign-in limits then count each shopper, not the bench's one loopback address.
    TRUST_PROXY: "1",
  };

  const tail: string[] = [];
  const spawnedAt = performance.now();
  const profileDir = process.env.BENCH_CPU_PROFILE;
  const flags = profileDir ? ["--cpu-prof", `--cpu-prof-dir=${path.resolve(profileDir)}`] : [];
  const child = spawn(process.execPath, [...flags, "server.js"], {
    cwd: ROOT,
    env,
    stdio: ["ignore", "pipe", "pipe"],
  });
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
  requests?: autocannon.Request[],
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
        ...(requests?.length ? { requests } : {}),
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

/** Clock ticks per second of /proc's utime and stime (100 on Linux). */
const CLOCK_TICKS = 100;

/**
 * CPU seconds the server has used (its process and the processes it forked: cluster workers), from /proc; null
 * where there is no /proc or no server process (the ceiling runs in this process and is left out). Unlike req/s,
 * CPU per request barely moves when other work shares the machine.
 */
function serverCpuSeconds(): number | null {
  const root = serverChild?.pid;
  if (root === undefined || !fs.existsSync("/proc/self/stat")) return null;
  let ticks = 0;
  for (const entry of fs.readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    let stat: string;
    try {
      stat = fs.readFileSync(`/proc/${entry}/stat`, "utf8");
    } catch {
      continue; // the process ended while the list was read
    }
    // "pid (name) state ppid …": the name may hold spaces, so fields are counted after its closing parenthesis.
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    const pid = Number(entry);
    if (pid !== root && Number(fields[1]) !== root) continue;
    ticks += Number(fields[11]) + Number(fields[12]); // utime, stime
  }
  return ticks / CLOCK_TICKS;
}

async function measure(target: Target, url: string, connections: number, duration: number): Promise<Row> {
  await runLoad(url, connections, WARMUP_S, target.headers, target.requests); // not reported
  const cpuBefore = target.ceiling ? null : serverCpuSeconds();
  const { result, latencies } = await runLoad(url, connections, duration, target.headers, target.requests);
  const cpuAfter = cpuBefore === null ? null : serverCpuSeconds();
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
    cpuMsPerRequest:
      cpuBefore !== null && cpuAfter !== null && result.requests.total > 0
        ? ((cpuAfter - cpuBefore) * 1000) / result.requests.total
        : NaN,
  };
}

// ---------------------------------------------------------------------------------------------------------
// Output.

const ms = (value: number) => (Number.isFinite(value) ? value.toFixed(2) : "n/a");
const mark = (ok: boolean) => (ok ? "OK" : "MISS");

/** Columns padded to their widest cell: the first left-aligned, the figures right-aligned. */
function printColumns(header: string[], body: string[][]) {
  const widths = header.map((title, column) => Math.max(title.length, ...body.map((cells) => cells[column]!.length)));
  const line = (cells: string[]) =>
    cells
      .map((cell, column) => (column === 0 ? cell.padEnd(widths[column]!) : cell.padStart(widths[column]!)))
      .join("  ");
  console.log(line(header));
  console.log(widths.map((width) => "-".repeat(width)).join("  "));
  for (const cells of body) console.log(line(cells));
}

function printTable(rows: Row[]) {
  const ceilingRps = new Map<number, number>();
  for (const row of rows) if (row.target.ceiling) ceilingRps.set(row.connections, row.rps);
  const header = ["target", "conns", "req/s", "p50 ms", "p99 ms", "non-2xx", "err (t/o)", "% ceiling", "CPU ms/req"];
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
      Number.isFinite(row.cpuMsPerRequest) ? row.cpuMsPerRequest.toFixed(3) : "n/a",
    ];
  });
  printColumns(header, body);
}

const failedCount = (run: OrderRun) => [...run.failures.values()].reduce((sum, count) => sum + count, 0);

function printOrders(runs: OrderRun[]) {
  const header = ["target", "conns", "orders", "orders/s", "p50 ms", "p99 ms", "failed"];
  const body = runs.map((run) => [
    "place order POST /checkout (distinct carts)",
    String(run.connections),
    String(run.orders),
    (run.latencies.length / run.seconds).toFixed(1),
    ms(percentile(run.latencies, 50)),
    ms(percentile(run.latencies, 99)),
    String(failedCount(run)),
  ]);
  printColumns(header, body);
  for (const run of runs) {
    for (const [kind, count] of run.failures) console.log(`  c=${run.connections}: ${count} × ${kind}`);
  }
}

function printChecks(rows: Row[], orderRuns: OrderRun[]) {
  const find = (key: string, connections: number) =>
    rows.find((row) => row.target.key === key && row.connections === connections);

  const c1 = ["home", "home-render", "content"].map((key) => {
    const p50 = find(key, 1)?.p50 ?? NaN;
    return `${key} ${ms(p50)} ms ${mark(p50 <= P50_TARGET_MS)}`;
  });
  console.log(`c=1 p50 ≤ ${P50_TARGET_MS} ms: ${c1.join(", ")}`);

  const appAt50 = rows.filter((row) => !row.target.ceiling && row.connections === 50);
  const errors = appAt50.reduce((sum, row) => sum + row.errors, 0);
  const p99s = ["home", "home-render", "list", "product", "content", "cart", "checkout", "mix"].map((key) => {
    const p99 = find(key, 50)?.p99 ?? NaN;
    return `${key} ${ms(p99)} ms ${mark(p99 <= P99_TARGET_MS)}`;
  });
  console.log(`c=50: errors ${errors} ${mark(errors === 0)}, p99 ≤ ${P99_TARGET_MS} ms: ${p99s.join(", ")}`);

  const failed = orderRuns.map((run) => `c=${run.connections} ${failedCount(run)} ${mark(failedCount(run) === 0)}`);
  console.log(`place order, failed orders: ${failed.join(", ")}`);
}

// ---------------------------------------------------------------------------------------------------------
// A browser without JavaScript: a cookie jar, plain GETs and form posts, the server-rendered forms.

interface Answer {
  status: number;
  /** A redirect's target as a path with its query ("" when the answer is no redirect). */
  location: string;
  body: string;
}

/** One shopper's browser. Redirects are not followed: the bench checks where every step leads. */
class Shopper {
  private readonly cookies: Map<string, string>;

  constructor(
    readonly baseUrl: string,
    cookies: ReadonlyMap<string, string> = new Map(),
    /** The address the shopper's requests come from (sent as X-Forwarded-For; the bench's server trusts 1 proxy). */
    readonly clientAddress: string | null = null,
  ) {
    this.cookies = new Map(cookies);
  }

  /** Another browser holding this one's cookies as they are now (e.g. signed in, no cart yet). */
  copy(): Shopper {
    return new Shopper(this.baseUrl, this.cookies, this.clientAddress);
  }

  get cookieHeader(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join("; ");
  }

  get(pathAndSearch: string): Promise<Answer> {
    return this.send(pathAndSearch, { method: "GET", headers: REQUEST_HEADERS });
  }

  post(pathAndSearch: string, fields: Record<string, string> | URLSearchParams): Promise<Answer> {
    return this.send(pathAndSearch, {
      method: "POST",
      headers: { ...REQUEST_HEADERS, "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams(fields),
    });
  }

  private async send(pathAndSearch: string, init: RequestInit & { headers: Record<string, string> }) {
    const cookie = this.cookieHeader;
    const response = await fetch(this.baseUrl + pathAndSearch, {
      ...init,
      redirect: "manual",
      headers: {
        ...init.headers,
        ...(cookie ? { cookie } : {}),
        ...(this.clientAddress ? { "x-forwarded-for": this.clientAddress } : {}),
      },
    });
    for (const setCookie of response.headers.getSetCookie()) this.keep(setCookie);
    const location = response.headers.get("location");
    const target = location ? new URL(location, this.baseUrl) : null;
    return {
      status: response.status,
      location: target ? target.pathname + target.search : "",
      body: await response.text(),
    };
  }

  private keep(setCookie: string) {
    const [pair = "", ...attributes] = setCookie.split(";").map((part) => part.trim());
    const name = pair.slice(0, pair.indexOf("="));
    const value = pair.slice(pair.indexOf("=") + 1);
    const expired = attributes.some((attribute) => {
      const [key = "", setting = ""] = attribute.split("=");
      if (/^max-age$/i.test(key)) return Number(setting) <= 0;
      return /^expires$/i.test(key) && Date.parse(setting) <= Date.now();
    });
    if (!name) return;
    if (expired || value === "") this.cookies.delete(name);
    else this.cookies.set(name, value);
  }
}

interface HtmlForm {
  attributes: Record<string, string>;
  /** Every input, checked or not (a list of radios to choose from). */
  inputs: Array<Record<string, string>>;
  buttons: Array<Record<string, string>>;
  /** What the form sends as rendered: input values, checked radios and boxes, each select's chosen option. */
  fields: URLSearchParams;
}

const ENTITIES: Record<string, string> = { amp: "&", quot: '"', lt: "<", gt: ">", "#x27": "'", "#39": "'" };
const decodeEntities = (text: string) =>
  text.replace(/&(amp|quot|lt|gt|#x27|#39);/g, (_, name: string) => ENTITIES[name]!);

/** A tag's attributes (React writes them double-quoted, with the entities above). */
function attributesOf(tag: string): Record<string, string> {
  const attributes: Record<string, string> = {};
  for (const [, name = "", value = ""] of tag.matchAll(/([^\s=/>]+)(?:="([^"]*)")?/g)) {
    attributes[name.toLowerCase()] = decodeEntities(value);
  }
  return attributes;
}

/** The forms of a server-rendered page, read the way a browser would submit them. */
function formsOf(html: string): HtmlForm[] {
  return [...html.matchAll(/<form\b([^>]*)>([\s\S]*?)<\/form>/g)].map(([, open = "", inner = ""]) => {
    const inputs = [...inner.matchAll(/<input\b([^>]*)>/g)].map(([, tag = ""]) => attributesOf(tag));
    const fields = new URLSearchParams();
    for (const input of inputs) {
      if (!input.name || "disabled" in input) continue;
      const checkable = input.type === "radio" || input.type === "checkbox";
      if (checkable && !("checked" in input)) continue;
      fields.append(input.name, input.value ?? (checkable ? "on" : ""));
    }
    for (const [, tag = "", options = ""] of inner.matchAll(/<select\b([^>]*)>([\s\S]*?)<\/select>/g)) {
      const select = attributesOf(tag);
      const choices = [...options.matchAll(/<option\b([^>]*)>/g)].map(([, option = ""]) => attributesOf(option));
      const chosen = choices.find((choice) => "selected" in choice) ?? choices[0];
      if (select.name && !("disabled" in select) && chosen) fields.append(select.name, chosen.value ?? "");
    }
    const buttons = [...inner.matchAll(/<button\b([^>]*)>/g)].map(([, tag = ""]) => attributesOf(tag));
    return { attributes: attributesOf(open), inputs, buttons, fields };
  });
}

/** The first message a page shows in an alert: why a form was refused. */
function alertOf(html: string): string {
  const match = /role="alert"[^>]*>([\s\S]*?)<\/(?:p|span|div)>/.exec(html);
  return (match?.[1] ?? "").replace(/<[^>]*>/g, "").trim();
}

/** Submits a form as a browser does: what it holds, the shopper's typing over that, and the button pressed. */
function submit(
  shopper: Shopper,
  form: HtmlForm,
  typed: Record<string, string> = {},
  button?: Record<string, string>,
): Promise<Answer> {
  const fields = new URLSearchParams(form.fields);
  for (const [name, value] of Object.entries(typed)) fields.set(name, value);
  if (button?.name) fields.append(button.name, button.value ?? "");
  return shopper.post(form.attributes.action ?? "", fields);
}

/** A step's form post must redirect (303): a 400 carries the form's message, which the error repeats. */
function expectRedirect(step: string, answer: Answer): string {
  if (answer.status === 303 && answer.location) return answer.location;
  const why = alertOf(answer.body);
  throw new BenchError(`${step} answered ${answer.status}${why ? ` (${why})` : ""}; expected a 303 redirect`);
}

// ---------------------------------------------------------------------------------------------------------
// Carts, built through the store's own pages and forms.

/** A 3-group cart (two lens orders for both eyes, one solution) with a coupon, as a session cookie. */
async function buildCart(baseUrl: string): Promise<string> {
  const shopper = new Shopper(baseUrl);
  for (const lens of [
    { id: 1001, path: "/lens/acuvue-oasys-1-day-90-pack" },
    { id: 1401, path: "/lens/biofinity-6-pack" },
  ]) {
    const parameters = await lensParameters(baseUrl, lens.id);
    const fields: Record<string, string> = { intent: "add-to-cart", eyes: "both", autoReorder: "" };
    for (const eye of ["right", "left"]) {
      for (const parameter of parameters)
        fields[`${eye}-${parameter.name}`] = parameter.options[Math.floor(parameter.options.length / 2)]!.value;
      fields[`${eye}-quantity`] = "2";
    }
    expectRedirect(`POST ${lens.path}`, await shopper.post(lens.path, fields));
  }
  const solution = "/contact-lens-solution/clear-care-plus-3-pack";
  expectRedirect(
    `POST ${solution}`,
    await shopper.post(solution, { intent: "add-to-cart", quantity: "2", autoReorder: "" }),
  );
  expectRedirect(`POST /cart`, await shopper.post("/cart", { intent: "apply-coupon", couponCode: "SAVE10" }));
  // Read the cart once so the coupon's one-time toast is spent and the measured cookie carries no flash.
  const seen = await shopper.get("/cart");
  if (seen.status !== 200) throw new BenchError(`GET /cart answered ${seen.status}; expected 200`);
  return shopper.cookieHeader;
}

/**
 * What shoppers who have a cart do, as one cycle of 20 requests every connection repeats: browse 12 (home 2, a list
 * 4, a product 6), the cart 5, checkout 3. Every request carries a shopper's session cookie, so each is rendered
 * (a cart makes every page personal); the browsing and the cart use the three-group cart, checkout the ready one.
 */
function shopperMix(cartCookie: string, checkoutCookie: string): autocannon.Request[] {
  const get = (path: string, cookie: string): autocannon.Request => ({
    method: "GET",
    path,
    headers: { ...REQUEST_HEADERS, cookie },
  });
  const browse = [
    "/",
    "/lenses/daily-disposables",
    "/lens/acuvue-oasys-for-astigmatism-6-pack",
    "/lens/acuvue-oasys-1-day-90-pack",
    "/lenses/daily-disposables",
    "/lens/biofinity-6-pack",
  ];
  const cycle: autocannon.Request[] = [];
  for (let round = 0; round < 2; round++) {
    for (const path of browse) cycle.push(get(path, cartCookie));
  }
  for (let i = 0; i < 5; i++) cycle.push(get("/cart", cartCookie));
  for (let i = 0; i < 3; i++) cycle.push(get("/checkout", checkoutCookie));
  // Interleaved, as many shoppers at different steps would be.
  return cycle.map((_, i) => cycle[(i * 7) % cycle.length]!);
}

type LensParameter = { name: string; options: Array<{ value: string }> };

async function lensParameters(baseUrl: string, productId: number): Promise<LensParameter[]> {
  const response = await fetch(`${baseUrl}/api/catalog/${productId}/parameters`);
  if (response.status !== 200) {
    throw new BenchError(`GET /api/catalog/${productId}/parameters answered ${response.status}`);
  }
  return ((await response.json()) as { parameters: LensParameter[] }).parameters;
}

/** A cart at the checkout page: its shopper, and the page's place-order form (a fresh idempotency key). */
interface ReadyCart {
  shopper: Shopper;
  placeOrder: HtmlForm;
}

/** A guest sign-in through the dialog over the home page: a new e-mail becomes a customer, no cart yet. */
async function signInAsGuest(baseUrl: string, email: string, clientAddress: string | null = null): Promise<Shopper> {
  const shopper = new Shopper(baseUrl, new Map(), clientAddress);
  const page = await shopper.get("/?signin=guest");
  const form = formsOf(page.body).find((candidate) => candidate.attributes.id === "guest-form");
  if (!form) throw new BenchError(`GET /?signin=guest answered ${page.status} without the guest form`);
  const next = expectRedirect("guest sign-in", await submit(shopper, form, { email }));
  // A refused sign-in (too many tries from this address) goes back to a slide of the dialog, ?signin=guest or
  // ?signin=pin, with its message; one that went through goes on, ?signin=true marking the arrival.
  const slide = new URL(next, baseUrl).searchParams.get("signin");
  if (slide && slide !== "true") {
    const back = await shopper.get(next);
    throw new BenchError(`guest sign-in for ${email} was refused: ${alertOf(back.body) || next}`);
  }
  return shopper;
}

/**
 * Two in-stock parameter sets of the lens, picked at random as different shoppers would: hundreds of orders a run,
 * and the data dir kept between runs, spread over the lens's thousands of SKUs instead of emptying a few.
 */
async function pickLenses(shopper: Shopper, parameters: LensParameter[]): Promise<Record<string, string>> {
  const fields: Record<string, string> = {};
  for (const eye of ["right", "left"]) {
    for (let attempt = 1; ; attempt++) {
      const choice = new URLSearchParams();
      for (const parameter of parameters) {
        choice.set(parameter.name, parameter.options[Math.floor(Math.random() * parameter.options.length)]!.value);
      }
      // What the product page asks when the shopper picks the parameters, to show the stock.
      const match = await shopper.get(`/api/catalog/${LENS.id}/match?${choice}`);
      const sku =
        match.status === 200 ? (JSON.parse(match.body) as { isActive: boolean; stockQuantity: number }) : null;
      if (sku?.isActive && sku.stockQuantity >= WELL_STOCKED) {
        for (const [name, value] of choice) fields[`${eye}-${name}`] = value;
        fields[`${eye}-quantity`] = "1";
        break;
      }
      if (attempt >= 20) throw new BenchError(`no well-stocked parameters of lens ${LENS.id} in 20 tries`);
    }
  }
  return fields;
}

/**
 * Adds the lens for both eyes and follows the funnel from wherever each step leads until the checkout page offers
 * 'Place order': the patient, the cart's 'Continue to checkout', the address (a new one, the 'Verify your address'
 * choice when shown, or a saved one for a returning customer), a doctor searched near the ZIP code, a new card
 * when none is saved. Steps a returning customer has done already are skipped by the store, not by the bench.
 */
async function fillReadyCart(shopper: Shopper, parameters: LensParameter[]): Promise<ReadyCart> {
  const lenses = await pickLenses(shopper, parameters);
  let next = expectRedirect(
    `POST ${LENS.path}`,
    await shopper.post(LENS.path, { intent: "add-to-cart", eyes: "both", autoReorder: "", ...lenses }),
  );
  for (let step = 0; step < FUNNEL_MAX_STEPS; step++) {
    // The doctor step is read with its search done (the search form is a GET): near the shipping ZIP, no name.
    if (next === "/doctor") next = `/doctor?${new URLSearchParams({ q: "", location: SHIPPING_ADDRESS.postalCode })}`;
    const page = await shopper.get(next);
    // A loader sends the shopper on when its step is done or not needed.
    if (page.status >= 300 && page.status < 400 && page.location) {
      next = page.location;
      continue;
    }
    if (page.status !== 200) throw new BenchError(`GET ${next} answered ${page.status}; expected 200`);
    const forms = formsOf(page.body);
    const byId = (id: string) => forms.find((form) => form.attributes.id === id);
    const path = next.split("?")[0]!;
    let answer: Answer;
    if (path === "/patient") {
      const form = forms.find((candidate) => candidate.attributes.id?.startsWith("patient-"));
      if (!form) throw new BenchError("the patient step shows no patient form");
      // A returning customer picks the patient saved with an earlier cart.
      const saved = form.inputs.find((input) => input.name === "patientId" && input.value !== "new");
      answer = await submit(shopper, form, saved ? { patientId: saved.value! } : PATIENT);
    } else if (path === "/cart") {
      const form = forms.find((candidate) => candidate.buttons.some((button) => button.value === "proceed"));
      if (!form) throw new BenchError("the cart shows no 'Continue to checkout'");
      answer = await submit(shopper, form, {}, { name: "intent", value: "proceed" });
    } else if (path === "/address") {
      const verify = byId("verify-address");
      const saved = byId("saved-address");
      const entry = byId("shipping-address");
      if (verify) answer = await submit(shopper, verify);
      else if (saved) answer = await submit(shopper, saved);
      else if (entry) answer = await submit(shopper, entry, SHIPPING_ADDRESS);
      else throw new BenchError(`${next} shows no address form`);
    } else if (path === "/doctor") {
      const form = forms.find((candidate) => candidate.attributes.class === "choose-doctor-form");
      const button = form?.buttons.find((candidate) => candidate.name === "groupId");
      if (!form || !button) throw new BenchError(`GET ${next} found no doctor to choose`);
      answer = await submit(shopper, form, {}, button);
    } else if (path === "/checkout") {
      const placeOrder = byId("place-order");
      if (placeOrder?.fields.get("paymentMethodId")) return { shopper, placeOrder };
      const card = byId("card-form");
      if (!card || page.body.includes('data-testid="card-locked"')) {
        throw new BenchError("the checkout page offers neither a saved card nor the new-card form");
      }
      answer = await submit(shopper, card, CARD);
    } else {
      throw new BenchError(`the funnel led to ${next}, a step the bench does not know`);
    }
    next = expectRedirect(`POST ${path}`, answer);
  }
  throw new BenchError(`no checkout page after ${FUNNEL_MAX_STEPS} funnel steps`);
}

/**
 * `count` carts ready for checkout, filled PREPARE_PARALLELISM at a time. Each cart is a guest customer of its own:
 * a customer has one cart across browsers (decision 39), so two ready carts of one customer would be the same cart.
 */
async function prepareCarts(baseUrl: string, count: number): Promise<ReadyCart[]> {
  const parameters = await lensParameters(baseUrl, LENS.id);
  const run = Date.now().toString(36);
  const carts: ReadyCart[] = [];
  let taken = 0;
  await Promise.all(
    Array.from({ length: Math.min(PREPARE_PARALLELISM, count) }, async () => {
      while (taken < count && !interrupted) {
        const n = ++taken;
        // Each shopper from an address of its own (10.x.y.z), as real shoppers are.
        const address = `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;
        const signedIn = await signInAsGuest(baseUrl, `bench-${run}-${n}@example.com`, address);
        carts.push(await fillReadyCart(signedIn, parameters));
      }
    }),
  );
  if (interrupted) throw new BenchError("interrupted");
  return carts;
}

// ---------------------------------------------------------------------------------------------------------
// Placing orders.

interface OrderRun {
  connections: number;
  orders: number;
  seconds: number;
  /** Latencies of the orders placed, sorted, in ms. */
  latencies: Float64Array;
  /** Failures by kind: the status and the page's message, or what went wrong with the request. */
  failures: Map<string, number>;
}

/**
 * Posts each cart's place-order form once, `connections` at a time, and times each answer. A placed order is a
 * 303 to /thank-you?oid=LL…; a sample of those pages is then opened with the shopper's cookie (not timed).
 */
async function placeOrders(carts: ReadyCart[], connections: number): Promise<OrderRun> {
  const samples: number[] = [];
  const failures = new Map<string, number>();
  const fail = (kind: string) => failures.set(kind, (failures.get(kind) ?? 0) + 1);
  const placed: Array<{ shopper: Shopper; location: string; orderNumber: string }> = [];
  let next = 0;
  const startedAt = performance.now();
  await Promise.all(
    Array.from({ length: Math.min(connections, carts.length) }, async () => {
      while (next < carts.length && !interrupted) {
        const { shopper, placeOrder } = carts[next++]!;
        const sentAt = performance.now();
        try {
          const answer = await submit(shopper, placeOrder);
          const tookMs = performance.now() - sentAt;
          const orderNumber = answer.status === 303 ? THANK_YOU.exec(answer.location)?.[1] : undefined;
          if (orderNumber) {
            samples.push(tookMs);
            placed.push({ shopper, location: answer.location, orderNumber });
          } else {
            const why = answer.status >= 300 && answer.status < 400 ? `→ ${answer.location}` : alertOf(answer.body);
            fail(`${answer.status}${why ? ` ${why}` : ""}`);
          }
        } catch (error) {
          fail(error instanceof Error ? error.message : String(error));
        }
      }
    }),
  );
  const seconds = (performance.now() - startedAt) / 1000;
  if (interrupted) throw new BenchError("interrupted");

  const step = Math.max(1, Math.floor(placed.length / ORDER_SAMPLE));
  for (let index = 0; index < placed.length; index += step) {
    const { shopper, location, orderNumber } = placed[index]!;
    const page = await shopper.get(location);
    if (page.status !== 200 || !page.body.includes(orderNumber))
      fail(`thank-you page ${page.status} for ${orderNumber}`);
  }
  return { connections, orders: carts.length, seconds, latencies: Float64Array.from(samples).sort(), failures };
}

async function main(): Promise<number> {
  const duration = durationSeconds();
  const database = postgresUrl() ? `Postgres (${redactPassword(postgresUrl()!)})` : `PGlite in ${DATA_DIR}`;
  console.log(`Database: ${database}; server processes: ${processes()}; ${os.availableParallelism()} cores`);

  // 1. Build when there is none. (server.js rebuilds stale builds itself; see the warm-up below.)
  if (!fs.existsSync(BUILD_ENTRY)) {
    console.log("No build found; running `npx react-router build`…");
    const result = spawnSync("npx", ["react-router", "build"], { cwd: ROOT, stdio: "inherit" });
    if (result.status !== 0) throw new BenchError(`build failed (exit ${result.status ?? result.signal})`);
  }

  // 2. An unmeasured warm-up start on a fresh data dir (migrate + seed) or a stale build (server.js rebuilds).
  // On Postgres always: the database may be new (the session secret still lives in DATA_DIR).
  const freshDataDir = !fs.existsSync(DATA_DIR);
  const stale = buildIsStale();
  if (freshDataDir || stale || postgresUrl()) {
    const why = [
      freshDataDir && `new data dir ${DATA_DIR}`,
      stale && "build older than sources",
      postgresUrl() && "Postgres: migrations and demo data",
    ].filter(Boolean);
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

  // The checkout page and the orders need carts ready to place: one for the page, then one per order.
  const placing = process.env.BENCH_ORDERS !== "0";
  const cartCount = placing ? 1 + WARMUP_ORDERS + ORDERS_PER_RUN * ORDER_CONCURRENCIES.length : 1;
  console.log(`Preparing ${cartCount} carts ready for checkout, ${PREPARE_PARALLELISM} shoppers at a time…`);
  const preparingAt = performance.now();
  const [pageCart, ...orderCarts] = await prepareCarts(baseUrl, cartCount);
  const prepareS = (performance.now() - preparingAt) / 1000;
  console.log(`  prepared in ${prepareS.toFixed(1)} s`);
  const checkoutTarget = TARGETS.find((target) => target.key === "checkout")!;
  checkoutTarget.headers = { cookie: pageCart!.shopper.cookieHeader };
  TARGETS.find((target) => target.key === "home-session")!.headers = { cookie: pageCart!.shopper.cookieHeader };
  TARGETS.find((target) => target.key === "mix")!.requests = shopperMix(
    cartTarget.headers.cookie!,
    pageCart!.shopper.cookieHeader,
  );

  // Every measured page must answer 2xx (with its cookie) before it is worth loading.
  for (const target of TARGETS.filter((candidate) => !candidate.ceiling)) {
    const response = await get(baseUrl + target.path, undefined, target.headers);
    if (response.status < 200 || response.status >= 300) {
      const where = response.headers.location ? ` → ${response.headers.location}` : "";
      throw new BenchError(`GET ${target.path} answered ${response.status}${where}; expected 2xx`);
    }
  }

  // 5. The ceiling: the exact bytes and content type of GET /, from a bare node:http server.
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

  // 6. The page runs.
  console.log(
    `Measuring ${TARGETS.length} targets × c=${CONCURRENCIES.join("/")}: ${WARMUP_S} s warm-up + ${duration} s each…`,
  );
  const rows: Row[] = [];
  const only = process.env.BENCH_TARGETS?.split(",").map((key) => key.trim());
  const unknown = only?.filter((key) => !TARGETS.some((target) => target.key === key)) ?? [];
  if (unknown.length > 0) throw new BenchError(`BENCH_TARGETS: no target ${unknown.join(", ")}`);
  for (const target of TARGETS.filter((candidate) => !only || candidate.ceiling || only.includes(candidate.key))) {
    const url = (target.ceiling ? ceilingUrl : baseUrl) + target.path;
    for (const connections of CONCURRENCIES) {
      process.stdout.write(`  ${target.label} c=${connections}… `);
      const row = await measure(target, url, connections, duration);
      console.log(`${row.rps.toFixed(0)} req/s`);
      rows.push(row);
    }
  }

  // 7. The orders: a few unreported, then ORDERS_PER_RUN at each concurrency, each prepared cart placed once.
  const orderRuns: OrderRun[] = [];
  if (placing) {
    console.log(
      `Placing ${WARMUP_ORDERS} warm-up orders, then ${ORDERS_PER_RUN} at each of c=${ORDER_CONCURRENCIES.join("/")}…`,
    );
    await placeOrders(orderCarts.splice(0, WARMUP_ORDERS), 1);
    for (const connections of ORDER_CONCURRENCIES) {
      process.stdout.write(`  place order c=${connections}… `);
      const run = await placeOrders(orderCarts.splice(0, ORDERS_PER_RUN), connections);
      console.log(`${(run.latencies.length / run.seconds).toFixed(0)} orders/s`);
      orderRuns.push(run);
    }
  }

  // 8. Report.
  console.log("");
  console.log(
    `start to first 200: ${Math.round(startMs)} ms (target ≤ ${START_TARGET_MS} ms) ${mark(startMs <= START_TARGET_MS)}`,
  );
  console.log(`carts prepared for checkout: ${cartCount} in ${prepareS.toFixed(1)} s`);
  console.log("");
  printTable(rows);
  console.log("");
  printOrders(orderRuns);
  console.log("");
  printChecks(rows, orderRuns);
  console.log("(latencies: per-response timings of 2xx answers; err counts include timeouts, shown in brackets)");
  console.log("(orders: per-order timings of the orders placed; orders/s counts those over the run's wall clock)");
  const silent = rows.filter((row) => row.requests === 0);
  for (const row of silent) {
    console.log(`warning: ${row.target.label} c=${row.connections} completed no request in ${duration} s`);
  }

  const failing = rows.filter((row) => !row.target.ceiling && row.non2xx > 0);
  if (failing.length > 0) {
    const list = failing.map((row) => `${row.target.path} c=${row.connections}: ${row.non2xx}`).join(", ");
    console.error(`\nnon-2xx answers on measured pages: ${list}`);
  }
  const failedOrders = orderRuns.reduce((sum, run) => sum + failedCount(run), 0);
  if (failedOrders > 0) console.error(`\nfailed orders: ${failedOrders} (listed under the orders table)`);
  return failing.length > 0 || failedOrders > 0 ? 1 : 0;
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

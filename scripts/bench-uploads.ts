// `npm run bench:uploads`: does an upload hold the event loop? Sixteen 10 MB JPEG uploads at once, while
// /healthcheck is asked again and again; issue 24 wants the health check under 100 ms at p99 throughout. First, how
// long one upload takes to answer (its classification; the reading is queued): the committed fixtures one at a time,
// p95 against the issue's 1.5 s (BENCH_SEQUENTIAL_ROUNDS, default 3; 0 skips it).
//
// 1. With BENCH_URL, uses that running server (it must trust one proxy hop, TRUST_PROXY=1, for the per-client
//    addresses below to count; otherwise the uploads past the per-address limit are refused with a 429, and the
//    bench says so). Without, builds when build/server/index.js is missing and starts `node server.js` on a free
//    loopback port, on PGlite in a fresh data dir (rate-limit counts and stored bytes start at zero every run).
// 2. Makes one JPEG of about 9.5 MB (noise, 12 Mpx: a phone photo's size, the worst case for the decoder).
// 3. Creates one customer (the account page's upload needs one) through POST api/authentication/account.
// 4. Asks /healthcheck alone for BASELINE_MS (the idle figures), then fires UPLOADS uploads at once: most to POST
//    api/images as guests, FORM_UPLOADS to the account's upload page (POST /upload-rx, multipart, as a browser
//    without JavaScript), each from its own client address (X-Forwarded-For), while one poller asks /healthcheck
//    every POLL_GAP_MS (one request at a time: each answer's time is how long the event loop kept it waiting), and a
//    second asks /version, which makes no database query (on PGlite every query shares one connection on the event
//    loop, so the health check also waits for the uploads' queries).
// 5. Prints the health check's p50/p99/max during the uploads and its share of the 100 ms ceiling, and each upload's
//    time and answer. Exit code 1 when the server does not start or an upload has no answer; the ceiling is
//    reported, not asserted.
//
// Env: BENCH_URL, BENCH_DATABASE_URL (a Postgres database for the started server; it should be empty: the server
// migrates it) and BENCH_WEB_CONCURRENCY (its processes, default 1), BENCH_UPLOADS (default 16), BENCH_FORM_UPLOADS (default 4 of them), BENCH_UPLOAD_MB (default 9.5),
// BENCH_CPU_PROFILE=DIR (the started server runs under `node --cpu-prof`; `npm run profile:summary DIR` reads it).
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { fileURLToPath } from "node:url";
import sharp from "sharp";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const BUILD_ENTRY = path.join(ROOT, "build/server/index.js");
const HOST = "127.0.0.1";
const UPLOADS = Number(process.env.BENCH_UPLOADS ?? 16);
const FORM_UPLOADS = Math.min(UPLOADS, Number(process.env.BENCH_FORM_UPLOADS ?? 4));
const UPLOAD_BYTES = Math.round(Number(process.env.BENCH_UPLOAD_MB ?? 9.5) * 1024 * 1024);
/** The issue's ceiling for the health check during the uploads. */
const CEILING_MS = 100;
/** The issue's ceiling for one upload's answer (its classification), at p95. */
const UPLOAD_CEILING_MS = 1_500;
/** One at a time: each committed fixture this many times (BENCH_SEQUENTIAL_ROUNDS, 0 to skip). */
const SEQUENTIAL_ROUNDS = Number(process.env.BENCH_SEQUENTIAL_ROUNDS ?? 3);
const FIXTURES = path.join(ROOT, "tests/fixtures/rx");
const BASELINE_MS = 2_000;
const POLL_GAP_MS = 10;
/** An upload still without an answer by then counts as unanswered (the issue saw 6 of 16 after 120 s). */
const UPLOAD_TIMEOUT_MS = 150_000;
const START_TIMEOUT_MS = 180_000;

interface Answer {
  status: number;
  body: string;
  ms: number;
}

function request(
  base: URL,
  method: string,
  pathname: string,
  options: { headers?: Record<string, string>; body?: Buffer; timeoutMs?: number } = {},
): Promise<Answer> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const req = http.request(
      new URL(pathname, base),
      {
        method,
        headers: { ...options.headers, ...(options.body ? { "content-length": String(options.body.length) } : {}) },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (chunk: Buffer) => chunks.push(chunk));
        res.on("end", () =>
          resolve({
            status: res.statusCode ?? 0,
            body: Buffer.concat(chunks).toString("utf8"),
            ms: performance.now() - started,
          }),
        );
        res.on("error", reject);
      },
    );
    req.setTimeout(options.timeoutMs ?? 30_000, () => req.destroy(new Error("timed out")));
    req.on("error", reject);
    req.end(options.body);
  });
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.listen(0, HOST, () => {
      const address = server.address();
      server.close(() =>
        typeof address === "object" && address ? resolve(address.port) : reject(new Error("no port")),
      );
    });
  });
}

async function startServer(): Promise<{ base: URL; child: ChildProcess; dataDir: string }> {
  if (!fs.existsSync(BUILD_ENTRY)) {
    console.log("No build found; building…");
    const built = spawnSync("npx", ["react-router", "build"], { cwd: ROOT, stdio: "inherit" });
    if (built.status !== 0) throw new Error("the build failed");
  }
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "lenslane-bench-uploads-"));
  // PGlite in its own data dir, whatever the calling shell's DATABASE_URL says.
  const { DATABASE_URL: _unused, ...env } = process.env;
  const profile = process.env.BENCH_CPU_PROFILE
    ? ["--cpu-prof", `--cpu-prof-dir=${process.env.BENCH_CPU_PROFILE}`]
    : [];
  const child = spawn(process.execPath, [...profile, "server.js"], {
    cwd: ROOT,
    env: {
      ...env,
      PORT: String(port),
      HOST,
      DATA_DIR: dataDir,
      LOG_LEVEL: "warn",
      TRUST_PROXY: "1",
      SESSION_SECRET: randomBytes(32).toString("hex"),
      WEB_CONCURRENCY: process.env.BENCH_WEB_CONCURRENCY ?? "1",
      // On a Postgres database of its own when asked (BENCH_DATABASE_URL), else PGlite in the data dir.
      ...(process.env.BENCH_DATABASE_URL ? { DATABASE_URL: process.env.BENCH_DATABASE_URL } : {}),
    },
    stdio: ["ignore", "inherit", "inherit"],
  });
  const base = new URL(`http://${HOST}:${port}/`);
  const deadline = Date.now() + START_TIMEOUT_MS;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited (${child.exitCode})`);
    const answer = await request(base, "GET", "/healthcheck", { timeoutMs: 2_000 }).catch(() => null);
    if (answer?.status === 200) break;
    if (Date.now() > deadline) throw new Error("the server did not answer /healthcheck in time");
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return { base, child, dataDir };
}

/** A JPEG of about `bytes` bytes: noise, which JPEG cannot compress, so the size is all pixels to decode. */
async function bigJpeg(bytes: number): Promise<Buffer> {
  const width = 4000;
  const height = 3000;
  const noise = {
    create: {
      width,
      height,
      channels: 3 as const,
      background: "#808080",
      noise: { type: "gaussian" as const, mean: 128, sigma: 60 },
    },
  };
  let quality = 90;
  let jpeg = await sharp(noise).jpeg({ quality }).toBuffer();
  // Nudge the quality until the file is just under the size asked for.
  while (jpeg.length > bytes && quality > 40) {
    quality -= 4;
    jpeg = await sharp(noise).jpeg({ quality }).toBuffer();
  }
  return jpeg;
}

function multipart(
  field: string,
  file: Buffer,
  fields: Record<string, string> = {},
  name = "prescription.jpg",
  type = "image/jpeg",
) {
  const boundary = `----bench${randomBytes(12).toString("hex")}`;
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  }
  parts.push(
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${name}"\r\n` +
        `Content-Type: ${type}\r\n\r\n`,
    ),
    file,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  );
  return { body: Buffer.concat(parts), contentType: `multipart/form-data; boundary=${boundary}` };
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

const fmt = (ms: number) => (Number.isFinite(ms) ? `${ms.toFixed(1)} ms` : "–");

async function createCustomer(base: URL): Promise<string> {
  const email = `bench-uploads-${Date.now()}-${randomBytes(3).toString("hex")}@example.com`;
  const answer = await request(base, "POST", "/api/authentication/account", {
    headers: { "content-type": "application/json", "x-forwarded-for": "198.51.100.250" },
    body: Buffer.from(
      JSON.stringify({ emailAddress: email, password: "bench-uploads-pw-1", firstName: "Bench", lastName: "Uploads" }),
    ),
  });
  const token = /"token"\s*:\s*"([A-Za-z0-9_-]+)"/.exec(answer.body)?.[1];
  if (answer.status !== 201 || !token)
    throw new Error(`could not create the customer (${answer.status}): ${answer.body}`);
  return token;
}

/** Asks /healthcheck one request at a time until `stop` says so; each answer's time. */
async function pollHealth(
  base: URL,
  stop: () => boolean,
  pathname = "/healthcheck",
): Promise<{ times: number[]; failures: number }> {
  const times: number[] = [];
  let failures = 0;
  while (!stop()) {
    const answer = await request(base, "GET", pathname, { timeoutMs: 60_000 }).catch(() => null);
    if (answer?.status === 200) times.push(answer.ms);
    else failures++;
    await new Promise((resolve) => setTimeout(resolve, POLL_GAP_MS));
  }
  return { times, failures };
}

function summary(label: string, times: number[]) {
  const sorted = [...times].sort((a, b) => a - b);
  const p99 = percentile(sorted, 99);
  console.log(
    `${label.padEnd(26)} n=${String(sorted.length).padStart(4)}  p50 ${fmt(percentile(sorted, 50)).padStart(10)}  ` +
      `p99 ${fmt(p99).padStart(10)}  max ${fmt(sorted.at(-1) ?? NaN).padStart(10)}  ` +
      `p99 = ${((p99 / CEILING_MS) * 100).toFixed(0)}% of the ${CEILING_MS} ms ceiling`,
  );
  return p99;
}

/**
 * Uploads answer with their classification (the quick look), not the reading: each committed fixture (a form, its
 * phone photo, a box label, a person, a landscape, the HEIC, TIFF and PDF) sent alone to POST api/images, one after
 * another, `SEQUENTIAL_ROUNDS` times; the answer's time at p50 and p95 against the 1.5 s ceiling. The readings these
 * uploads queue run meanwhile on the server's other threads, as they would.
 */
async function sequentialUploads(base: URL): Promise<void> {
  const files = [
    ["prescription-clean.png", "image/png"],
    ["prescription-photo.jpg", "image/jpeg"],
    ["box-label.png", "image/png"],
    ["human.jpg", "image/jpeg"],
    ["other.jpg", "image/jpeg"],
    ["prescription.heic", "image/heic"],
    ["prescription.tiff", "image/tiff"],
    ["prescription.pdf", "application/pdf"],
  ] as const;
  const times: number[] = [];
  const statuses = new Map<number, number>();
  let address = 1;
  for (let round = 0; round < SEQUENTIAL_ROUNDS; round++) {
    for (const [name, type] of files) {
      const { body, contentType } = multipart("images", fs.readFileSync(path.join(FIXTURES, name)), {}, name, type);
      const answer = await request(base, "POST", "/api/images", {
        headers: {
          "content-type": contentType,
          accept: "application/json",
          "x-forwarded-for": `203.0.113.${address++}`,
        },
        body,
      });
      times.push(answer.ms);
      statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1);
    }
  }
  const sorted = [...times].sort((a, b) => a - b);
  const p95 = percentile(sorted, 95);
  console.log(
    `One upload at a time (${times.length}: the ${files.length} committed fixtures × ${SEQUENTIAL_ROUNDS}): ` +
      `p50 ${fmt(percentile(sorted, 50))}  p95 ${fmt(p95)}  max ${fmt(sorted.at(-1) ?? NaN)}  ` +
      `p95 = ${((p95 / UPLOAD_CEILING_MS) * 100).toFixed(0)}% of the ${UPLOAD_CEILING_MS} ms ceiling; answers ` +
      [...statuses].map(([status, n]) => `${n} × ${status}`).join(", "),
  );
  console.log("");
}

async function main() {
  let server: Awaited<ReturnType<typeof startServer>> | null = null;
  const base = process.env.BENCH_URL ? new URL(process.env.BENCH_URL) : (server = await startServer()).base;
  try {
    await request(base, "GET", "/healthcheck");
    if (SEQUENTIAL_ROUNDS > 0) await sequentialUploads(base);
    const jpeg = await bigJpeg(UPLOAD_BYTES);
    console.log(
      `Upload: a ${(jpeg.length / 1024 / 1024).toFixed(2)} MB JPEG (4000 × 3000), ${UPLOADS} at once ` +
        `(${UPLOADS - FORM_UPLOADS} to POST api/images, ${FORM_UPLOADS} to POST /upload-rx), on ${os.cpus().length} cores`,
    );
    const token = FORM_UPLOADS > 0 ? await createCustomer(base) : null;
    // Warm the routes once (the first request to each loads its module).
    await request(base, "GET", "/healthcheck");

    let idleDone = false;
    setTimeout(() => (idleDone = true), BASELINE_MS);
    const idle = await pollHealth(base, () => idleDone);

    let uploadsDone = false;
    const during = pollHealth(base, () => uploadsDone);
    // The same without the database: what the event loop alone adds (the health check also waits for its query).
    const duringVersion = pollHealth(base, () => uploadsDone, "/version");
    const started = performance.now();
    const uploads = Array.from({ length: UPLOADS }, (_, i) => {
      const form = i >= UPLOADS - FORM_UPLOADS;
      const { body, contentType } = form
        ? multipart("image", jpeg, { intent: "upload-rx" })
        : multipart("images", jpeg);
      const headers: Record<string, string> = {
        "content-type": contentType,
        // Each upload from its own client (documentation addresses): the per-address limit is not what is measured.
        "x-forwarded-for": `198.51.100.${i + 1}`,
        ...(form ? { authorization: `Bearer ${token}`, accept: "text/html" } : { accept: "application/json" }),
      };
      return request(base, "POST", form ? "/upload-rx" : "/api/images", { headers, body, timeoutMs: UPLOAD_TIMEOUT_MS })
        .then((answer) => ({ form, ...answer, error: null as string | null }))
        .catch((error: unknown) => ({
          form,
          status: 0,
          body: "",
          ms: performance.now() - started,
          error: error instanceof Error ? error.message : String(error),
        }));
    });
    const answers = await Promise.all(uploads);
    const wall = performance.now() - started;
    uploadsDone = true;
    const health = await during;
    const version = await duringVersion;

    console.log("");
    console.log("/healthcheck");
    summary("  idle", idle.times);
    const p99 = summary("  during the uploads", health.times);
    if (health.failures > 0) console.log(`  ${health.failures} health checks failed or timed out during the uploads`);
    summary("/version (no database query)", version.times);
    console.log("");
    console.log(`Uploads (all answered within ${(wall / 1000).toFixed(1)} s of the first)`);
    const sortedTimes = answers.map((answer) => answer.ms).sort((a, b) => a - b);
    console.log(
      `  time: p50 ${fmt(percentile(sortedTimes, 50))}  max ${fmt(sortedTimes.at(-1) ?? NaN)}  ` +
        `(${(UPLOADS / (wall / 1000)).toFixed(2)} uploads/s)`,
    );
    const byAnswer = new Map<string, number>();
    for (const answer of answers) {
      const key = `${answer.form ? "POST /upload-rx" : "POST api/images"} → ${answer.error ? `no answer (${answer.error})` : answer.status}`;
      byAnswer.set(key, (byAnswer.get(key) ?? 0) + 1);
    }
    for (const [key, n] of byAnswer) console.log(`  ${String(n).padStart(3)} × ${key}`);
    for (const answer of answers) {
      const expected = answer.form ? answer.status === 303 : answer.status === 201;
      if (!expected && answer.status !== 0) {
        console.log(`  e.g. ${answer.status}: ${answer.body.slice(0, 200).replace(/\s+/g, " ")}`);
        break;
      }
    }
    console.log("");
    console.log(
      p99 < CEILING_MS
        ? `OK: the health check's p99 during the uploads is under ${CEILING_MS} ms.`
        : `MISS: the health check's p99 during the uploads is ${fmt(p99)}, over the ${CEILING_MS} ms ceiling.`,
    );
    if (answers.some((answer) => answer.status === 0)) process.exitCode = 1;
  } finally {
    if (server) {
      server.child.kill("SIGTERM");
      await new Promise((resolve) => server!.child.once("exit", resolve));
      fs.rmSync(server.dataDir, { recursive: true, force: true });
    }
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});

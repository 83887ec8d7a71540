// The process entry: `npm start` (production build) and `npm run dev` (Vite in middleware mode).
// Outside APP_ENV=production it builds when the build is missing or older than the sources (so `npm install && npm
// start` works on a fresh machine); in production it never builds: `npm run build` is the release's build step, and
// a missing build stops the start. With WEB_CONCURRENCY > 1 (Postgres only) this process forks that many server
// processes sharing the port (node:cluster), replaces one that dies, and passes SIGTERM/SIGINT on. Each server shuts
// down gracefully: stop accepting, let in-flight requests finish, then close the database.
import { spawnSync } from "node:child_process";
import cluster from "node:cluster";
import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";

const dev = process.argv.includes("--dev");
const production = process.env.APP_ENV === "production";
const BUILD_ENTRY = "build/server/index.js";
const SOURCE_DIRS = ["app", "server", "public"];
const SOURCE_FILES = [
  "vite.config.ts",
  "react-router.config.ts",
  "package.json",
  "package-lock.json",
  // The production commands `npm run build` bundles into build/scripts/ (scripts/build-scripts.mjs).
  "scripts/build-scripts.mjs",
  "scripts/worker.ts",
  "scripts/jobs.ts",
  "scripts/migrate.ts",
];

function newestMtime(target) {
  let stat;
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

function ensureBuild() {
  let builtAt = 0;
  try {
    builtAt = fs.statSync(BUILD_ENTRY).mtimeMs;
  } catch {
    // Not built yet.
  }
  const sourcesAt = Math.max(...SOURCE_DIRS.map(newestMtime), ...SOURCE_FILES.map(newestMtime));
  if (builtAt > 0 && builtAt >= sourcesAt) return;
  console.log(builtAt ? "Sources changed since the last build; building…" : "No build found; building…");
  // The whole build: the server's, and the production commands' (worker, jobs, db:migrate) in build/scripts/.
  const result = spawnSync("npm", ["run", "build"], { stdio: "inherit" });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

/** Production starts only from a build made by the release step: it never builds (nor trusts file times). */
function requireBuild() {
  if (fs.existsSync(BUILD_ENTRY)) return;
  console.error(`No build at ${BUILD_ENTRY}. In production the build is a release step: run \`npm run build\` first.`);
  process.exit(1);
}

/** Configuration errors are written for people: print the message, not a stack. */
function fail(error) {
  console.error(error?.name === "ConfigError" ? error.message : error);
  process.exit(1);
}

/** A worker that dies is replaced, unless they keep dying: this many deaths within a minute stop the server. */
const MAX_DEATHS_PER_MINUTE = 5;

/** The cluster's primary: forks `count` servers and keeps them running; serves nothing itself. */
function runPrimary(count) {
  let stopping = false;
  const deaths = [];
  const fork = () => cluster.fork();
  cluster.on("exit", (worker, code, signal) => {
    if (stopping) {
      if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(process.exitCode ?? 0);
      return;
    }
    const now = Date.now();
    deaths.push(now);
    while (deaths.length && deaths[0] < now - 60_000) deaths.shift();
    console.error(`server process ${worker.process.pid} exited (${signal ?? `code ${code}`})`);
    if (deaths.length >= MAX_DEATHS_PER_MINUTE) {
      console.error(`${deaths.length} server processes died within a minute; stopping.`);
      stopping = true;
      for (const other of Object.values(cluster.workers ?? {})) other?.process.kill("SIGTERM");
      process.exitCode = 1;
      if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(1);
      return;
    }
    fork();
  });
  for (let i = 0; i < count; i++) fork();
  console.log(`Lenslane is starting ${count} server processes`);
  const stop = (signal) => {
    if (stopping) return;
    stopping = true;
    // Each server finishes its in-flight requests (at most 10 s) and closes its database.
    for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill(signal);
    setTimeout(() => process.exit(1), 15_000).unref();
  };
  process.on("SIGTERM", () => stop("SIGTERM"));
  process.on("SIGINT", () => stop("SIGINT"));
}

const version = JSON.parse(fs.readFileSync("package.json", "utf8")).version;
let running;
let viteDevServer;
try {
  if (dev) {
    const vite = await import("vite");
    viteDevServer = await vite.createServer({ server: { middlewareMode: true } });
    const mod = await viteDevServer.ssrLoadModule("./server/app.ts");
    running = await mod.startApp({ mode: "development", env: process.env, version, viteDevServer });
  } else {
    if (cluster.isPrimary) {
      if (production) requireBuild();
      else ensureBuild();
    }
    process.env.NODE_ENV ??= "production";
    const mod = await import(pathToFileURL(path.resolve(BUILD_ENTRY)).href);
    // The primary reads (and checks) the configuration before any fork: a bad value stops the start once, and the
    // development session secret is created before the servers read it.
    const processes = cluster.isPrimary ? mod.parseConfig(process.env, version).webConcurrency : 1;
    if (processes > 1) runPrimary(processes);
    else running = await mod.startApp({ mode: "production", env: process.env, version });
  }
} catch (error) {
  fail(error);
}
// The cluster's primary serves nothing: its workers listen.
if (running) serve(running);

function serve(running) {
  const { app, config, logger } = running;
  const server = app.listen(config.port, config.host, () => {
    const address = server.address();
    const port = typeof address === "object" && address ? address.port : config.port;
    logger.info({ port, appEnv: config.appEnv, mode: dev ? "development" : "production" }, "listening");
    if (process.stdout.isTTY) console.log(`Lenslane is serving on http://localhost:${port}`);
  });
  server.keepAliveTimeout = 5_000;
  // `Expect: 100-continue` goes to the app, which asks for the body only when it will take it (a declared body over
  // the limit is answered 413 before it is sent: server/request-bodies.ts).
  server.on("checkContinue", app);

  let stopping = false;
  async function shutdown(signal) {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, "shutting down");
    const force = setTimeout(() => {
      logger.error("in-flight requests did not finish within 10 s; exiting");
      process.exit(1);
    }, 10_000);
    force.unref();
    server.close(async () => {
      try {
        await running.close();
        await viteDevServer?.close();
      } finally {
        logger.info("stopped");
        process.exit(0);
      }
    });
    // Idle keep-alive connections would hold close() open; busy ones finish their request first.
    server.closeIdleConnections();
  }
  process.on("SIGTERM", () => void shutdown("SIGTERM"));
  process.on("SIGINT", () => void shutdown("SIGINT"));
}

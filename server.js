// The process entry: `npm start` (production build) and `npm run dev` (Vite in middleware mode).
// It builds when the build is missing or older than the sources, starts the app, listens, and shuts down
// gracefully on SIGTERM/SIGINT: stop accepting, let in-flight requests finish, then close the database.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";

const dev = process.argv.includes("--dev");
const BUILD_ENTRY = "build/server/index.js";
const SOURCE_DIRS = ["app", "server", "public"];
const SOURCE_FILES = ["vite.config.ts", "react-router.config.ts", "package.json", "package-lock.json"];

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
  const result = spawnSync("npx", ["react-router", "build"], { stdio: "inherit" });
  if (result.status !== 0) process.exit(result.status ?? 1);
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
    ensureBuild();
    process.env.NODE_ENV ??= "production";
    const mod = await import(pathToFileURL(path.resolve(BUILD_ENTRY)).href);
    running = await mod.startApp({ mode: "production", env: process.env, version });
  }
} catch (error) {
  // Configuration errors are written for people: print the message, not a stack.
  console.error(error?.name === "ConfigError" ? error.message : error);
  process.exit(1);
}

const { app, config, logger } = running;
const server = app.listen(config.port, config.host, () => {
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : config.port;
  logger.info({ port, appEnv: config.appEnv, mode: dev ? "development" : "production" }, "listening");
  if (process.stdout.isTTY) console.log(`Lenslane is serving on http://localhost:${port}`);
});
server.keepAliveTimeout = 5_000;

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

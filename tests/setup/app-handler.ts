import fs from "node:fs";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import type * as ReactRouter from "react-router";
import { createServer, type ViteDevServer } from "vite";
import type * as ContextKeys from "~/services/platform/context.server";
import type { AppServices } from "~/services/platform/context.server";
import type { DatabaseHandle } from "~/services/db/client.server";
import type * as TestContext from "./test-context";

/**
 * The whole app as one request handler over a test database: route modules, the root middleware and the server
 * render, loaded by Vite as the dev server loads them. Services and context keys come from Vite's module graph (the
 * one the routes import), so they are looked up there, not imported by the test. Cookies made with the test
 * services (`tests/setup/test-context.ts`) work here: both sign with the same test secret.
 *
 * The handler runs in React Router's production mode, as the server does: in development mode every document
 * request first asks the dev server for the page's critical CSS (a walk of Vite's module graph), which made a
 * redirect cost 35 times what it costs in production and the route fuzz test three times longer.
 */
export interface AppHandler {
  handle(request: Request): Promise<Response>;
  services: AppServices;
  close(): Promise<void>;
}

export async function startAppHandler(database: DatabaseHandle): Promise<AppHandler> {
  return withStartLock(() => startUnlocked(database));
}

/**
 * A dev server's React Router plugin deletes and rewrites `.react-router/types` as it starts; two starting at once
 * race (ENOTEMPTY, an unhandled rejection). Test files run side by side, so the starts take turns under a lock
 * directory (mkdir is atomic across processes); the tests themselves run in parallel. A lock left by a process that
 * died is taken over.
 */
async function withStartLock<T>(start: () => Promise<T>): Promise<T> {
  const lock = path.resolve(".cache/vite-dev-start.lock");
  fs.mkdirSync(path.dirname(lock), { recursive: true });
  for (;;) {
    try {
      fs.mkdirSync(lock);
      fs.writeFileSync(path.join(lock, "pid"), String(process.pid));
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      if (!ownerAlive(lock)) fs.rmSync(lock, { recursive: true, force: true });
      else await sleep(100);
    }
  }
  try {
    return await start();
  } finally {
    fs.rmSync(lock, { recursive: true, force: true });
  }
}

function ownerAlive(lock: string): boolean {
  let pid: number;
  try {
    pid = Number(fs.readFileSync(path.join(lock, "pid"), "utf8"));
  } catch {
    // Just made, its pid not written yet: give it the benefit of the doubt unless it is old.
    try {
      return Date.now() - fs.statSync(lock).mtimeMs < 10_000;
    } catch {
      return false;
    }
  }
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

async function startUnlocked(database: DatabaseHandle): Promise<AppHandler> {
  const vite: ViteDevServer = await createServer({
    configFile: "vite.config.ts",
    server: { middlewareMode: true, hmr: false, watch: null },
    appType: "custom",
    logLevel: "silent",
    optimizeDeps: { noDiscovery: true, include: [] },
  });
  try {
    const testContext = (await vite.ssrLoadModule("/tests/setup/test-context.ts")) as typeof TestContext;
    const keys = (await vite.ssrLoadModule("/app/services/platform/context.server.ts")) as typeof ContextKeys;
    const router = (await vite.ssrLoadModule("react-router")) as typeof ReactRouter;
    const services = testContext.createTestServices(database);
    services.logger.level = "silent";
    const build = await vite.ssrLoadModule("virtual:react-router/server-build");
    const handler = router.createRequestHandler(build as never, "production");
    return {
      services,
      handle(request) {
        const context = new router.RouterContextProvider();
        context.set(keys.servicesContext, services);
        context.set(keys.requestInfoContext, { requestId: "test", nonce: "test-nonce", clientIp: "127.0.0.1" });
        return handler(request, context as never);
      },
      close: () => vite.close(),
    };
  } catch (error) {
    await vite.close();
    throw error;
  }
}

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
 */
export interface AppHandler {
  handle(request: Request): Promise<Response>;
  services: AppServices;
  close(): Promise<void>;
}

export async function startAppHandler(database: DatabaseHandle): Promise<AppHandler> {
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
    const handler = router.createRequestHandler(build as never, "development");
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

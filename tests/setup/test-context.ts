import { testContentDir } from "./test-content";
import os from "node:os";
import path from "node:path";
import { RouterContextProvider, type MiddlewareFunction } from "react-router";
import { createFileContentSource } from "~/services/adapters/content/file-content.server";
import {
  createEmailSender,
  createTaxCalculator,
  createPaymentGateway,
  createExamProvider,
  createChatProvider,
  createNewChatProvider,
  createEligibilityService,
  createAlternateEligibilityServices,
  createPayPalProvider,
  createPayIn4Provider,
  createAnalyticsRecorder,
  createPrescriberVerifier,
  createAddressVerifier,
  createImageStore,
  createPrescriptionReader,
} from "~/server/adapters.server";
import { parseConfig } from "~/services/platform/config.server";
import { requestInfoContext, servicesContext, type AppServices } from "~/services/platform/context.server";
import type { DatabaseHandle } from "~/services/db/client.server";
import { logger } from "~/services/platform/logger.server";
import { createAppSession } from "~/services/platform/session.server";
import { visitorMiddleware } from "~/server/visitor.server";

export const TEST_SESSION_SECRET = "test-secret-0123456789abcdef0123456789abcdef";

/** The app's services over a test database, as the server builds them. */
export function createTestServices(database: DatabaseHandle, env: Record<string, string> = {}): AppServices {
  const config = parseConfig(
    {
      APP_ENV: "development",
      DATA_DIR: path.join(os.tmpdir(), "lenslane-test-data"),
      SESSION_SECRET: TEST_SESSION_SECRET,
      SITE_URL: "http://store.test",
      CONTENT_DIR: testContentDir(),
      // Production refuses to start without Postgres; these services get their database handed in, so the URL only
      // satisfies the check and is never opened.
      ...(env.APP_ENV === "production" ? { DATABASE_URL: "postgres://unused.invalid/lenslane" } : {}),
      ...env,
    },
    "9.9.9-test",
  );
  const email = createEmailSender(config, database.db, logger);
  return {
    config,
    database,
    db: database.db,
    content: createFileContentSource({ root: config.contentDir, logger }),
    logger,
    sessions: createAppSession(config),
    email,
    tax: createTaxCalculator(),
    payments: createPaymentGateway(database.db),
    examProvider: createExamProvider(database.db),
    addressVerifier: createAddressVerifier(),
    imageStore: createImageStore(config, database.db),
    rxReader: createPrescriptionReader(config, logger),
    prescriberVerifier: createPrescriberVerifier(database.db),
    chat: createChatProvider(config, database.db, email),
    chatNewProvider: createNewChatProvider(config, database.db, email),
    insurance: createEligibilityService(database.db),
    insuranceAlternates: createAlternateEligibilityServices(database.db),
    paypal: createPayPalProvider(config, database.db),
    payIn4: createPayIn4Provider(config, database.db),
    analytics: createAnalyticsRecorder(config, database.db, logger),
  };
}

/** A request context as the server gives loaders and actions, with the root middleware already applied. */
export async function createRequestContext(services: AppServices, request: Request): Promise<RouterContextProvider> {
  const context = new RouterContextProvider();
  context.set(servicesContext, services);
  context.set(requestInfoContext, { requestId: "test-request", nonce: "test-nonce", clientIp: testClientIp(request) });
  await visitorMiddleware(
    { request, context, params: {}, unstable_pattern: "" } as never,
    async () => new Response(null),
  );
  return context;
}

/**
 * The client address a test request comes from: its `TEST_CLIENT_IP_HEADER`, else 127.0.0.1. Tests that act as many
 * shoppers give each its own, as the server would see them (per-address limits count per address).
 */
export const TEST_CLIENT_IP_HEADER = "x-test-client-ip";
const testClientIp = (request: Request) => request.headers.get(TEST_CLIENT_IP_HEADER) ?? "127.0.0.1";

/** Runs the root middleware around a handler and returns the final response (cache policy, cookie clearing). */
export async function runThroughMiddleware(
  services: AppServices,
  request: Request,
  handler: (context: RouterContextProvider) => Promise<Response>,
): Promise<Response> {
  const context = new RouterContextProvider();
  context.set(servicesContext, services);
  context.set(requestInfoContext, { requestId: "test-request", nonce: "test-nonce", clientIp: testClientIp(request) });
  try {
    return (await visitorMiddleware({ request, context, params: {}, unstable_pattern: "" } as never, () =>
      handler(context),
    )) as Response;
  } catch (thrown) {
    if (thrown instanceof Response) return thrown;
    throw thrown;
  }
}

/** Calls a loader or action and gives back what it returned or threw as a Response (redirects, 404s). */
export async function settle<T>(
  run: () => Promise<T> | T,
): Promise<T | Response | { type: "DataWithResponseInit"; data: unknown; init: ResponseInit | null }> {
  try {
    return await run();
  } catch (thrown) {
    if (thrown instanceof Response) return thrown;
    if (
      thrown &&
      typeof thrown === "object" &&
      "type" in thrown &&
      (thrown as { type: string }).type === "DataWithResponseInit"
    ) {
      return thrown as { type: "DataWithResponseInit"; data: unknown; init: ResponseInit | null };
    }
    throw thrown;
  }
}

type RouteArgs = { request: Request; params: Record<string, string | undefined>; context: RouterContextProvider };

/**
 * A nested route's loader or action as React Router runs it under its layouts: each layout's middleware in turn (a
 * guard that throws a redirect stops there), then the handler. `underLayouts([accountLayout], settingsLoader)`.
 */
export function underLayouts<T>(
  layouts: ReadonlyArray<{ middleware?: ReadonlyArray<MiddlewareFunction<Response>> }>,
  handler: (args: never) => T,
): (args: never) => Promise<Awaited<T>> {
  const chain = layouts.flatMap((layout) => layout.middleware ?? []);
  return async (args: never): Promise<Awaited<T>> => {
    let result: Awaited<T> | undefined;
    const run = async (index: number): Promise<Response> => {
      if (index === chain.length) {
        result = await handler(args);
        return new Response(null);
      }
      let answer: Response | undefined;
      const next = async () => (answer = await run(index + 1));
      await chain[index]!({ ...(args as RouteArgs), unstable_pattern: "" } as never, next);
      // As React Router does: a middleware that did not call next() has it called after it.
      return answer ?? next();
    };
    await run(0);
    return result as Awaited<T>;
  };
}

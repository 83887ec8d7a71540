// First: zod's JIT off before any schema is made (app/zod-config.ts).
import "./zod-config";
import { PassThrough } from "node:stream";
import { createReadableStreamFromReadable } from "@react-router/node";
import { isbot } from "isbot";
import { renderToPipeableStream, type RenderToPipeableStreamOptions } from "react-dom/server";
import { ServerRouter, type EntryContext, type RouterContextProvider } from "react-router";
import { NonceProvider } from "~/components/nonce";
import { requestInfoContext } from "~/services/platform/context.server";
import { logger, redactUrl } from "~/services/platform/logger.server";

export const streamTimeout = 5_000;

/**
 * People get a streamed response (the shell as soon as it is ready); crawlers get the complete document,
 * so they read every tag and all the content in one go.
 */
export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  if (request.method.toUpperCase() === "HEAD") {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }
  const { nonce } = loadContext.get(requestInfoContext);
  const userAgent = request.headers.get("user-agent");
  const readyOption: keyof RenderToPipeableStreamOptions =
    (userAgent && isbot(userAgent)) || routerContext.isSpaMode ? "onAllReady" : "onShellReady";

  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    let shellFailed = false;
    let timeoutId: ReturnType<typeof setTimeout> | undefined;

    const { pipe, abort } = renderToPipeableStream(
      <NonceProvider value={nonce}>
        <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
      </NonceProvider>,
      {
        nonce,
        [readyOption]() {
          shellRendered = true;
          const body = new PassThrough({
            final(callback) {
              clearTimeout(timeoutId);
              timeoutId = undefined;
              callback();
            },
          });
          responseHeaders.set("Content-Type", "text/html; charset=utf-8");
          pipe(body);
          resolve(
            new Response(createReadableStreamFromReadable(body), {
              headers: responseHeaders,
              status: responseStatusCode,
            }),
          );
        },
        onShellError(error: unknown) {
          shellFailed = true;
          clearTimeout(timeoutId);
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          // Errors before the shell is ready reject and are logged by React Router.
          // The URL without its secret query values (codes, tokens); the error without its query parameters.
          if (shellRendered) logger.error({ err: error, url: redactUrl(request.url) }, "render error");
        },
      },
    );
    // Armed after the call: a render that throws at once leaves no timer behind to call an `abort` never assigned.
    if (!shellFailed) timeoutId = setTimeout(() => abort(), streamTimeout + 1000);
  });
}

export function handleError(error: unknown, { request }: { request: Request }) {
  // Aborted requests (the shopper navigated away) are not errors.
  if (request.signal.aborted) return;
  logger.error({ err: error, url: redactUrl(request.url) }, "unhandled error");
}

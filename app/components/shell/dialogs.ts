import { lazy } from "react";

/**
 * The shell's URL dialogs (`?signin=…`, `?consent=ad-choices`), each its own chunk with its forms, Conform and the
 * zod schemas they validate with: pages ship them only when a dialog opens (docs/decisions/0026).
 *
 * Rendered without a Suspense boundary, on purpose. On the server the shell waits for the chunk, so an open dialog
 * is in the first HTML for browsers without JavaScript (decision 4); a boundary would let React stream it later
 * into a hidden part that only a script reveals (React outlines a finished boundary once the page before it is
 * past about 12 KB). In the browser, hydration keeps the server's dialog until the chunk is in, and a navigation
 * that opens a dialog (a transition) keeps the page until then.
 */
export const SignInDialog = lazy(() =>
  import("~/components/auth/SignInDialog").then((module) => ({ default: module.SignInDialog })),
);
export const AdChoicesDialog = lazy(() =>
  import("~/components/consent/AdChoicesDialog").then((module) => ({ default: module.AdChoicesDialog })),
);

// First: zod's JIT must be off before any schema is created (see zod-config.ts).
import "./zod-config";
import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";
import { startPageReporting } from "./client/start";

// Unhandled errors and Core Web Vitals (issue 28): listening before hydration, so its errors are reported too.
startPageReporting();

// React Router's default client entry.
startTransition(() => {
  hydrateRoot(
    document,
    <StrictMode>
      <HydratedRouter />
    </StrictMode>,
  );
});

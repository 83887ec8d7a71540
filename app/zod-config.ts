import { z } from "zod";

/**
 * zod v4 compiles object parsers with `new Function` when it may, and probes for that with a `new Function("")`
 * the first time an object schema is made. The store's Content-Security-Policy has no 'unsafe-eval', so in the
 * browser the probe is a CSP violation on every page (caught, but reported). We keep the policy and turn the JIT
 * off: parsing small forms is no slower for it. Imported first by both entries and by the root route (whose module
 * graph the browser runs before the client entry), so it runs before any schema exists.
 */
z.config({ jitless: true });

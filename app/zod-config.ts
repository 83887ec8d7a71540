/**
 * zod v4 compiles object parsers with `new Function` when it may, and probes for that with a `new Function("")`
 * the first time an object schema is made. The store's Content-Security-Policy has no 'unsafe-eval', so in the
 * browser the probe is a CSP violation on every page (caught, but reported). We keep the policy and turn the JIT
 * off: parsing small forms is no slower for it. Imported first by both entries and by the root route (whose module
 * graph the browser runs before the client entry), so it runs before any schema exists.
 *
 * zod keeps its settings in one object on `globalThis.__zod_globalConfig` (zod/v4/core/core.js: shared by every copy
 * of zod, created by whichever comes first), which is what `z.config({ jitless: true })` writes. Setting it here
 * without importing zod keeps zod's code out of pages that validate nothing in the browser (decision 26); the test
 * next to this file checks that zod reads it.
 */
const holder = globalThis as typeof globalThis & { __zod_globalConfig?: { jitless?: boolean } };
(holder.__zod_globalConfig ??= {}).jitless = true;

export {};

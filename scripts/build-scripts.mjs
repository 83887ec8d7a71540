// `npm run build:scripts` (part of `npm run build`): the production commands that are not the web server, bundled
// from TypeScript into build/scripts/ so that production runs them with plain `node`, with no TypeScript loader
// (tsx is a development dependency, gone after `npm prune --omit=dev`):
//
//   scripts/worker.ts  → build/scripts/worker.js   `npm run worker`
//   scripts/jobs.ts    → build/scripts/jobs.js     `npm run jobs`
//   scripts/migrate.ts → build/scripts/migrate.js  `npm run db:migrate`
//   scripts/events-export.ts → build/scripts/events-export.js  `npm run events:export`
//
// The app's own code (the `~/` imports, resolved through tsconfig.json's paths) goes into each bundle; packages stay
// imports of node_modules, as in the server build, so native and worker-thread packages (sharp, onnxruntime, tesseract)
// load from where npm put them. Paths the code reads at run time (drizzle/, content/, DATA_DIR) are relative to the
// working directory, the checkout's root, as before.
import { build } from "esbuild";

const ENTRIES = ["scripts/worker.ts", "scripts/jobs.ts", "scripts/migrate.ts", "scripts/events-export.ts"];

await build({
  entryPoints: ENTRIES,
  outdir: "build/scripts",
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node20.19",
  packages: "external",
  // Stack traces name the TypeScript sources (the npm scripts run node with --enable-source-maps).
  sourcemap: true,
  logLevel: "warning",
});

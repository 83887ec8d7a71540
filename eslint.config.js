import js from "@eslint/js";
import jsxA11y from "eslint-plugin-jsx-a11y";
import reactHooks from "eslint-plugin-react-hooks";
import { createTypeScriptImportResolver } from "eslint-import-resolver-typescript";
import importX from "eslint-plugin-import-x";
import globals from "globals";
import tseslint from "typescript-eslint";
import { floorZones } from "./eslint/floors.js";

export default tseslint.config(
  {
    ignores: ["build/", "data/", "node_modules/", "test-results/", "playwright-report/", ".react-router/", "drizzle/"],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ["**/*.{ts,tsx}"],
    plugins: { "react-hooks": reactHooks, "jsx-a11y": jsxA11y },
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      ...reactHooks.configs.recommended.rules,
      ...jsxA11y.flatConfigs.recommended.rules,
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "@typescript-eslint/consistent-type-imports": ["error", { fixStyle: "inline-type-imports" }],
    },
  },
  {
    // Dependency rules of DESIGN.md: models are pure; components never reach services.
    files: ["app/models/**/*.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              group: ["~/services/*", "~/routes/*", "~/components/*", "react", "react-router"],
              message: "models are pure: no services, routes, components or React",
            },
          ],
        },
      ],
    },
  },
  {
    // The floors of app/ (eslint/floors.js, docs/architecture.md): no import runs back up.
    files: ["app/**/*.{ts,tsx}"],
    ignores: ["app/**/*.test.{ts,tsx}"],
    plugins: { "import-x": importX },
    settings: { "import-x/resolver-next": [createTypeScriptImportResolver({ project: "./tsconfig.json" })] },
    rules: { "import-x/no-restricted-paths": ["error", { zones: floorZones() }] },
  },
  {
    // The browser's own modules (app/client/: error reporting, vitals) likewise.
    files: ["app/components/**/*.{ts,tsx}", "app/client/**/*.{ts,tsx}"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              group: ["~/services/*", "~/server/*", "~/routes/*"],
              message: "components import models, never services or routes",
            },
          ],
        },
      ],
    },
  },
  {
    files: ["server.js", "scripts/**/*.{js,mjs}", "eslint/**/*.js"],
    languageOptions: { globals: globals.node },
  },
);

import { ESLint } from "eslint";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

/**
 * The lint's floors (eslint/floors.js, docs/architecture.md) fail an import that runs back up, type-only ones too,
 * and let an import down through. Linted as text with a path inside the repository, through the project's own
 * eslint.config.js, so the `~/` alias and relative paths resolve as they do for `npm run lint`.
 */
const root = fileURLToPath(new URL("..", import.meta.url));
const eslint = new ESLint({ cwd: root });

async function floorErrors(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: `${root}/${filePath}` });
  return (result?.messages ?? [])
    .filter((message) => message.ruleId === "import-x/no-restricted-paths")
    .map((message) => message.message);
}

describe("the floors of app/", () => {
  it("fail the database floor importing a domain, by the alias or a relative path, type-only too", async () => {
    const viaAlias = await floorErrors(
      "app/services/db/schema/lint-fixture.ts",
      'import { placeOrder } from "~/services/checkout/place-order.server";\nexport const used = placeOrder;\n',
    );
    expect(viaAlias).toEqual([expect.stringMatching(/db sits below checkout/)]);

    const typeOnly = await floorErrors(
      "app/services/db/schema/lint-fixture.ts",
      'import type { OrderServices } from "../../checkout/order-confirmation.server";\nexport type Used = OrderServices;\n',
    );
    expect(typeOnly).toEqual([expect.stringMatching(/db sits below checkout/)]);
  }, 60_000);

  it("fail platform importing the composition root, and a domain importing one above it", async () => {
    expect(
      await floorErrors(
        "app/services/platform/lint-fixture.server.ts",
        'import { startJobs } from "~/server/jobs.server";\nexport const used = startJobs;\n',
      ),
    ).toEqual([expect.stringMatching(/platform sits below the composition root/)]);
    expect(
      await floorErrors(
        "app/services/cart/lint-fixture.server.ts",
        'import { placeOrder } from "../checkout/place-order.server";\nexport const used = placeOrder;\n',
      ),
    ).toEqual([expect.stringMatching(/cart sits below checkout/)]);
  }, 60_000);

  it("let imports run down: a domain to the floors below it, a route to anything", async () => {
    expect(
      await floorErrors(
        "app/services/checkout/lint-fixture.server.ts",
        [
          'import { withCartLock } from "../cart/cart.server";',
          'import type { AppServices } from "~/services/platform/context.server";',
          'import { orders } from "~/services/db/schema";',
          'import { paymentKey } from "~/models/order-plan";',
          "export const used = [withCartLock, orders, paymentKey];",
          "export type Used = AppServices;",
          "",
        ].join("\n"),
      ),
    ).toEqual([]);
    expect(
      await floorErrors(
        "app/routes/lint-fixture.tsx",
        'import { visitorMiddleware } from "~/server/visitor.server";\nexport const used = visitorMiddleware;\n',
      ),
    ).toEqual([]);
  }, 60_000);
});

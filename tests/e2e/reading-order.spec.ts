import type { APIRequestContext } from "@playwright/test";
import { SITE } from "../../app/models/site";
import { seedProducts } from "../../app/services/db/seed/catalog-data.server";
import { expect, hasJavaScript, promoRibbonContent, test } from "./fixtures";
import { textBrowserLines, textOfElement } from "./reading-order";

// Issue 13: the pages read well without CSS. Checked on the HTML a text browser gets, read the way it reads it
// (tests/e2e/text-browser.ts). Nothing is clicked or filled in, so these run once (in the js project).

test.beforeEach(() => {
  test.skip(!hasJavaScript(), "HTML only: nothing differs without JavaScript");
});

const RIBBON = promoRibbonContent();
const EXAM_RIBBON = RIBBON.route_overrides.find((override) => override.route === "/exam")!;
const TORIC = seedProducts.find((product) => product.vanityUrl === "acuvue-oasys-for-astigmatism-6-pack")!;

async function htmlOf(request: APIRequestContext, path: string): Promise<string> {
  const response = await request.get(path);
  expect(response.status(), path).toBe(200);
  return response.text();
}

/** Where `block` appears as consecutive lines of `lines`, or -1. */
function blockIndex(lines: string[], block: string[]): number {
  return lines.findIndex((_, start) => block.every((line, offset) => lines[start + offset] === line));
}

test("the header's icon links print their words: the cart link's words come before its count", async ({ request }) => {
  const header = textOfElement(await htmlOf(request, "/"), /<header\b[^>]*class="site-header/, "header");
  expect(header).toContain(`Sign in Call us at ${SITE.phoneDisplay} Cart, 0 items`);
  // The hamburger and search toggles have words too, and no line is a bare number.
  expect(header[0]).toBe("Menu");
  expect(header).toContain("Search");
  expect(header.filter((line) => /^\d+$/.test(line))).toEqual([]);
});

test("the promo ribbon prints its text once, and its close button has words", async ({ request }) => {
  const html = await htmlOf(request, "/");
  const ribbon = textOfElement(html, /<aside\b[^>]*class="promo-ribbon/, "aside");
  expect(ribbon[0]).toBe(`${RIBBON.label} ${RIBBON.desktop_text}`);
  expect(ribbon).toContain("[Close promotion]");
  expect(textBrowserLines(html).join("\n").split(RIBBON.desktop_text!)).toHaveLength(2);
});

test("a route's ribbon prints its desktop text only, not its mobile text", async ({ request }) => {
  const html = await htmlOf(request, "/exam/landing");
  const ribbon = textOfElement(html, /<aside\b[^>]*class="promo-ribbon/, "aside");
  expect(ribbon[0]).toBe(`${RIBBON.label} ${EXAM_RIBBON.desktop_text}`);
  expect(textBrowserLines(html).join("\n")).not.toContain(EXAM_RIBBON.mobile_text);
});

test("the progress bar reads '1. Choose lenses', each number printed once", async ({ request }) => {
  const html = await htmlOf(request, `/lens/${TORIC.vanityUrl}`);
  expect(textOfElement(html, /<ol\b[^>]*aria-label="Checkout progress"/, "ol")).toEqual([
    "1. Choose lenses",
    "2. Prescription & patient",
    "3. Review & checkout",
  ]);
});

for (const [path, title] of [
  ["/?signin=sign-in", "Sign in"],
  ["/lenses?consent=ad-choices", "Your ad choices"],
  [`/lens/${TORIC.vanityUrl}?rebates=one-and-done`, "One-and-done rebates"],
]) {
  test(`the '${title}' dialog comes right after the header, before the page and the footer`, async ({ request }) => {
    const html = await htmlOf(request, path!);
    const headerEnd = html.indexOf("</header>");
    const dialog = html.indexOf("<dialog");
    const progressBar = html.indexOf('class="progress-bar"');
    const main = html.indexOf("<main");
    expect(headerEnd).toBeGreaterThan(0);
    expect(dialog).toBeGreaterThan(headerEnd);
    if (progressBar >= 0) expect(progressBar).toBeGreaterThan(dialog);
    expect(main).toBeGreaterThan(dialog);
    expect(html.indexOf("<footer")).toBeGreaterThan(main);
    // Without JavaScript nothing keeps focus in it: no modal claim.
    expect(html).not.toContain("aria-modal");

    // As read: the dialog (its title first), then the page, then the footer.
    const lines = textBrowserLines(html);
    const dialogLines = textOfElement(html, /<dialog\b/, "dialog");
    expect(dialogLines.slice(0, 2)).toEqual([title, "Close"]);
    const mainLines = textOfElement(html, /<main\b/, "main");
    const dialogAt = blockIndex(lines, dialogLines);
    const mainAt = blockIndex(lines, mainLines);
    expect(dialogAt).toBeGreaterThan(blockIndex(lines, textOfElement(html, /<header\b/, "header")));
    expect(mainAt).toBeGreaterThan(dialogAt);
    expect(lines.indexOf("We accept")).toBeGreaterThan(mainAt);
  });
}

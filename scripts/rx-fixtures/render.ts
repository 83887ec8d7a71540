/**
 * One Chromium, one page, reused for every picture: the fonts load once (data: URLs in the page's own style),
 * then each document replaces the stage's content and the #doc element is screenshot. Far cheaper than a
 * navigation per image, and screenshots are deterministic for a given Chromium and font set.
 */
import { type Browser, chromium, type Page } from "@playwright/test";
import { ALL_FAMILIES, fontFaceCss } from "./fonts";

const CHROMIUM = process.env.RX_FIXTURES_CHROMIUM ?? "/usr/bin/chromium";
const ARGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
  "--font-render-hinting=none",
];

const VIEWPORT = { width: 1600, height: 2400 };

export interface Renderer {
  /** Renders the HTML (which must hold an element with id "doc") and returns that element as a PNG. */
  render(html: string): Promise<Buffer>;
  close(): Promise<void>;
}

export async function openRenderer(): Promise<Renderer> {
  const browser: Browser = await chromium.launch({ executablePath: CHROMIUM, args: ARGS });
  // Tall enough for any page, so a screenshot never needs to reach beyond the viewport.
  const context = await browser.newContext({ viewport: VIEWPORT, deviceScaleFactor: 1 });
  // Nothing may come from the network: every resource is inline.
  await context.route("**/*", (route) =>
    route.request().url().startsWith("data:") ? route.continue() : route.abort(),
  );
  const page: Page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await page.setContent(
    `<!doctype html><html><head><meta charset="utf-8"><style>${fontFaceCss()}
      html,body{margin:0;padding:0;background:#777}
      #stage{display:inline-block;padding:0;margin:0}
      #doc>svg{display:block}
      *{-webkit-font-smoothing:antialiased}
    </style></head><body><div id="stage"></div></body></html>`,
  );
  // Load every face now, so the first document is not drawn in a fallback font.
  await page.evaluate(async (families) => {
    const loads = families.flatMap((f) => [`400 16px '${f}'`, `700 16px '${f}'`, `italic 400 16px '${f}'`]);
    await Promise.all(loads.map((spec) => document.fonts.load(spec)));
  }, ALL_FAMILIES);

  return {
    async render(html: string): Promise<Buffer> {
      const rect = await page.evaluate(async (content) => {
        const stage = document.getElementById("stage");
        if (!stage) throw new Error("no stage");
        stage.innerHTML = content;
        await document.fonts.ready;
        const doc = document.getElementById("doc");
        if (!doc) throw new Error("the HTML has no #doc element");
        const r = doc.getBoundingClientRect();
        return { left: r.left, top: r.top, right: r.right, bottom: r.bottom };
      }, html);
      // Whole pixels inside the element, so no sliver of the page background shows at an edge. Chromium's
      // own screenshot call with optimizeForSpeed (a faster PNG encoder) is about 40% quicker than
      // locator.screenshot, which adds scrolling and stability checks a static page does not need.
      if (rect.right > VIEWPORT.width || rect.bottom > VIEWPORT.height) {
        throw new Error(`#doc is ${Math.round(rect.right)}×${Math.round(rect.bottom)} px, larger than the viewport`);
      }
      const x = Math.ceil(rect.left);
      const y = Math.ceil(rect.top);
      const clip = { x, y, width: Math.floor(rect.right) - x, height: Math.floor(rect.bottom) - y, scale: 1 };
      const shot = await cdp.send("Page.captureScreenshot", { format: "png", clip, optimizeForSpeed: true });
      return Buffer.from(shot.data, "base64");
    },
    async close() {
      await browser.close();
    },
  };
}

import { afterEach, describe, expect, it, vi } from "vitest";
import { PAGE_LOG_EVENT } from "~/models/client-log";

// Spec 1 §9: error reporting samples 50% of page views in production and all of them elsewhere, decided once per page
// view from the environment the page's data layer names.

vi.mock("./page-performance", () => ({ startPagePerformance: vi.fn() }));
const { pageAppEnv, startPageReporting } = await import("./start");

function pageOf(layer: string | null) {
  const window = new EventTarget();
  const listening = vi.spyOn(window, "addEventListener");
  vi.stubGlobal("window", window);
  vi.stubGlobal("document", { getElementById: () => (layer === null ? null : { textContent: layer }) });
  return listening;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("startPageReporting", () => {
  it("reports half the page views in production", () => {
    const production = JSON.stringify({ pageName: "home", appEnv: "production" });
    expect(pageOf(production)).not.toHaveBeenCalled();
    startPageReporting(() => 0.49);
    expect((window.addEventListener as ReturnType<typeof vi.fn>).mock.calls.map(([type]) => type)).toEqual([
      "error",
      "unhandledrejection",
      "pagehide",
      PAGE_LOG_EVENT,
    ]);
    const skipped = pageOf(production);
    startPageReporting(() => 0.5);
    expect(skipped).not.toHaveBeenCalled();
  });

  it("reports every page view elsewhere, and samples a page that names no environment as production", () => {
    const development = pageOf(JSON.stringify({ appEnv: "development" }));
    startPageReporting(() => 0.999);
    expect(development).toHaveBeenCalledTimes(4);
    const unnamed = pageOf(null);
    expect(pageAppEnv()).toBeNull();
    startPageReporting(() => 0.6);
    expect(unnamed).not.toHaveBeenCalled();
    pageOf("{not json");
    expect(pageAppEnv()).toBeNull();
  });
});

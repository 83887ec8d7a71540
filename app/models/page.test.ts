import { describe, expect, it } from "vitest";
import { PAGE_PATHS, pagePath, resolvePageHandle } from "./page";

describe("page names (spec 2.1)", () => {
  it("maps every page name to the spec's path", () => {
    expect(PAGE_PATHS).toMatchObject({
      "404": "/404",
      Address: "/address",
      AutoReorder: "/account/subscriptions",
      Cart: "/cart",
      Checkout: "/checkout",
      Doctor: "/doctor",
      ExamDeclined: "/exam/exam-declined",
      ExamPreOrder: "/exam/exam-complete",
      ExamRxDetails: "/exam/rx-details",
      LensProductDetailPage: "/lens",
      OrderHistory: "/order-history",
      Parameters: "/parameters",
      Patient: "/patient",
      ProductListPage: "/lenses",
      RxDetails: "/rx-details",
      RxWallet: "/rx-wallet",
      ThankYou: "/thank-you",
      RapidReorder: "/rapid-reorder",
      UploadSuccess: "/upload-success",
    });
  });

  it("appends an optional extra segment and yields null for unknown names", () => {
    expect(pagePath("LensProductDetailPage", "acuvue-oasys")).toBe("/lens/acuvue-oasys");
    expect(pagePath("Cart")).toBe("/cart");
    expect(pagePath("NoSuchPage")).toBeNull();
    expect(pagePath("toString")).toBeNull();
  });
});

describe("resolvePageHandle", () => {
  it("takes the deepest handle over the defaults", () => {
    const resolved = resolvePageHandle([
      { handle: undefined },
      { handle: { pageName: "Checkout", headerType: "simple", footerSimplified: true } },
    ]);
    expect(resolved).toEqual({
      pageName: "Checkout",
      headerType: "simple",
      footerVisible: true,
      footerSimplified: true,
      progressBar: true,
      headerPromoVisible: true,
      shell: true,
      liveChat: false,
    });
  });

  it("shows the chat launcher only where a page asks for it", () => {
    expect(resolvePageHandle([{ handle: { pageName: "Home", liveChat: true } }]).liveChat).toBe(true);
    expect(resolvePageHandle([{ handle: { pageName: "Cart" } }]).liveChat).toBe(false);
  });

  it("renders the shell unless a page says it stands alone", () => {
    expect(resolvePageHandle([{ handle: { pageName: "Home" } }]).shell).toBe(true);
    expect(resolvePageHandle([]).shell).toBe(true);
    expect(resolvePageHandle([{ handle: { pageName: "DevFloor", shell: false } }]).shell).toBe(false);
  });

  it("evaluates a header type that depends on the page's data", () => {
    const handle = { pageName: "Content", headerType: (data: unknown) => (data as { h: "portal" }).h };
    expect(resolvePageHandle([{ handle, data: { h: "portal" } }]).headerType).toBe("portal");
    expect(resolvePageHandle([]).headerType).toBe("standard");
  });

  it("shows the progress bar and the full footer unless the page (or its data) says otherwise", () => {
    expect(resolvePageHandle([{ handle: { pageName: "Cart" } }])).toMatchObject({
      progressBar: true,
      footerSimplified: false,
    });
    const handle = {
      pageName: "UploadSuccess",
      progressBar: (data: unknown) => (data as { kind: string }).kind === "group",
      footerSimplified: (data: unknown) => (data as { kind: string }).kind === "group",
    };
    expect(resolvePageHandle([{ handle, data: { kind: "group" } }])).toMatchObject({
      progressBar: true,
      footerSimplified: true,
    });
    expect(resolvePageHandle([{ handle, data: { kind: "order" } }])).toMatchObject({
      progressBar: false,
      footerSimplified: false,
    });
    expect(resolvePageHandle([{ handle: { pageName: "Dashboard", progressBar: false } }]).progressBar).toBe(false);
  });
});

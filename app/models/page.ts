/** Shell options a route declares in its `handle` (spec 2.4). */
export type HeaderType = "standard" | "simple" | "portal";

export interface PageHandle {
  pageName: string;
  /** A function when the page's data decides it (content pages carry their own header type). */
  headerType?: HeaderType | ((data: unknown) => HeaderType | undefined);
  /** Default true. */
  footerVisible?: boolean;
  /** The simplified footer omits the upper part (spec 2.8). A function when the page's data decides it. */
  footerSimplified?: boolean | ((data: unknown) => boolean);
  /**
   * Default true: the funnel's progress bar shows on the pages it has a step for (funnel-progress.ts). A function
   * when the page's data decides it (upload-success is a purchase step for a cart's group, not for an order's or the
   * account's upload).
   */
  progressBar?: boolean | ((data: unknown) => boolean);
  /** Default true. */
  headerPromoVisible?: boolean;
  /**
   * Default true. false: the document holds the page alone, without the shell (ribbon, header, dialogs, reminder,
   * progress bar, footer). Only the bench's framework floor (/dev/floor) does this.
   */
  shell?: boolean;
  /** Default false. The live chat launcher (spec 3 §2: on home and dynamic content pages; decision 37). */
  liveChat?: boolean;
  /**
   * "public": anonymous responses may be kept by a shared cache (catalog and content pages).
   * Everything else is private, no-store.
   */
  cache?: "public";
  /**
   * The page opens a URL dialog through <PageWithDialog>: the shell renders the route once more, right after the
   * header, for its dialog (components/ui/DialogSlot.tsx).
   */
  pageDialog?: boolean;
  /**
   * The notification sources this page allows (spec 1 §2.4; models/notifications.ts). Not set: every source. The
   * root middleware reads it on the server (notification-centre.server.ts).
   */
  notificationSources?: readonly string[];
}

export type ResolvedPageHandle = Required<
  Omit<PageHandle, "cache" | "headerType" | "footerSimplified" | "progressBar" | "pageDialog" | "notificationSources">
> & {
  headerType: HeaderType;
  footerSimplified: boolean;
  progressBar: boolean;
};

export const DEFAULT_PAGE_HANDLE: ResolvedPageHandle = {
  pageName: "Unknown",
  headerType: "standard",
  footerVisible: true,
  footerSimplified: false,
  progressBar: true,
  headerPromoVisible: true,
  shell: true,
  liveChat: false,
};

/** Page-name to path map (spec 2.1). */
export const PAGE_PATHS = {
  "404": "/404",
  Address: "/address",
  AutoReorder: "/account/subscriptions",
  Cart: "/cart",
  Checkout: "/checkout",
  Doctor: "/doctor",
  ExamDeclined: "/exam/exam-declined",
  ExamLanding: "/exam",
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
  SolutionProductDetailPage: "/contact-lens-solution",
  UploadSuccess: "/upload-success",
} as const;
export type PageName = keyof typeof PAGE_PATHS;

/**
 * The path of a page name, with an optional extra segment appended. An unknown page name yields null (the
 * caller logs it; navigation falls back to the 404 page).
 */
export function pagePath(pageName: string, extraSegment?: string): string | null {
  if (!Object.hasOwn(PAGE_PATHS, pageName)) return null;
  return appendSegment(PAGE_PATHS[pageName as PageName], extraSegment);
}

/** A path with one more segment (slashes around it dropped, the rest encoded); none given, the path as it is. */
export function appendSegment(base: string, extraSegment?: string | null): string {
  if (!extraSegment) return base;
  return `${base}/${encodeURIComponent(extraSegment.replace(/^\/+|\/+$/g, ""))}`;
}

/** The deepest handle wins; an option given as a function is evaluated with that route's data. */
export function resolvePageHandle(matches: ReadonlyArray<{ handle?: unknown; data?: unknown }>): ResolvedPageHandle {
  const match = [...matches].reverse().find((candidate) => (candidate.handle as PageHandle | undefined)?.pageName);
  if (!match) return DEFAULT_PAGE_HANDLE;
  const handle = match.handle as PageHandle;
  const of = <T>(option: T | ((data: unknown) => T | undefined) | undefined): T | undefined =>
    typeof option === "function" ? (option as (data: unknown) => T | undefined)(match.data) : option;
  return {
    pageName: handle.pageName,
    headerType: of(handle.headerType) ?? DEFAULT_PAGE_HANDLE.headerType,
    footerVisible: handle.footerVisible ?? DEFAULT_PAGE_HANDLE.footerVisible,
    footerSimplified: of(handle.footerSimplified) ?? DEFAULT_PAGE_HANDLE.footerSimplified,
    progressBar: of(handle.progressBar) ?? DEFAULT_PAGE_HANDLE.progressBar,
    headerPromoVisible: handle.headerPromoVisible ?? DEFAULT_PAGE_HANDLE.headerPromoVisible,
    shell: handle.shell ?? DEFAULT_PAGE_HANDLE.shell,
    liveChat: handle.liveChat ?? DEFAULT_PAGE_HANDLE.liveChat,
  };
}

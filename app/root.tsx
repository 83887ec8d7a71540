// First: zod's JIT off before any schema is made (app/zod-config.ts); the browser runs this module before the entry.
import "./zod-config";
import { inCampaign } from "~/models/experiments/engine";
import { DateTime } from "luxon";
import type { ReactNode } from "react";
import {
  isRouteErrorResponse,
  Link,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useLocation,
  useMatches,
  useRouteError,
  useRouteLoaderData,
} from "react-router";
import type { Route } from "./+types/root";
import { HoneypotProvider } from "remix-utils/honeypot/react";
import { ChatLauncher } from "~/components/chat/ChatLauncher";
import { ProgressBar } from "~/components/checkout/ProgressBar";
import { PageDialogSlot } from "~/components/ui/DialogSlot";
import type { SignInDialogProps } from "./components/auth/SignInDialog";
import { AdChoicesDialog, SignInDialog } from "./components/shell/dialogs";
import { useNonce } from "./components/nonce";
import { NotFound } from "./components/shell/NotFound";
import { PrescriptionReminder } from "./components/shell/PrescriptionReminder";
import { PartnerRibbon } from "./components/shell/PartnerRibbon";
import { partnerRibbonView } from "./models/partner-sites";
import { partnerSiteFor } from "./services/growth/partner-site.server";
import { NotificationCentre } from "./components/shell/NotificationCentre";
import { AnalyticsDataLayer } from "./components/shell/AnalyticsDataLayer";
import { analyticsServiceType } from "./models/analytics";
import { PromoRibbon } from "./components/shell/PromoRibbon";
import { QaButton } from "./components/qa/QaButton";
import { SiteFooter } from "./components/shell/SiteFooter";
import { SiteHeader } from "./components/shell/SiteHeader";
import { adChoicesHref, isAdChoicesOpen, withoutAdChoices } from "./models/ad-choices-url";
import { HONEYPOT_INPUT_PROPS } from "./models/honeypot";
import { filterNavigationLinks } from "./models/navigation";
import { resolvePageHandle } from "./models/page";
import { resolvePromoRibbon, safeReturnPathSchema } from "./models/promo-ribbon";
import { prescriptionReminderView } from "./models/prescriptions";
import { signInEmailOf, signInSlide, withoutSignIn } from "./models/sign-in";
import { SITE } from "./models/site";
import { FALLBACK_HEADER_LINKS, FALLBACK_MAIN_LINKS, FALLBACK_SUB_LINKS } from "./services/adapters/content/defaults";
import { headerCartCount } from "./services/cart/cart-request.server";
import { requestMemoContext } from "./services/platform/request-memo.server";
import { servicesContext, visitorContext, type Visitor } from "./services/platform/context.server";
import { apiBoundaryMiddleware } from "./services/api/api-boundary.server";
import { prescriptionReminder } from "./services/prescriptions/wallet.server";
import {
  notificationCentre,
  notificationSourcesContext,
  notificationSourcesMiddleware,
} from "./services/notifications/notification-centre.server";
import { visitorMiddleware } from "./server/visitor.server";
import { paymentSwitches, qaPanelData, rememberQaFlag } from "./services/scenarios/feature-switches.server";
import { pageFeatures } from "./services/growth/page-features.server";
import { liveChatShell } from "./services/chat/proactive-chat.server";
import { ALL_PAYMENTS_ON } from "./models/feature-switches";
import stylesheet from "./app.css?url";
import progressBarStyles from "./styles/progress-bar.css?url";
import rxReminderStyles from "./styles/rx-reminder.css?url";
import notificationStyles from "./styles/notifications.css?url";
import chatStyles from "./styles/chat.css?url";

export const links: Route.LinksFunction = () => [
  { rel: "stylesheet", href: stylesheet },
  // The funnel's progress bar is part of the shell on several pages, so its few rules load with the shell.
  { rel: "stylesheet", href: progressBarStyles },
  // The expiring-prescription reminder shows under the header of any standard page, so its rules load with the shell.
  { rel: "stylesheet", href: rxReminderStyles },
  // The notification centre's positions, styles and slides (spec 1 §4.3): any page may show one.
  { rel: "stylesheet", href: notificationStyles },
  // The live chat launcher floats over home and content pages (decision 37); the chat pages share its rules.
  { rel: "stylesheet", href: chatStyles },
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
];

// The JSON API's 404/405/OPTIONS first (decision 40): they need no session.
// Then the page's allowed notification sources, from its route handle (only middleware sees the matched routes).
export const middleware: Route.MiddlewareFunction[] = [
  apiBoundaryMiddleware,
  visitorMiddleware,
  notificationSourcesMiddleware,
];

export async function loader({ request, context }: Route.LoaderArgs) {
  const services = context.get(servicesContext);
  const { content, config, sessions } = services;
  const visitor = context.get(visitorContext);
  const cartId = visitor.session.get("cartId");
  const url = new URL(request.url);
  const [headerMenu, mainMenu, subMenu, ribbonSlot, reminder, notification] = await Promise.all([
    content.getMenu("site-header"),
    content.getMenu("hamburger-menu-main-links"),
    content.getMenu("hamburger-menu-sub-links"),
    content.getPromoRibbonSlot(),
    // Signed in: the first-expiring prescription (one indexed read; a signed-in page is never shared by a cache).
    visitor.customer ? prescriptionReminder(services.db, visitor.customer.id) : null,
    // The one notification for this page: the form's answer, a held order's banner or the content system's.
    notificationCentre(services, visitor, {
      pathname: url.pathname,
      allowed: context.get(notificationSourcesContext),
      userAgent: request.headers.get("User-Agent"),
    }),
  ]);
  // Live chat's launcher and, on a phone, its proactive window (decision 63); a page with the window is not shared.
  const liveChat = await liveChatShell(services, visitor, request);
  if (liveChat.proactive) visitor.markPersonal();
  // A partner site's co-branding (decision 67): only the visitor's campaign variations decide it (the page cache's key).
  const partnerSite = await partnerSiteFor(services, visitor);
  // Links aimed at a campaign show for the visitor's variation (spec 1 §2.7).
  const navVisitor = {
    signedIn: visitor.signedIn,
    hasSubscriptions: visitor.hasSubscriptions,
    campaignPaths: visitor.campaignVariations,
    evaluateCampaign: (campaignId: string) => inCampaign(visitor.campaignVariations, campaignId),
  };
  return {
    appEnv: config.appEnv,
    signedIn: visitor.signedIn,
    hasSubscriptions: visitor.hasSubscriptions,
    // On the pages that read the cart themselves (cart, checkout), from their read (decision 27).
    cartCount: cartId
      ? await headerCartCount(services.db, cartId, visitor.priceBook, context.get(requestMemoContext))
      : 0,
    adChoice: sessions.adChoice(request.headers.get("Cookie")),
    headerLinks: filterNavigationLinks(headerMenu ?? undefined, navVisitor, FALLBACK_HEADER_LINKS),
    mainLinks: filterNavigationLinks(mainMenu ?? undefined, navVisitor, FALLBACK_MAIN_LINKS),
    subLinks: filterNavigationLinks(subMenu ?? undefined, navVisitor, FALLBACK_SUB_LINKS),
    ribbon: visitor.promoRibbonDismissed ? null : resolvePromoRibbon(ribbonSlot, url.pathname, DateTime.now()),
    signInDialog: signInDialogState(url, visitor),
    prescriptionReminder: reminder ? prescriptionReminderView(reminder) : null,
    partnerRibbon: partnerSite ? partnerRibbonView(partnerSite) : null,
    notification,
    // Spec 3 §9: 'Sales' without an order in the last 30 days, else 'Service' (from the visitor's one lookup).
    serviceType: analyticsServiceType(visitor.lastOrderAt),
    // The QA helper button (spec 1 §2.12): outside production, when ?qa turned it on for this session.
    qa: rememberQaFlag(config, visitor.session, url)
      ? qaPanelData(config, visitor, await pageFeatures(services))
      : null,
    // The footer's 'We accept' strip names the alternative payments that are on (spec 3 §5; issue 27).
    paymentSwitches: await paymentSwitches(services, visitor.session, "site"),
    liveChat,
  };
}

/** The sign-in dialog's state for this URL (spec 2.10), when a signed-out visitor has it open. */
function signInDialogState(url: URL, visitor: Visitor): SignInDialogProps | null {
  const slide = signInSlide(url.search);
  if (!slide || visitor.signedIn) return null;
  const redirectTo = safeReturnPathSchema.safeParse(url.searchParams.get("redirectTo") ?? undefined);
  return {
    slide,
    returnTo: withoutSignIn(`${url.pathname}${url.search}`),
    redirectTo: redirectTo.success && redirectTo.data ? redirectTo.data : null,
    guestMode: url.searchParams.get("mode") === "guest",
    notice: visitor.signInFlash.notice,
    email: signInEmailOf(url.search),
    lastResult: (visitor.signInFlash.result as SignInDialogProps["lastResult"]) ?? null,
  };
}

export function Layout({ children }: { children: ReactNode }) {
  const nonce = useNonce();
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <Meta />
        <Links />
      </head>
      <body>
        {children}
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

/** The document's shell. `route` is the page's route once more, for a page's own dialog (DialogSlot.tsx). */
function Shell({ children, route }: { children: ReactNode; route?: ReactNode }) {
  const data = useRouteLoaderData<typeof loader>("root");
  const handle = resolvePageHandle(useMatches());
  const location = useLocation();
  const returnTo = `${location.pathname}${location.search}`;
  const pageHref = withoutAdChoices(location.pathname, location.search);
  return (
    <>
      {/* The first thing to focus: past the ribbon, the header's menus and search forms, to the page. */}
      <a href="#main" className="skip-link">
        Skip to main content
      </a>
      {data?.ribbon && handle.headerPromoVisible ? <PromoRibbon ribbon={data.ribbon} returnTo={returnTo} /> : null}
      <SiteHeader
        headerType={handle.headerType}
        headerLinks={data?.headerLinks ?? [...FALLBACK_HEADER_LINKS]}
        mainLinks={data?.mainLinks ?? [...FALLBACK_MAIN_LINKS]}
        subLinks={data?.subLinks ?? [...FALLBACK_SUB_LINKS]}
        signedIn={data?.signedIn ?? false}
        hasSubscriptions={data?.hasSubscriptions ?? false}
        cartCount={data?.cartCount ?? 0}
        returnTo={returnTo}
        locationKey={location.key}
      />
      {/* Right after the header, so a reader meets them first (text browsers and screen readers read the document
          in order; with CSS a banner or a toast sits at the bottom and a dialog over the page): the notification centre's
          one notification (a held order's attention banner, the notice of what just happened, the content system's),
          then any open dialog, the shell's own and the page's (DialogSlot.tsx). */}
      <NotificationCentre notification={data?.notification ?? null} returnTo={returnTo} />
      {/* Each dialog's code is its own chunk, rendered without a Suspense boundary (components/shell/dialogs.ts). */}
      {data?.signInDialog ? <SignInDialog key={data.signInDialog.slide} {...data.signInDialog} /> : null}
      {isAdChoicesOpen(location.search) ? (
        <AdChoicesDialog current={data?.adChoice ?? null} closeHref={pageHref} />
      ) : null}
      {route ? <PageDialogSlot route={route} /> : null}
      {/* Under the header of standard pages (the funnel's simple-header steps keep the shopper on the order). */}
      {data?.partnerRibbon && handle.headerType === "standard" ? <PartnerRibbon partner={data.partnerRibbon} /> : null}
      {data?.prescriptionReminder && handle.headerType === "standard" ? (
        <PrescriptionReminder reminder={data.prescriptionReminder} />
      ) : null}
      {handle.progressBar ? <ProgressBar pageName={handle.pageName} /> : null}
      {/* tabIndex -1: the skip link moves focus here, so the next Tab goes on inside the page. */}
      <main id="main" className="page" data-page-name={handle.pageName} tabIndex={-1}>
        {children}
      </main>
      {data ? (
        <AnalyticsDataLayer
          dataLayer={{
            pageName: handle.pageName,
            signedIn: data.signedIn,
            serviceType: data.serviceType,
            appEnv: data.appEnv,
          }}
        />
      ) : null}
      {handle.footerVisible ? (
        <SiteFooter
          simplified={handle.footerSimplified}
          hasSubscriptions={data?.hasSubscriptions ?? false}
          adChoicesUrl={adChoicesHref(location.pathname, location.search)}
          paymentSwitches={data?.paymentSwitches ?? ALL_PAYMENTS_ON}
        />
      ) : null}
      {/* Last in the document: a text browser reads the page first; with CSS the launcher floats bottom right. */}
      {handle.liveChat && (data?.liveChat.on ?? true) ? (
        <ChatLauncher proactive={data?.liveChat.proactive ?? false} />
      ) : null}
      {data?.qa ? <QaButton panel={data.qa} /> : null}
    </>
  );
}

export default function App() {
  // The bench's framework floor (/dev/floor) measures a document without the shell.
  if (!resolvePageHandle(useMatches()).shell) return <Outlet />;
  return (
    <HoneypotProvider {...HONEYPOT_INPUT_PROPS}>
      <Shell route={<Outlet />}>
        <Outlet />
      </Shell>
    </HoneypotProvider>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  const data = useRouteLoaderData<typeof loader>("root");
  if (isRouteErrorResponse(error) && error.status === 404) {
    return (
      <Shell>
        <title>{`Page not found | ${SITE.name}`}</title>
        <NotFound signedIn={data?.signedIn ?? false} />
      </Shell>
    );
  }
  const status = isRouteErrorResponse(error) ? error.status : 500;
  // Client errors carry a message written for shoppers ({ error: "..." }); server errors never show details.
  const message =
    isRouteErrorResponse(error) && status < 500 && typeof error.data?.error === "string" ? error.data.error : null;
  return (
    <Shell>
      <title>{`${status < 500 ? "We couldn't do that" : "Something went wrong"} | ${SITE.name}`}</title>
      <section className="error-page" role="alert">
        <h1>{status < 500 ? "We couldn't do that" : "Something went wrong"}</h1>
        <p>{message ?? "We're sorry — this page didn't load. Please try again."}</p>
        <p>
          <Link to="/">Go to the home page</Link> or call us at <a href={SITE.phoneHref}>{SITE.phoneDisplay}</a>.
        </p>
      </section>
    </Shell>
  );
}

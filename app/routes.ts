import { index, route, type RouteConfig } from "@react-router/dev/routes";

/**
 * The route table of spec 2.1, written out so it reads like the spec. Content pages share one module; the
 * catch-all at the end serves any other content page that exists, follows legacy redirects, and is the 404.
 */

const content = (path: string) => route(path, "routes/content-page.tsx", { id: `content:${path}` });

export default [
  index("routes/home.tsx"),
  route("404", "routes/not-found.tsx"),

  // Content pages (spec 2.1), and the CMS-driven ones.
  ...[
    "accessibility",
    "common-questions-faq",
    "eyesociety",
    "returns-and-exchanges",
    "best-price-guarantee",
    "careers",
    "contact-us",
    "help-center",
    "call-to-order",
    "landing/:id",
    "mt/:id",
    "privacy",
    "terms",
    "rebates",
    "public-policy/:id",
    "ad-choices",
    "air-optix-colors-be-colorful",
    "fsa-fund-use",
    "job-listing",
    "qrrecap",
    "the-company",
    "how-to-order",
    "how-to-read-rx",
    "coupon",
    "glasses",
    "gajillion-percent-promise",
    "subscriptions",
    "patents",
    "mobile-app",
    "block",
    "bot-blocker",
  ].map(content),
  route("sitemap", "routes/sitemap.tsx"),

  // Catalog and product pages.
  route("lenses/:facet?", "routes/lenses.tsx"),
  route("contact-lens-solution", "routes/contact-lens-solution.tsx"),
  route("search/:facet?", "routes/search.tsx"),
  route("lens/:name", "routes/product.tsx", { id: "product:lens" }),
  route("contact-lens-solution/:name", "routes/product.tsx", { id: "product:solution" }),
  // A brand's manufacturer rebates (the legacy /rebate/{brand} and /manufacturer-rebates/{brand} redirect here).
  route("rebates/:brand", "routes/rebates.$brand.tsx"),
  route("images/products/:file", "routes/images.products.$file.ts"),
  // Open Graph cards (PNG): a product page's and the home page's.
  route("images/og/products/:file", "routes/images.og.$file.ts", { id: "og-image:product" }),
  route("images/og/:file", "routes/images.og.$file.ts", { id: "og-image:page" }),
  route("resources/search-suggestions", "routes/resources.search-suggestions.ts"),

  // Authentication API (spec 1 section 7): JSON, the spec's error codes, bearer tokens for API clients.
  ...[
    "login",
    "autoLogin",
    "pinLogin",
    "logout",
    "passwordReset",
    "guestReset",
    "updatePassword",
    "password",
    "email/password",
    "email",
    "phone",
    "account",
    "createPin",
  ].map((path) => route(`api/authentication/${path}`, `routes/api.authentication.${path.replace("/", ".")}.ts`)),

  // Catalog API (spec 3 section 7) for other clients: JSON, 400 for bad parameters.
  route("api/catalog", "routes/api.catalog.ts"),
  route("api/catalog/upc/:upc", "routes/api.catalog.upc.$upc.ts"),
  route("api/catalog/upc/:upc/discontinued", "routes/api.catalog.upc.$upc.discontinued.ts"),
  route("api/catalog/:id", "routes/api.catalog.$id.ts"),
  route("api/catalog/:id/parameters", "routes/api.catalog.$id.parameters.ts"),
  route("api/catalog/:id/match", "routes/api.catalog.$id.match.ts"),
  route("api/startup", "routes/api.startup.ts"),
  route("api/cart", "routes/api.cart.ts"),
  route("api/cart/coupon", "routes/api.cart.coupon.ts"),
  route("api/cart/shippingMethod", "routes/api.cart.shippingMethod.ts"),
  route("api/coupon/unique", "routes/api.coupon.unique.ts"),
  route("api/promotions/all", "routes/api.promotions.all.ts"),
  route(
    "api/promotions/productDiscountsWithProductSpecific",
    "routes/api.promotions.productDiscountsWithProductSpecific.ts",
  ),
  route("api/promotions/rebates/:productId", "routes/api.promotions.rebates.$productId.ts"),
  route("api/rebates/order/:orderNumber", "routes/api.rebates.order.$orderNumber.ts"),
  route("api/orders/history/:pageSize/:page", "routes/api.orders.history.ts"),
  route("api/orders/:id/details", "routes/api.orders.$id.details.ts"),

  // Subscriptions API (spec 3 §7): JSON for API clients.
  route("api/autoReorder", "routes/api.autoReorder.ts"),
  route("api/autoReorder/promotions", "routes/api.autoReorder.promotions.ts"),
  route("api/autoReorder/frequency", "routes/api.autoReorder.frequency.ts"),
  route("api/autoReorder/:id", "routes/api.autoReorder.$id.ts"),
  ...["nextReorderDate", "subscriptionQuantity", "address", "payment", "orderSubscriptionNow"].map((path) =>
    route(`api/autoReorder/:id/${path}`, `routes/api.autoReorder.$id.${path}.ts`),
  ),

  // The API's description, and the calls of issue 17's catalog and subscription part (decisions 40 and 41).
  route("api/openapi.json", "routes/api.openapi.json.ts"),
  route("graphql", "routes/graphql.ts"),
  route("api/catalog/:id/pricing", "routes/api.catalog.$id.pricing.ts"),
  // The spec lists this one without the api/ prefix; both spellings answer.
  route("catalog/:id/discontinued", "routes/api.catalog.$id.discontinued.ts", { id: "catalog:discontinued" }),
  route("api/catalog/:id/discontinued", "routes/api.catalog.$id.discontinued.ts", { id: "api:catalog:discontinued" }),
  route("api/autoReorder/summary", "routes/api.autoReorder.summary.ts"),
  route("api/autoReorder/prescription", "routes/api.autoReorder.prescription.ts"),
  route(
    "api/autoReorder/prescription/:id/isExamPrescription",
    "routes/api.autoReorder.prescription.$id.isExamPrescription.ts",
  ),

  // Eye-care providers API (spec 2 §7): JSON for API clients.
  route("api/eyeCareProviders", "routes/api.eyeCareProviders.ts"),
  route("api/eyeCareProviders/recent", "routes/api.eyeCareProviders.recent.ts"),
  route("api/eyeCareProviders/clinic/:clinicId", "routes/api.eyeCareProviders.clinic.$clinicId.ts"),
  route("api/eyeCareProviders/search", "routes/api.eyeCareProviders.search.ts"),
  // The spec lists this one without the api/ prefix; both spellings answer.
  route("eyeCareProviders/patient", "routes/api.eyeCareProviders.patient.ts", { id: "eyeCareProviders:patient" }),
  route("api/eyeCareProviders/patient", "routes/api.eyeCareProviders.patient.ts", {
    id: "api:eyeCareProviders:patient",
  }),

  // Eye doctors.
  route("eye-doctor-search", "routes/eye-doctor-search.tsx"),
  route("eye-doctors/:clinicId", "routes/eye-doctors.$clinicId.tsx"),

  // The purchase funnel (spec 4.5).
  route("cart", "routes/cart.tsx"),
  route("rx-details", "routes/rx-details.tsx"),
  route("parameters", "routes/parameters.tsx"),
  route("patient", "routes/patient.tsx"),
  route("address", "routes/address.tsx"),
  route("doctor", "routes/doctor.tsx"),
  route("checkout", "routes/checkout.tsx"),
  // PayPal's return (decision 53); pay in 4 returns to thank-you with orderToken and status.
  route("checkout/paypal", "routes/checkout.paypal.tsx"),
  route("thank-you", "routes/thank-you.tsx"),

  // Account pages: every /account/* page sits under the layout whose middleware opens the sign-in dialog for a
  // signed-out shopper before any of their loaders or actions runs. /account itself is the entry guard; any other
  // /account/* path is not found (the catch-all).
  route("account", "routes/account.tsx", [
    index("routes/account._index.tsx"),
    route("settings", "routes/account.settings.tsx"),
    route("settings/payment-methods", "routes/account.settings.payment-methods.tsx"),
    route("addresses", "routes/account.addresses.tsx"),
    route("addresses/new", "routes/account.addresses.new.tsx"),
    route("addresses/:addressId", "routes/account.addresses.$addressId.tsx"),
    route("subscriptions", "routes/account.subscriptions.tsx"),
    route("subscriptions/:subscriptionId", "routes/account.subscriptions.$subscriptionId.tsx"),
    route("order-history", "routes/order-history.tsx", { id: "account-order-history" }),
    route("order-history/:orderNumber", "routes/order-history.$orderNumber.tsx"),
    route("prescriptions", "routes/rx-wallet.tsx", { id: "account-prescriptions" }),
    route("prescriptions/:prescriptionId", "routes/account.prescriptions.$prescriptionId.tsx"),
  ]),
  // The e-mailed snooze link's page: works signed out (the link's signed token names the subscription).
  route("auto-reorder/snooze", "routes/auto-reorder.snooze.tsx"),
  route("order-history", "routes/order-history.tsx"),

  // Prescriptions: upload (also upload-rx?oid={orderNumber}), the wallet.
  route("upload-rx", "routes/upload-rx.tsx"),
  route("upload-success", "routes/upload-success.tsx"),
  route("rx-wallet", "routes/rx-wallet.tsx"),
  route("rx-images/:imageId", "routes/rx-images.$imageId.ts"),
  route("rx-images/:imageId/page", "routes/rx-images.$imageId.page.ts"),

  // Prescriptions API (spec 2 §7): JSON for API clients.
  route("api/images", "routes/api.images.ts"),
  route("api/images/order/:orderNumber", "routes/api.images.order.$orderNumber.ts"),
  route("api/images/:id", "routes/api.images.$id.ts"),
  route("api/rxReader/analyzeRxImage", "routes/api.rxReader.analyzeRxImage.ts"),
  route("api/rxWallet", "routes/api.rxWallet.ts"),
  route("api/rxWallet/summary", "routes/api.rxWallet.summary.ts"),
  route("api/rxWallet/prescription/clone", "routes/api.rxWallet.prescription.clone.ts"),
  route("api/rxWallet/lineItemGroupsWithPriceBook", "routes/api.rxWallet.lineItemGroupsWithPriceBook.ts"),
  route("api/rxWallet/:id", "routes/api.rxWallet.$id.ts", { id: "api:rxWallet:id" }),
  // The spec lists the delete without the api/ prefix; both spellings answer.
  route("rxWallet/:id", "routes/api.rxWallet.$id.ts", { id: "rxWallet:id" }),

  // Wallet and payments API (spec 3 §7; issue 27, decision 56). api/paymentMethods is also the spec's DELETE
  // api/paymentmethods: paths match case-insensitively, so one module answers both methods.
  route("api/wallet", "routes/api.wallet.ts"),
  route("api/paymentMethods", "routes/api.paymentMethods.ts"),
  route("api/paymentMethods/nonce", "routes/api.paymentMethods.nonce.ts"),
  route("api/paymentMethods/afterpay", "routes/api.paymentMethods.afterpay.ts"),
  route("api/paymentMethods/afterpayBillingAgreement", "routes/api.paymentMethods.afterpayBillingAgreement.ts"),
  route("api/sitePreferences/brainTree", "routes/api.sitePreferences.brainTree.ts"),
  // The spec lists the key without the api/ prefix; both spellings answer.
  route("sitePreferences/ccgEncryptionKey", "routes/api.sitePreferences.ccgEncryptionKey.ts", {
    id: "sitePreferences:ccgEncryptionKey",
  }),
  route("api/sitePreferences/ccgEncryptionKey", "routes/api.sitePreferences.ccgEncryptionKey.ts", {
    id: "api:sitePreferences:ccgEncryptionKey",
  }),

  // The online vision exam (issue 16; spec 1 §2.2, spec 2 exam screens). Any other path under /exam is not found.
  route("exam", "routes/exam._index.tsx"),
  route("exam/landing", "routes/exam.landing.tsx"),
  route("exam/start", "routes/exam.start.tsx"),
  route("exam/start/signed-in", "routes/exam.start.tsx", { id: "exam-start-signed-in" }),
  route("exam/unsupported-browser", "routes/exam.unsupported-browser.tsx"),
  route("exam/payment", "routes/exam.payment.tsx"),
  route("exam/exam-complete", "routes/exam.exam-complete.tsx"),
  route("exam/exam-declined", "routes/exam.exam-declined.tsx"),
  route("exam/rx-details", "routes/exam.rx-details.tsx"),

  // The exam's API (spec 2 exam calls).
  route("api/examInfo", "routes/api.examInfo.ts"),
  route("api/examInfo/price", "routes/api.examInfo.price.ts"),
  route("api/examInfo/create", "routes/api.examInfo.create.ts"),
  route("api/examInfo/providerAddress/:id", "routes/api.examInfo.providerAddress.$id.ts"),
  route("api/examInfo/:token/details", "routes/api.examInfo.$token.details.ts"),
  route("api/examEligibility", "routes/api.examEligibility.ts"),
  route("api/orders/RecentExams", "routes/api.orders.RecentExams.ts"),
  route("api/cart/preorderexam", "routes/api.cart.preorderexam.ts"),

  // Insurance benefits (issue 27; decision 54): 'Check my benefits', a search's results (polled), applying.
  route("vision-insurance", "routes/vision-insurance.tsx"),
  route("vision-insurance/results/:token", "routes/vision-insurance.results.$token.tsx"),
  route("api/cart/insurance", "routes/api.cart.insurance.ts"),
  route("api/examInsurance/search", "routes/api.examInsurance.search.ts"),
  route("api/examInsurance/searchResult/:token", "routes/api.examInsurance.searchResult.$token.ts"),
  // Insurance benefits (issue 27; spec 3 §7 "Insurance benefits"): JSON, over the eligibility adapter.
  route("api/insurance/memberBenefitSearch", "routes/api.insurance.memberBenefitSearch.ts"),
  route("api/insurance/memberBenefitSearchResult/:token", "routes/api.insurance.memberBenefitSearchResult.$token.ts"),
  route("api/insurance/dateOfBirthVerification", "routes/api.insurance.dateOfBirthVerification.ts"),
  route("api/insurance/insuranceBenefitName/:id", "routes/api.insurance.insuranceBenefitName.$id.ts"),
  route("api/insurance/coverage/:id", "routes/api.insurance.coverage.$id.ts"),
  // Pay in 4 (issue 27, decision 53).
  route("api/afterpay", "routes/api.afterpay.ts"),
  route("api/afterpay/billingAgreement", "routes/api.afterpay.billingAgreement.ts"),

  // Carts, addresses, patients and orders API for app clients (issue 17, decision 39): JSON.
  route("api/cart/items", "routes/api.cart.items.ts"),
  route("api/cart/shippingAddress", "routes/api.cart.shippingAddress.ts"),
  route("api/lineItemGroups/quantity", "routes/api.lineItemGroups.quantity.ts"),
  route("api/lineItemGroups/:id", "routes/api.lineItemGroups.$id.ts"),
  route("api/addresses", "routes/api.addresses.ts"),
  route("api/addresses/verify", "routes/api.addresses.verify.ts"),
  route("api/addresses/v2", "routes/api.addresses.v2.ts"),
  route("api/addresses/v2/:id", "routes/api.addresses.v2.$id.ts"),
  route("api/addresses/:id", "routes/api.addresses.$id.ts"),
  route("api/patients", "routes/api.patients.ts"),
  route("api/orders", "routes/api.orders._index.ts"),
  route("api/orders/orderCountByProduct", "routes/api.orders.orderCountByProduct.ts"),
  // The spec lists the thank-you call without the api/ prefix; both spellings answer.
  route("orders/:id/thankyou", "routes/api.orders.$id.thankyou.ts", { id: "orders:thankyou" }),
  route("api/orders/:id/thankyou", "routes/api.orders.$id.thankyou.ts", { id: "api:orders:thankyou" }),
  route("api/order/status/:orderNumber", "routes/api.order.status.$orderNumber.ts"),

  // Asking the store to get a prescription from the doctor (the portal header).
  route("prescription-request", "routes/prescription-request.tsx"),
  // The account home, reorder and the one-page reorder.
  route("dashboard", "routes/dashboard.tsx"),
  route("reorder", "routes/reorder.tsx"),
  route("rapid-reorder", "routes/rapid-reorder.tsx"),
  // Ratings and reviews (signed in to write one).
  route("rate-and-review", "routes/rate-and-review.tsx"),
  route("reviews", "routes/reviews.tsx"),
  // A content page with a panel chosen for the visitor.
  route("dynamic-experience", "routes/dynamic-experience.tsx"),

  // Find my perfect brand (spec 2.1): one module per step, each behind its query-parameter guard.
  route("try-contact-lens-brands/search", "routes/try-contact-lens-brands.search.tsx"),
  route("try-contact-lens-brands/parameters", "routes/try-contact-lens-brands.parameters.tsx"),
  route("try-contact-lens-brands/calculating", "routes/try-contact-lens-brands.calculating.tsx"),
  route("try-contact-lens-brands/results/:slug", "routes/try-contact-lens-brands.results.$slug.tsx"),
  route("try-contact-lens-brands/ineligible", "routes/try-contact-lens-brands.ineligible.tsx"),

  // Welcome family.
  route("welcome/:page?/:slug?", "routes/welcome.tsx"),

  // The sister glasses site.
  route("start/glasses/*", "routes/glasses-site-redirect.ts", { id: "glasses:start" }),
  route("glasses/shop/*", "routes/glasses-site-redirect.ts", { id: "glasses:shop" }),

  // Routes only outside production.
  ...["sandbox", "customer-data-platform", "style-guide", "test-data/:name", "settings"].map((path) =>
    route(path, "routes/non-production.tsx", { id: `non-production:${path}` }),
  ),
  route("dev/mailbox", "routes/dev.mailbox.tsx"),
  // The analytics events the embedded adapter stored (decision 59), outside production.
  route("dev/analytics", "routes/dev.analytics.tsx"),
  route("dev/mailbox/:id", "routes/dev.mailbox.$id.tsx"),
  route("dev/emails", "routes/dev.emails.tsx"),
  route("dev/emails/:template", "routes/dev.emails.$template.tsx"),
  route("dev/orders", "routes/dev.orders.tsx"),
  // The end-to-end tests' seeded starting states (E2E_FIXTURES=true only, never in production).
  route("dev/e2e-fixtures", "routes/dev.e2e-fixtures.ts"),
  route("dev/e2e-fixtures/rx-reading", "routes/dev.e2e-fixtures.rx-reading.ts"),
  route("dev/verifications", "routes/dev.verifications.tsx"),
  route("dev/rx-reader", "routes/dev.rx-reader.tsx"),
  // The simulated insurance eligibility service's members (decision 52).
  route("dev/insurance", "routes/dev.insurance.tsx"),
  route("dev/payments", "routes/dev.payments.tsx"),
  // The simulated payment providers' pages (decision 53), outside production unless PAYMENT_SIMULATOR=true.
  route("dev/:provider/checkout/:token", "routes/dev.$provider.checkout.$token.tsx"),
  // The simulated exam provider (decision 31): its exam pages (outside production unless EXAM_SIMULATOR=true) and the
  // development page that plays its doctor.
  route("exam-provider/:token", "routes/exam-provider.$token.tsx"),
  route("dev/exams", "routes/dev.exams.tsx"),
  // The bench's framework floor: a page that renders almost nothing (scripts/bench.ts, target "floor").
  route("dev/floor", "routes/dev.floor.tsx"),

  // Customer preferences and the session's client address (spec 3 §7), and the QA button's close (spec 1 §2.12).
  ...["phoneInterests", "email", "rxCapturePreference", "attribute", "phones"].map((path) =>
    route(`api/customers/${path}`, `routes/api.customers.${path}.ts`),
  ),
  route("api/session/client-ip", "routes/api.session.client-ip.ts"),
  // Content slots' decisions for an experience (issue 28, decision 61).
  route("api/customerDataPlatform/pageConfiguration", "routes/api.customerDataPlatform.pageConfiguration.ts"),
  // Browser logs, analytics events and real-time identity (issue 28; decision 59).
  route("api/log/:level", "routes/api.log.$level.ts"),
  route("api/customerDataPlatform/events", "routes/api.customerDataPlatform.events.ts"),
  route("api/customerDataPlatform/realTimeIdentityData", "routes/api.customerDataPlatform.realTimeIdentityData.ts"),
  route("api/analytics/performance", "routes/api.analytics.performance.ts"),
  route("resources/qa", "routes/resources.qa.ts"),
  // Apple Pay's merchant validation and payment token (issue 27): called by the Payment Request handlers.
  route("resources/apple-pay", "routes/resources.apple-pay.ts"),

  // Resources.
  route("resources/promo-ribbon", "routes/resources.promo-ribbon.tsx"),
  route("resources/ad-choices", "routes/resources.ad-choices.tsx"),
  route("resources/recapture", "routes/resources.recapture.tsx"),
  route("resources/notifications", "routes/resources.notifications.tsx"),
  route("resources/auth", "routes/resources.auth.tsx"),
  route("sign-out", "routes/sign-out.tsx"),
  route("reset-password", "routes/reset-password.tsx"),
  route("healthcheck", "routes/healthcheck.ts"),
  route("version", "routes/version.ts"),
  route("sitemap.xml", "routes/sitemap.xml.ts"),
  route("sitemap/xml", "routes/sitemap.xml-legacy.ts"),
  route("robots.txt", "routes/robots.txt.ts"),

  // Live chat (issue 17; decision 37): the shopper's thread and send form, the launcher panel's JSON, and the
  // embedded provider's support desk (outside production).
  route("chat", "routes/chat.tsx"),
  route("resources/chat", "routes/resources.chat.ts"),
  // The proactive chat window's dismissal (decision 63).
  route("resources/proactive-chat", "routes/resources.proactive-chat.tsx"),
  route("dev/chat/:conversationId?", "routes/dev.chat.tsx"),

  // Legacy redirects, other content pages ({category}/{path}/{subPath}), and the 404.
  route("*", "routes/catch-all.tsx"),
] satisfies RouteConfig;

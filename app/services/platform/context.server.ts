import type { VariantName } from "~/models/experiments/names";
import type { ContentAction } from "~/models/experiments/definitions";
import type { CustomerGroup, VisitorGroup } from "~/models/customer-groups";
import type { TrafficData } from "~/models/traffic";
import type { VisitorHistory } from "~/models/visitor-history";
import { createContext } from "react-router";
import type { AppConfig } from "./config.server";
import type { ContentSource } from "../adapters/content/content-source";
import type { EmailSender } from "../adapters/email/email-sender";
import type { AddressVerifier } from "../adapters/address-verification/address-verifier";
import type { PaymentGateway } from "../adapters/payments/payment-gateway";
import type { PrescriberVerifier } from "../adapters/prescriber-verification/prescriber-verifier";
import type { TaxCalculator } from "../adapters/tax/tax-calculator";
import type { ImageStore } from "../adapters/image-storage/image-store";
import type { PrescriptionReader } from "../adapters/ocr/prescription-reader";
import type { ExamProvider } from "../adapters/exam-provider/exam-provider";
import type { ChatProvider } from "../adapters/chat/chat-provider";
import type { EligibilityService } from "../adapters/insurance/eligibility-service";
import type { PayPalProvider } from "../adapters/paypal/paypal-provider";
import type { PayIn4Provider } from "../adapters/pay-in-4/pay-in-4-provider";
import type { AnalyticsRecorder } from "../adapters/analytics/analytics-recorder";
import type { Database, DatabaseHandle } from "../db/client.server";
import type { Logger } from "./logger.server";
import type { PriceBook } from "~/models/catalog";
import type { AppSession, StoreSession, Toast } from "./session.server";

/** What the process holds for every request: set once by the server's getLoadContext. */
export interface AppServices {
  config: AppConfig;
  database: DatabaseHandle;
  db: Database;
  content: ContentSource;
  logger: Logger;
  sessions: AppSession;
  email: EmailSender;
  tax: TaxCalculator;
  payments: PaymentGateway;
  addressVerifier: AddressVerifier;
  imageStore: ImageStore;
  rxReader: PrescriptionReader;
  examProvider: ExamProvider;
  prescriberVerifier: PrescriberVerifier;
  /** Live chat (decision 37): the old provider of the provider split, the embedded chat. */
  chat: ChatProvider;
  /** Live chat's new provider (decision 63): Sunshine Conversations, or its embedded default. */
  chatNewProvider: ChatProvider;
  /** Insurance eligibility (issue 27, decision 52). */
  insurance: EligibilityService;
  /** Other eligibility services a campaign's `insurance_provider` action may name, by name (decision 65). */
  insuranceAlternates: Readonly<Record<string, EligibilityService>>;
  /** PayPal, Pay Later included (issue 27, decision 53). */
  paypal: PayPalProvider;
  /** The pay-in-4 provider (issue 27, decision 53). */
  payIn4: PayIn4Provider;
  /** Analytics events: the events table, forwarded to a clickstream proxy when configured (issue 28, decision 59). */
  analytics: AnalyticsRecorder;
}
export const servicesContext = createContext<AppServices>();

/** Per request, from the HTTP layer. */
export interface RequestInfo {
  requestId: string;
  /** The Content-Security-Policy nonce for this response's inline scripts. */
  nonce: string;
  /** The client's address (behind a proxy in production: the first trusted hop's client). */
  clientIp: string;
}
export const requestInfoContext = createContext<RequestInfo>({ requestId: "none", nonce: "", clientIp: "unknown" });

/** The signed-in customer, as much as most pages need. */
export interface VisitorCustomer {
  id: number;
  email: string;
  firstName: string;
  lastName: string;
  /** A quasi (guest) account has none. */
  hasPassword: boolean;
}

/** Per request, from the root middleware: who is asking. */
export interface Visitor {
  customer: VisitorCustomer | null;
  /** How the current sign-in happened (password, pin, auto-login, ...). */
  signedInVia: string | null;
  session: StoreSession;
  /** Prices shown to this shopper come from this price book. */
  priceBook: PriceBook;
  signedIn: boolean;
  hasSubscriptions: boolean;
  /** A held order may need the recapture banner (issue 16): only then does the root loader work it out. */
  hasHeldOrder: boolean;
  /** When the signed-in customer last ordered (null: never, or signed out): analytics and the entry guard read it. */
  lastOrderAt: Date | null;
  promoRibbonDismissed: boolean;
  /** The request carries a cookie of ours, so its page may be personal and must not be shared. */
  hasPersonalCookies: boolean;
  /**
   * The browser's visitor id (its cookie's, or one made for this request). A new one is only sent to the browser
   * once something needs it kept (an experiment, a show-once notification): `keepVisitorId()`. A page nothing keeps
   * an id for stays shareable, and bots never get one.
   */
  visitorId: string;
  keepVisitorId(): void;
  /** This page depends on records kept for this visitor (a notification dismissed): it must not be shared. */
  markPersonal(): void;
  /** Where the visit came from (spec 3 §4 "Traffic channel"), kept for a day. */
  traffic: TrafficData;
  /** Every customer group of the visitor: from the store's records, and the visit's own (affiliate, rebate tests). */
  customerGroups: CustomerGroup[];
  /** The visit's own groups (the session keeps them). */
  visitorGroups: VisitorGroup[];
  /** The referral branding code of the link the visit came by (rb), or null. */
  referralBrandingCode: string | null;
  /** What the browser remembers of its signed-in past, with this visit's facts added. */
  history: VisitorHistory;
  /** Campaign id → the visitor's variation (spec 3 §4 "Experiments"; decision 58). */
  campaignVariations: Readonly<Record<string, VariantName>>;
  /** What those variations ask of the pages (an exam price, an insurance provider, a partner site): `firstAction`. */
  campaignActions: readonly ContentAction[];
  /** The variations as a short key: the page cache keys anonymous pages on it. */
  campaignKey: string;
  /** One-read messages for the sign-in dialog. */
  signInFlash: { notice: string | null; result: unknown };
  /** A one-time toast for this page (read from the flash). */
  toast: Toast | null;
}
export const visitorContext = createContext<Visitor>();

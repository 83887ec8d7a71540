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
  /** Live chat (decision 37). */
  chat: ChatProvider;
  /** Insurance eligibility (issue 27, decision 52). */
  insurance: EligibilityService;
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
  /** One-read messages for the sign-in dialog. */
  signInFlash: { notice: string | null; result: unknown };
  /** A one-time toast for this page (read from the flash). */
  toast: Toast | null;
}
export const visitorContext = createContext<Visitor>();

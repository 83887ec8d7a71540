import type { AppConfig } from "~/services/platform/config.server";
import type { Database } from "~/services/db/client.server";
import type { Logger } from "~/services/platform/logger.server";
import type { EmailSender } from "~/services/adapters/email/email-sender";
import { createOutboxEmailSender } from "~/services/adapters/email/outbox.server";
import { createSmtpTransport } from "~/services/adapters/email/smtp.server";
import { createEmbeddedTaxCalculator } from "~/services/adapters/tax/embedded-tax.server";
import type { TaxCalculator } from "~/services/adapters/tax/tax-calculator";
import type { PaymentGateway } from "~/services/adapters/payments/payment-gateway";
import { createTestVault } from "~/services/adapters/payments/test-vault.server";
import type { AddressVerifier } from "~/services/adapters/address-verification/address-verifier";
import { createZipCodeVerifier } from "~/services/adapters/address-verification/zip-code-verifier.server";
import { createDatabaseImageStore } from "~/services/adapters/image-storage/database-store.server";
import type { ImageStore } from "~/services/adapters/image-storage/image-store";
import { createS3ImageStore } from "~/services/adapters/image-storage/s3-store.server";
import type { PrescriptionReader } from "~/services/adapters/ocr/prescription-reader";
import { createPaddleEngine } from "~/services/adapters/ocr/paddle-engine.server";
import { createPixelPool } from "~/services/adapters/ocr/pixel-worker.server";
import { createOcrPool } from "~/services/adapters/ocr/tesseract-pool.server";
import { createTesseractReader } from "~/services/adapters/ocr/tesseract-reader.server";
import type { ExamProvider } from "~/services/adapters/exam-provider/exam-provider";
import { createSimulatedExamProvider } from "~/services/adapters/exam-provider/simulated-provider.server";
import type { PrescriberVerifier } from "~/services/adapters/prescriber-verification/prescriber-verifier";
import { createSimulatedPrescriber } from "~/services/adapters/prescriber-verification/simulated-prescriber.server";
import type { ChatProvider } from "~/services/adapters/chat/chat-provider";
import { createDatabaseChatProvider } from "~/services/adapters/chat/database-provider.server";
import { createSunshineChatClient, SUNSHINE_PROVIDER_NAME } from "~/services/adapters/chat/sunshine-client.server";
import type { EligibilityService } from "~/services/adapters/insurance/eligibility-service";
import {
  createSimulatedEligibility,
  STOREFRONT_PLATFORM_ELIGIBILITY,
} from "~/services/adapters/insurance/simulated-eligibility.server";
import type { PayPalProvider } from "~/services/adapters/paypal/paypal-provider";
import { createPayPalClient } from "~/services/adapters/paypal/paypal-client.server";
import { createSimulatedPayPal } from "~/services/adapters/paypal/simulated-paypal.server";
import type { PayIn4Provider } from "~/services/adapters/pay-in-4/pay-in-4-provider";
import { createAfterpayClient } from "~/services/adapters/pay-in-4/afterpay-client.server";
import { createSimulatedPayIn4 } from "~/services/adapters/pay-in-4/simulated-pay-in-4.server";
import type { AnalyticsRecorder } from "~/services/adapters/analytics/analytics-recorder";
import { createClickstreamClient } from "~/services/adapters/analytics/clickstream-client.server";
import { createEventTable } from "~/services/adapters/analytics/event-table.server";

/**
 * Adapter wiring, part of the composition root (docs/architecture.md): which implementation of each third party's
 * interface the process uses, chosen once at start-up from validated configuration (DESIGN.md §6).
 */

/**
 * Chosen once at start-up: always the outbox; with SMTP_URL, the outbox's messages are then delivered through SMTP
 * off the request path (outbox-delivery.server.ts).
 */
export function createEmailSender(
  config: Pick<AppConfig, "smtpUrl" | "mailFrom">,
  db: Database,
  logger: Logger,
): EmailSender {
  if (!config.smtpUrl) return createOutboxEmailSender(db, { logger });
  logger.info({ smtpHost: safeHost(config.smtpUrl) }, "e-mail: outbox and SMTP");
  return createOutboxEmailSender(db, { logger, smtp: createSmtpTransport(config.smtpUrl, config.mailFrom) });
}

/** The host only: the URL may carry credentials. */
function safeHost(smtpUrl: string): string {
  try {
    return new URL(smtpUrl).host;
  } catch {
    return "(invalid)";
  }
}

/** Chosen once at start-up. Only the embedded table exists for now; a tax provider's client would be chosen here. */
export function createTaxCalculator(): TaxCalculator {
  return createEmbeddedTaxCalculator();
}

/**
 * Chosen once at start-up. Only the embedded test-mode vault exists for now; a card provider's client (configured
 * by its key) would be chosen here.
 */
export function createPaymentGateway(db: Database): PaymentGateway {
  return createTestVault({ db });
}

/** Chosen once at start-up. Only the embedded ZIP-code verifier exists; a provider's client would be chosen here. */
export function createAddressVerifier(): AddressVerifier {
  return createZipCodeVerifier();
}

/** Chosen once at start-up from IMAGE_STORE: the database (embedded default) or an S3-compatible bucket. */
export function createImageStore(config: AppConfig, db: Database): ImageStore {
  return config.imageStore.kind === "s3" ? createS3ImageStore(config.imageStore) : createDatabaseImageStore(db);
}

/**
 * Chosen once at start-up: the on-machine reader (decision 0021), with `ocrWorkers` tesseract threads started on
 * the first read, not here; beside them as many pixel worker threads (pixel loops, pdfjs) and one quick-pass
 * tesseract thread for inspect, also started on first use (tests and scripts create the services often and mostly never read an image).
 * OCR_WORKERS=0 turns reading off: every read is null, as a failed one would be. OCR_ENGINES=tesseract leaves
 * PaddleOCR out (its one thread, also started on first use, reads the images tesseract gives no sure lens values).
 */
export function createPrescriptionReader(
  config: Pick<AppConfig, "ocrWorkers"> & Partial<Pick<AppConfig, "ocrEngines">>,
  logger: Logger,
): PrescriptionReader {
  if (config.ocrWorkers <= 0) return { inspect: async () => null, read: async () => null, close: async () => {} };
  // The pixel loops and pdfjs get as many threads as tesseract: both are started on first use.
  return createTesseractReader(createOcrPool({ workers: config.ocrWorkers }), logger, {
    pixels: createPixelPool({ workers: config.ocrWorkers }),
    paddle: (config.ocrEngines ?? "both") === "both" ? createPaddleEngine() : undefined,
  });
}

/**
 * Chosen once at start-up. Only the embedded simulated provider exists for now; a real online-exam provider's client
 * (configured by its key) would be chosen here. Its pages (/exam-provider/…) are served outside production only,
 * unless EXAM_SIMULATOR=true says so on purpose (config.server.ts).
 */
export function createExamProvider(db: Database): ExamProvider {
  return createSimulatedExamProvider({ db });
}

/**
 * Chosen once at start-up. Only the embedded simulated prescriber exists for now; a verification provider's client
 * (configured by its key) would be chosen here.
 */
export function createPrescriberVerifier(db: Database): PrescriberVerifier {
  return createSimulatedPrescriber({ db });
}

/**
 * Chosen once at start-up. Only the embedded provider exists for now (the conversation in the store's database,
 * answered on /dev/chat outside production); a hosted chat service's client, configured by its key, would be chosen
 * here (decision 37).
 */
export function createChatProvider(
  config: Pick<AppConfig, "siteUrl" | "chatSupportEmail" | "chatStaffedHours">,
  db: Database,
  email: EmailSender,
): ChatProvider {
  return createDatabaseChatProvider({
    db,
    email,
    siteUrl: config.siteUrl,
    supportEmail: config.chatSupportEmail,
    staffedHours: config.chatStaffedHours,
  });
}

/**
 * Chosen once at start-up (decision 63): the provider split's new provider. Sunshine Conversations' client when
 * SUNSHINE_APP_ID, SUNSHINE_KEY_ID and SUNSHINE_SECRET are set; else its embedded default, the database-backed
 * conversation store under the provider name "sunshine" (answered on /dev/chat like the old provider's).
 */
export function createNewChatProvider(
  config: Pick<AppConfig, "siteUrl" | "chatSupportEmail" | "chatStaffedHours" | "sunshine">,
  db: Database,
  email: EmailSender,
): ChatProvider {
  if (config.sunshine) return createSunshineChatClient({ ...config.sunshine, staffedHours: config.chatStaffedHours });
  return createDatabaseChatProvider({
    db,
    email,
    siteUrl: config.siteUrl,
    supportEmail: config.chatSupportEmail,
    staffedHours: config.chatStaffedHours,
    providerName: SUNSHINE_PROVIDER_NAME,
  });
}

/**
 * Chosen once at start-up. Only the embedded simulated eligibility service exists for now (seeded members, driven
 * from /dev/insurance outside production; decision 52); a real eligibility provider's client, configured by its key,
 * would be chosen here.
 */
export function createEligibilityService(db: Database): EligibilityService {
  return createSimulatedEligibility({ db });
}

/**
 * Chosen once at start-up (decision 65): the eligibility services a campaign's `insurance_provider` action may name,
 * by name. The storefront platform's GraphQL path (spec 3 §7) is the original store's own platform, whose schema the
 * spec does not show: its embedded default is the simulator under the name "storefront-platform", with searches of
 * its own; a client for a real platform, configured by its key, would be chosen here.
 */
export function createAlternateEligibilityServices(db: Database): Readonly<Record<string, EligibilityService>> {
  return {
    [STOREFRONT_PLATFORM_ELIGIBILITY]: createSimulatedEligibility({ db, name: STOREFRONT_PLATFORM_ELIGIBILITY }),
  };
}

/**
 * Chosen once at start-up (decision 53): PayPal's Orders v2 client when PAYPAL_CLIENT_ID and PAYPAL_CLIENT_SECRET are
 * set, else the embedded simulated PayPal, whose page (/dev/paypal/checkout/…) answers outside production only unless
 * PAYMENT_SIMULATOR=true.
 */
export function createPayPalProvider(config: Pick<AppConfig, "paypal">, db: Database): PayPalProvider {
  return config.paypal ? createPayPalClient(config.paypal) : createSimulatedPayPal({ db });
}

/**
 * Chosen once at start-up (decision 53): the Afterpay-style client when AFTERPAY_MERCHANT_ID and AFTERPAY_SECRET_KEY
 * are set, else the embedded simulated pay-in-4 provider (/dev/pay-in-4/checkout/…).
 */
export function createPayIn4Provider(config: Pick<AppConfig, "afterpay">, db: Database): PayIn4Provider {
  return config.afterpay ? createAfterpayClient(config.afterpay) : createSimulatedPayIn4({ db });
}

/**
 * Chosen once at start-up (decision 59): the events table always; with CLICKSTREAM_PROXY_URL (and its value schema
 * id) its rows are also forwarded to the clickstream REST proxy off the request path. The records' SourceDomain is the
 * store's host.
 */
export function createAnalyticsRecorder(
  config: Pick<AppConfig, "clickstream" | "siteUrl">,
  db: Database,
  logger: Logger,
): AnalyticsRecorder {
  const sourceDomain = new URL(config.siteUrl).hostname;
  if (!config.clickstream) return createEventTable(db, { logger, sourceDomain });
  logger.info(
    { proxyHost: safeHost(config.clickstream.url), topic: config.clickstream.topic },
    "analytics: clickstream",
  );
  return createEventTable(db, { logger, sourceDomain, clickstream: createClickstreamClient(config.clickstream) });
}

import type { ExperimentEnvironment } from "./names";

/** What the engine knows of one visitor and request: a plain object, so the engine stays pure. */
export interface ExperimentFacts {
  visitorId: string;
  environment: ExperimentEnvironment;
  signedIn: boolean;
  isMobile: boolean;
  trafficChannel: string | null; // spec 3 channel names (Affiliate, ..., Seo, Direct)
  affiliateCode: string | null; // the visit's `ac` campaign code
  customerGroups: readonly string[];
  referralBrandingCode: string | null; // `rb`
  hasPreviousOrder: boolean;
  hasPreviousShippedOrder: boolean;
  hasPreviousSignIn: boolean;
  examPriceCents: number | null;
}

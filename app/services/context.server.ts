import { createContext } from "react-router";
import type { AppConfig } from "./config.server";
import type { ContentSource } from "./adapters/content/content-source";
import type { Database, DatabaseHandle } from "./db/client.server";
import type { Logger } from "./logger.server";
import type { Session } from "react-router";
import type { PriceBook } from "~/models/catalog";
import type { AppSession, SessionData } from "./session.server";

/** What the process holds for every request: set once by the server's getLoadContext. */
export interface AppServices {
  config: AppConfig;
  database: DatabaseHandle;
  db: Database;
  content: ContentSource;
  logger: Logger;
  sessions: AppSession;
}
export const servicesContext = createContext<AppServices>();

/** Per request, from the HTTP layer. */
export interface RequestInfo {
  requestId: string;
  /** The Content-Security-Policy nonce for this response's inline scripts. */
  nonce: string;
}
export const requestInfoContext = createContext<RequestInfo>({ requestId: "none", nonce: "" });

/** Per request, from the root middleware: who is asking. */
export interface Visitor {
  session: Session<SessionData>;
  /** Prices shown to this shopper come from this price book. */
  priceBook: PriceBook;
  signedIn: boolean;
  hasSubscriptions: boolean;
  promoRibbonDismissed: boolean;
  /** The request carries a cookie of ours, so its page may be personal and must not be shared. */
  hasPersonalCookies: boolean;
}
export const visitorContext = createContext<Visitor>();

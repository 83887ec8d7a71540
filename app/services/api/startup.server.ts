import type { RouterContextProvider } from "react-router";
import { COUPON_MESSAGES, couponCodeSchema } from "~/models/cart-forms";
import {
  allGroups,
  changeVisitorGroups,
  isCampaignGroup,
  isCustomerGroup,
  isVisitorGroup,
} from "~/models/customer-groups";
import { parsePrescriptionId } from "~/models/prescriptions";
import { customerForAutoLoginToken, findCustomerById } from "../accounts/auth/accounts.server";
import { applyCoupon, applyCouponToShopperCart } from "../cart/cart-changes.server";
import type { Shopper } from "../cart/cart-pricing.server";
import { createCart, latestCustomerCartId } from "../cart/cart.server";
import { setSessionVisitorGroups } from "../growth/visitor-profile.server";
import { visitorContext, type AppServices, type VisitorCustomer } from "../platform/context.server";
import type { StoreSession } from "../platform/session.server";
import { findCustomerPrescription } from "../prescriptions/prescription-records.server";
import { endSignedInSession, startSignedInSession } from "../sign-in/sign-in.server";
import { countSubscriptions } from "../subscriptions/subscriptions.server";
import { customerJson, issueToken } from "./auth.server";
import { jsonError } from "./json.server";
import type { StartupInput } from "./openapi/startup.server";

/** Said when the link's token has expired: the same words the page says (the visitor middleware's). */
export const STARTUP_EXPIRED_LINK = "This sign-in link has expired or is no longer valid. Please sign in.";

export interface StartupOptions {
  services: AppServices;
  context: Readonly<RouterContextProvider>;
  /** Signed in by `Authorization: Bearer` (an app): it keeps no cookie session, and gets a token back. */
  viaBearer: boolean;
  /** The visitor's campaign variations, worked out for this request. */
  campaignVariations: Readonly<Record<string, string>>;
}

/**
 * Spec 1 §4.4: the first call of a visit. In order: an auto-login token first signs out whoever was signed in, then
 * signs its customer in; the price book is set (assigning one replaces the other); referral branding and the visit's
 * own customer groups are kept with the cart's session; a coupon goes on the cart; an Rx id of the customer's opens
 * that prescription. Groups the store works out from its records (new or returning, inactive, ...) cannot be set.
 */
export async function runStartup(input: StartupInput, options: StartupOptions) {
  const { services, context, viaBearer } = options;
  const { db } = services;
  const visitor = context.get(visitorContext);
  const { session } = visitor;

  const unknown = [...(input.customerGroupsToAdd ?? []), ...(input.customerGroupsToRemove ?? [])].filter(
    (group) => !isCustomerGroup(group),
  );
  if (unknown.length > 0) throw jsonError(400, `Unknown customer group: ${unknown.join(", ")}.`);
  const ignored = [...(input.customerGroupsToAdd ?? []), ...(input.customerGroupsToRemove ?? [])].filter(
    (group) => !isVisitorGroup(group),
  );

  let customer: Pick<VisitorCustomer, "id"> | null = visitor.customer;
  let issued: { token: string; expiresAt: string } | null = null;
  let notice: string | undefined;
  if (input.autoLoginToken !== undefined) {
    const found = await customerForAutoLoginToken(db, services.sessions.secrets, input.autoLoginToken);
    if (viaBearer) {
      if (found) {
        const { token, expiresAt } = await issueToken(db, found, "auto-login", input.rememberMe ?? false, {
          signedInAs: visitor.customer,
        });
        issued = { token, expiresAt };
      }
    } else {
      const previousCustomerId = visitor.customer?.id ?? null;
      if (session.get("authSessionId")) await endSignedInSession(services, session);
      if (found) await startSignedInSession(services, session, found, "auto-login", false, { previousCustomerId });
    }
    if (found) customer = found;
    else if (!viaBearer) customer = null;
    if (!found) notice = STARTUP_EXPIRED_LINK;
  }

  const priceBook = input.priceBook ?? visitor.priceBook;
  if (!viaBearer && input.priceBook !== undefined) {
    if (input.priceBook === "none") session.unset("priceBook");
    else session.set("priceBook", input.priceBook);
  }
  const visitorGroups = changeVisitorGroups(
    visitor.visitorGroups,
    input.customerGroupsToAdd,
    input.customerGroupsToRemove,
  );
  if (!viaBearer) {
    setSessionVisitorGroups(session, visitorGroups);
    if (input.referralBrandingCode) session.set("referralBranding", input.referralBrandingCode);
  }

  // The coupon is priced as the cart will be: with the groups this request's campaigns give too (decision 66).
  const shopper: Shopper = {
    customerId: customer?.id ?? null,
    priceBook,
    visitorGroups: [...visitorGroups, ...visitor.customerGroups.filter(isCampaignGroup)],
  };
  const coupon = input.couponCode
    ? await startupCoupon(services, input.couponCode, shopper, viaBearer, session)
    : undefined;

  const rxId = input.rxId === undefined ? null : parsePrescriptionId(String(input.rxId));
  const prescription = rxId !== null && customer ? await findCustomerPrescription(db, customer.id, rxId) : null;

  const record = customer ? await findCustomerById(db, customer.id) : null;
  const customerGroups = allGroups(
    visitor.customerGroups.filter((group) => !isVisitorGroup(group)),
    visitorGroups,
  );
  return {
    userData: {
      customer: record ? customerJson(record, await countSubscriptions(db, record.id)) : null,
      ...(issued ?? {}),
      customerGroups,
      priceBook,
      trafficChannel: visitor.traffic.channel,
      ...(notice ? { notice } : {}),
      ...(coupon ? { coupon } : {}),
      ...(ignored.length > 0 ? { ignoredCustomerGroups: ignored } : {}),
    },
    campaignOverrides: { ...options.campaignVariations },
    redirectUrl: prescription ? `/account/prescriptions/${prescription.id}` : null,
  };
}

async function startupCoupon(
  services: AppServices,
  code: string,
  shopper: Shopper,
  viaBearer: boolean,
  session: StoreSession,
) {
  const parsed = couponCodeSchema.safeParse(code);
  if (!parsed.success) return { applied: false, message: COUPON_MESSAGES.invalid };
  if (viaBearer && shopper.customerId !== null) {
    // An app's cart is its customer's latest (api/cart's rule), or a new one they own.
    const cartId =
      (await latestCustomerCartId(services.db, shopper.customerId)) ??
      (await createCart(services.db, shopper.customerId));
    const result = await applyCoupon(services.db, cartId, parsed.data, shopper);
    return { applied: result.ok, message: result.message };
  }
  const result = await applyCouponToShopperCart(services.db, session, parsed.data, shopper);
  return { applied: result.ok, message: result.message };
}

import type { RouterContextProvider } from "react-router";
import { slotsOfExperience, type SlotView } from "~/models/content-slots";
import { personalizationEventsOn } from "~/models/personalization-events";
import { activePromotions } from "~/services/cart/promotions.server";
import { pageFeatureOn } from "~/models/page-features";
import { pageSlots } from "~/services/growth/content-slots.server";
import { pageFeatures } from "~/services/growth/page-features.server";
import { servicesContext, visitorContext } from "~/services/platform/context.server";

/** A page's content slots and whether its slots send personalization events (issue 28; decision 61). */
export interface PageSlots {
  slots: SlotView[];
  personalizationEvents: boolean;
}

/**
 * The content slots of a page's experience, chosen for this request's visitor. This ties the domains together
 * (the cart's customer groups and promotions, growth's choice), so it sits in the composition root.
 */
export async function slotsForPage(context: Readonly<RouterContextProvider>, experience: string): Promise<PageSlots> {
  const services = context.get(servicesContext);
  const visitor = context.get(visitorContext);
  const now = new Date();
  const slots = await pageSlots(services, { experience, slots: slotsOfExperience(experience) }, async () => {
    // The visitor's groups come with the request (the root middleware's one lookup); promotions are a
    // per-process copy: a slot adds no query of its own.
    const running = await activePromotions(services.db, now, services.logger);
    return {
      customerGroups: visitor.customerGroups,
      priceBook: visitor.priceBook,
      running,
      variations: visitor.campaignVariations,
      now,
    };
  });
  const features = visitor.signedIn ? await pageFeatures(services) : null;
  const switchOn = features !== null && pageFeatureOn(features, "site", "personalizationEvents");
  return { slots, personalizationEvents: personalizationEventsOn(visitor.signedIn, switchOn) };
}

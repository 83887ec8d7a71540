import { CONTENT_DECISION_TIMEOUT_MS, slotCustomerGroups, slotsOfExperience } from "~/models/content-slots";
import type { PageConfigurationRequest, PageConfigurationResponse } from "~/models/page-configuration";
import { activePromotions } from "../cart/promotions.server";
import { decideSlots, withinTime } from "../growth/content-slots.server";
import type { AppServices, Visitor } from "../platform/context.server";

/**
 * POST api/customerDataPlatform/pageConfiguration (spec 3 §5, §7; decision 61): the chosen components (slot
 * decisions) of an experience for the calling visitor. The store's own knowledge of the visitor (signed in: new or
 * returning by the orders on record; the price book) wins over what the client declares; the rest of the client's
 * groups are used. A failure, or no decision within the content decision timeout (spec 9: 3000 ms), answers an
 * empty component list (spec 3 §8), logged.
 */
export async function pageConfiguration(
  services: AppServices,
  visitor: Pick<Visitor, "customer" | "signedIn" | "priceBook" | "customerGroups" | "campaignVariations">,
  body: PageConfigurationRequest,
): Promise<PageConfigurationResponse> {
  const { experience, parameters } = body;
  const answer = { experience, sessionId: body.sessionId ?? null };
  const slots = slotsOfExperience(experience);
  if (slots.length === 0) return { ...answer, components: [] };
  const now = new Date();
  const decide = async () => {
    const running = await activePromotions(services.db, now, services.logger);
    const customerGroups = slotCustomerGroups(visitor.customerGroups, {
      signedIn: visitor.signedIn,
      customerGroups: parameters.customerGroups,
      hasPreviousOrder: parameters.hasPreviousOrder,
    });
    const request = {
      experience,
      slots,
      customerGroups,
      priceBook: visitor.priceBook,
      running,
      variations: visitor.campaignVariations,
      now,
    };
    return decideSlots(services, request);
  };
  try {
    const views = await withinTime(decide(), CONTENT_DECISION_TIMEOUT_MS);
    return { ...answer, components: views.map(({ experience: _experience, ...component }) => component) };
  } catch (error) {
    services.logger.error({ err: error, experience }, "page configuration failed; empty component list");
    return { ...answer, components: [] };
  }
}

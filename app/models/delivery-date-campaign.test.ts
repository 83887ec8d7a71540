import fs from "node:fs";
import path from "node:path";
import { DateTime } from "luxon";
import { describe, expect, it } from "vitest";
import {
  deliveryDateNotice,
  deliveryDateVariant,
  ESTIMATED_DELIVERY_DATE_CAMPAIGN,
  listedDeliveryChoices,
  UPGRADE_LEVEL,
  type DeliveryChoice,
} from "./delivery-date-campaign";
import { shippingDays, shippingMethod } from "./shipping";

// Monday 9 March 2026, 10:00 in Boise: before the cut-off, so the order leaves today.
const MONDAY_MORNING = DateTime.fromISO("2026-03-09T10:00:00", { zone: "America/Boise" });

const choices = (selectedLevel = 0, amounts: Record<number, number> = {}): DeliveryChoice[] =>
  listedDeliveryChoices(MONDAY_MORNING.toJSDate()).map((choice) => ({
    ...choice,
    amountCents: amounts[choice.shippingLevel] ?? choice.amountCents,
    selected: choice.shippingLevel === selectedLevel,
  }));

describe("the estimated delivery date campaign's variants", () => {
  it("reads the content's variations: A standard, B upgraded, anything else the control", () => {
    expect(deliveryDateVariant("A")).toBe("standard");
    expect(deliveryDateVariant("B")).toBe("upgraded");
    for (const other of ["default", "excluded", "C", undefined]) expect(deliveryDateVariant(other)).toBe("control");
    const content = JSON.parse(fs.readFileSync(path.resolve("content/experiments.json"), "utf8")) as {
      experiments: Array<{ id: string; variations: Array<{ id: string; label: string }> }>;
    };
    const campaign = content.experiments.find((experiment) => experiment.id === ESTIMATED_DELIVERY_DATE_CAMPAIGN)!;
    expect(campaign.variations.map((variation) => [variation.id, variation.label])).toEqual([
      ["default", "control"],
      ["A", "standard"],
      ["B", "upgraded"],
    ]);
  });

  it("the control shows nothing beyond the shipping choices", () => {
    expect(deliveryDateNotice("control", choices(), "cart")).toBeNull();
    expect(deliveryDateNotice("control", choices(), "product")).toBeNull();
  });

  it("standard shows standard shipping's date (5 business days), or the date of the method the cart is set to", () => {
    expect(deliveryDateNotice("standard", choices(), "product")).toEqual({
      kind: "date",
      date: "Mon, Mar 16",
      methodLabel: "Standard shipping",
    });
    expect(deliveryDateNotice("standard", choices(2), "cart")).toEqual({
      kind: "date",
      date: "Tue, Mar 10",
      methodLabel: "Next-day delivery",
    });
  });

  it("upgraded offers Expedited's earlier date and what it costs more; only the cart can switch to it", () => {
    expect(UPGRADE_LEVEL).toBe(1);
    // The spec's shipping days order the same way: Expedited 3 against standard's 7.
    expect(shippingDays(UPGRADE_LEVEL)).toBeLessThan(shippingDays(0));
    expect(shippingMethod(UPGRADE_LEVEL).transitBusinessDays).toBeLessThan(shippingMethod(0).transitBusinessDays);
    expect(deliveryDateNotice("upgraded", choices(), "product")).toEqual({
      kind: "upgrade",
      date: "Thu, Mar 12",
      methodLabel: "Expedited shipping",
      shippingLevel: 1,
      extraCents: 500,
      standardDate: "Mon, Mar 16",
      switchable: false,
    });
    // The cart's prices (free standard shipping on a large order): the upgrade costs all of its price more.
    const cart = deliveryDateNotice("upgraded", choices(0, { 0: 0, 1: 995 }), "cart");
    expect(cart).toMatchObject({ kind: "upgrade", extraCents: 995, switchable: true });
  });

  it("upgraded shows a cart already on a faster method its own date, with nothing to upsell", () => {
    expect(deliveryDateNotice("upgraded", choices(1), "cart")).toEqual({
      kind: "date",
      date: "Thu, Mar 12",
      methodLabel: "Expedited shipping",
    });
    expect(deliveryDateNotice("upgraded", choices(4), "cart")).toMatchObject({ kind: "date", date: "Mon, Mar 9" });
  });

  it("shows nothing without a standard choice to compare with", () => {
    const noStandard = choices().filter((choice) => choice.shippingLevel !== 0);
    expect(deliveryDateNotice("standard", noStandard, "cart")).toBeNull();
    expect(deliveryDateNotice("upgraded", noStandard, "cart")).toBeNull();
  });
});

import { describe, expect, it } from "vitest";
import {
  addEyePath,
  addEyeQuery,
  lensOrderSchema,
  ORDER_MESSAGES,
  orderChoices,
  otherEyeOffer,
  solutionOrderSchema,
} from "./product-order";

const toric = {
  parameters: [
    {
      name: "power" as const,
      displayName: "Power/sphere",
      options: [
        { value: "-2.00", label: "-2.00" },
        { value: "-2.25", label: "-2.25" },
      ],
    },
    { name: "cylinder" as const, displayName: "CYL", options: [{ value: "-0.75", label: "-0.75" }] },
    { name: "axis" as const, displayName: "Axis", options: [{ value: "180", label: "180" }] },
  ],
  quantityOptions: [1, 2, 4],
  allowsAutoReorder: true,
};
const schema = lensOrderSchema(toric);
const complete = {
  eyes: "both",
  "right-power": "-2.00",
  "right-cylinder": "-0.75",
  "right-axis": "180",
  "right-quantity": "2",
  "left-power": "-2.25",
  "left-cylinder": "-0.75",
  "left-axis": "180",
  "left-quantity": "4",
};

const messages = (input: unknown) => {
  const result = schema.safeParse(input);
  return result.success
    ? {}
    : Object.fromEntries(result.error.issues.map((issue) => [issue.path.join("."), issue.message]));
};

describe("lens order schema", () => {
  it("turns a complete order for both eyes into one line per eye", () => {
    const order = schema.parse({ ...complete, autoReorder: "90" });
    expect(order.eyes).toEqual([
      { eye: "right", parameters: { power: "-2.00", cylinder: "-0.75", axis: "180" }, quantity: 2 },
      { eye: "left", parameters: { power: "-2.25", cylinder: "-0.75", axis: "180" }, quantity: 4 },
    ]);
    expect(order.autoReorderFrequencyDays).toBe(90);
  });

  it("checks only the chosen eye", () => {
    const order = schema.parse({ ...complete, eyes: "left", "right-power": "", "right-quantity": "" });
    expect(order.eyes.map((line) => line.eye)).toEqual(["left"]);
  });

  it("with the prescription entered later, takes eyes and quantities and leaves the parameters to RxDetails", () => {
    const order = schema.parse({
      eyes: "both",
      prescription: "later",
      "right-quantity": "2",
      "left-quantity": "1",
      "left-power": "-2.25",
    });
    expect(order.prescriptionLater).toBe(true);
    expect(order.eyes).toEqual([
      { eye: "right", parameters: {}, quantity: 2 },
      { eye: "left", parameters: {}, quantity: 1 },
    ]);
    // Quantities are still checked, and an unknown entry choice is refused.
    expect(messages({ eyes: "right", prescription: "later", "right-quantity": "3" })).toEqual({
      "right-quantity": ORDER_MESSAGES.chooseQuantity,
    });
    expect(schema.safeParse({ ...complete, prescription: "someday" }).success).toBe(false);
    expect(schema.parse(complete).prescriptionLater).toBe(false);
  });

  it("names each missing or unknown parameter next to its field", () => {
    expect(messages({ ...complete, "right-cylinder": "", "left-power": "+9.00" })).toEqual({
      "right-cylinder": "Choose CYL for the right eye.",
      "left-power": "That Power/sphere isn't available for this lens.",
    });
  });

  it("refuses quantities that are not offered, a missing eye choice and unknown frequencies", () => {
    expect(messages({ ...complete, "left-quantity": "3" })).toEqual({ "left-quantity": ORDER_MESSAGES.chooseQuantity });
    expect(messages({ ...complete, eyes: "" })).toHaveProperty("eyes", ORDER_MESSAGES.chooseEyes);
    expect(messages({ ...complete, autoReorder: "45" })).toEqual({ autoReorder: ORDER_MESSAGES.chooseFrequency });
    expect(
      lensOrderSchema({ ...toric, allowsAutoReorder: false }).safeParse({ ...complete, autoReorder: "30" }).success,
    ).toBe(false);
  });
});

describe("solution order schema", () => {
  it("takes a quantity from the options", () => {
    const solution = solutionOrderSchema({ quantityOptions: [1, 2, 3], allowsAutoReorder: true });
    expect(solution.parse({ quantity: "3" })).toEqual({ quantity: 3, autoReorderFrequencyDays: null });
    expect(solution.safeParse({ quantity: "4" }).success).toBe(false);
    expect(solution.safeParse({}).success).toBe(false);
  });
});

describe("order choices", () => {
  const base = { wearTimeDays: 14, quantityPerPackage: 6, maximumQuantity: 8 };
  it("label each lens quantity with its supply and default the frequency to the first one's supply", () => {
    const choices = orderChoices({ ...base, productType: 1, categories: ["weekly-disposables"] });
    expect(choices.quantityChoices).toEqual([
      { value: 1, label: "1 box · 3 months supply" },
      { value: 2, label: "2 boxes · 6 months supply" },
      { value: 4, label: "4 boxes · 12 months supply" },
    ]);
    expect(choices.defaultFrequencyDays).toBe(90);
  });
  it("offer one box per eye for colour lenses and plain counts for solution", () => {
    expect(orderChoices({ ...base, productType: 1, categories: ["color"] }).quantityOptions).toEqual([1]);
    expect(orderChoices({ ...base, productType: 2, categories: [] }).quantityChoices[1]).toEqual({
      value: 2,
      label: "2 boxes",
    });
  });
});

describe("the product page adding the other eye", () => {
  it("names the cart group and the eye in its URL, and reads them back only when well formed", () => {
    const path = addEyePath("/lens/acuvue-oasys", "3f1c9a2e-0000-4000-8000-000000000001", "left");
    expect(path).toBe("/lens/acuvue-oasys?group=3f1c9a2e-0000-4000-8000-000000000001&eye=left");
    expect(addEyeQuery(new URL(path, "http://store.test").searchParams)).toEqual({
      groupId: "3f1c9a2e-0000-4000-8000-000000000001",
      eye: "left",
    });
    for (const query of ["group=abc&eye=both", "group=&eye=left", "eye=right", "group=a%27b&eye=left"]) {
      expect(addEyeQuery(new URLSearchParams(query)), query).toBeNull();
    }
  });
});

describe("otherEyeOffer (the cart's eye rule, spec 2 §4)", () => {
  it("offers the missing eye of a one-eyed lens group, on the lens's page in 'add the other eye' mode", () => {
    const group = { id: "g1", type: "Lens" as const, items: [{ whichEye: "right" as const, href: "/lenses/acme" }] };
    expect(otherEyeOffer(group)).toEqual({
      message: "This order has lenses for the right eye only: the left eye is needed.",
      linkText: "Add lenses for the left eye",
      href: "/lenses/acme?group=g1&eye=left",
    });
  });
  it("offers nothing for two eyes, lens care, or a line with no page", () => {
    const both = [
      { whichEye: "right" as const, href: "/lenses/acme" },
      { whichEye: "left" as const, href: "/lenses/acme" },
    ];
    expect(otherEyeOffer({ id: "g1", type: "Lens", items: both })).toBeNull();
    expect(otherEyeOffer({ id: "g2", type: "Solution", items: [{ whichEye: "none", href: "/s" }] })).toBeNull();
    expect(otherEyeOffer({ id: "g3", type: "Lens", items: [{ whichEye: "right", href: null }] })).toBeNull();
  });
});

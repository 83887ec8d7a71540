import { describe, expect, it } from "vitest";
import {
  addEyeItem,
  groupHeading,
  EYE_RULE_MESSAGES,
  cartDisplayCount,
  GroupRuleError,
  neededEyes,
  otherEyeNeeded,
  orderType,
  removeItem,
  replaceItem,
  rxEntryType,
  setItemQuantity,
  type LineItemGroupState,
  type LineItemState,
} from "./line-item-group";

const item = (id: string, whichEye: LineItemState["whichEye"], extra: Partial<LineItemState> = {}): LineItemState => ({
  id,
  whichEye,
  productId: 1001,
  brandSlug: "acuvue",
  upc: `7${id.padStart(11, "0")}`,
  quantity: 2,
  parameters: { power: "-2.00" },
  ...extra,
});
const group = (items: LineItemState[], extra: Partial<LineItemGroupState> = {}): LineItemGroupState => ({
  id: "g1",
  type: "Lens",
  items,
  autoReorderFrequencyDays: 90,
  submitAndSkipImageId: null,
  ...extra,
});

describe("the eye rule", () => {
  it("needs both eyes with no eye item, the other eye with one, none with two", () => {
    expect(neededEyes(group([]))).toEqual(["right", "left"]);
    expect(neededEyes(group([item("1", "right")]))).toEqual(["left"]);
    expect(neededEyes(group([item("1", "right"), item("2", "left")]))).toEqual([]);
  });

  it("asks a lens group with one eye for the other, and no other group for any", () => {
    expect(otherEyeNeeded(group([item("1", "right")]))).toBe("left");
    expect(otherEyeNeeded(group([item("1", "left")]))).toBe("right");
    expect(otherEyeNeeded(group([]))).toBeNull();
    expect(otherEyeNeeded(group([item("1", "right"), item("2", "left")]))).toBeNull();
    expect(otherEyeNeeded(group([item("1", "none")], { type: "Solution" }))).toBeNull();
    expect(EYE_RULE_MESSAGES.otherEyeNeeded("left")).toBe(
      "This order has lenses for the right eye only: the left eye is needed.",
    );
  });

  it("adds an eye item only where that eye is needed", () => {
    const withRight = addEyeItem(group([]), item("1", "right"));
    expect(addEyeItem(withRight, item("2", "left")).items).toHaveLength(2);
    expect(() => addEyeItem(withRight, item("3", "right"))).toThrow(GroupRuleError);
  });

  it("replaces an eye item only with one for the same eye", () => {
    const g = group([item("1", "right"), item("2", "left")]);
    expect(replaceItem(g, "1", item("9", "right", { quantity: 6 })).items[0]!.quantity).toBe(6);
    expect(() => replaceItem(g, "1", item("9", "left"))).toThrow(/same eye/);
  });
});

describe("group editing", () => {
  it("removes the group with its last item", () => {
    const g = group([item("1", "right"), item("2", "left")]);
    const one = removeItem(g, "1");
    expect(one?.items.map((i) => i.id)).toEqual(["2"]);
    expect(removeItem(one!, "2")).toBeNull();
  });

  it("ignores a negative quantity, and removes the item at zero", () => {
    const g = group([item("1", "right"), item("2", "left")]);
    expect(setItemQuantity(g, "1", -3)).toBe(g);
    expect(setItemQuantity(g, "1", 6)?.items[0]!.quantity).toBe(6);
    expect(setItemQuantity(g, "1", 0)?.items).toHaveLength(1);
  });

  it("drops auto-reorder when the two eyes use different brands", () => {
    const g = addEyeItem(group([item("1", "right")]), item("2", "left", { brandSlug: "biofinity" }));
    expect(g.autoReorderFrequencyDays).toBeNull();
    expect(orderType(g)).toBe("oneTime");
    expect(orderType(group([item("1", "right")]))).toBe("autoReorder");
  });
});

describe("rx entry type", () => {
  it("is SubmitAndSkip with an image or the placeholder UPC, Manual with parameters, else unset", () => {
    expect(rxEntryType(group([item("1", "right")], { submitAndSkipImageId: "img" }))).toBe("SubmitAndSkip");
    expect(rxEntryType(group([item("1", "right", { upc: "10999999999" })]))).toBe("SubmitAndSkip");
    expect(rxEntryType(group([item("1", "right")]))).toBe("Manual");
    expect(rxEntryType(group([item("1", "none", { parameters: {} })]))).toBeNull();
  });
});

describe("cart display count", () => {
  it("counts one per lens group and one for solution", () => {
    const lens = group([item("1", "right")]);
    const solution = { ...group([item("5", "none", { parameters: {} })]), type: "Solution" as const };
    const count = (groups: LineItemGroupState[]) =>
      cartDisplayCount(groups.map((g) => ({ type: g.type, itemCount: g.items.length })));
    expect(count([])).toBe(0);
    expect(count([lens, { ...lens, id: "g2" }])).toBe(2);
    expect(count([lens, solution, { ...solution, id: "g3" }])).toBe(2);
    expect(count([group([])])).toBe(0);
  });
});

describe("groupHeading", () => {
  it("names the patient of a lens group, and calls a solution group lens care", () => {
    expect(groupHeading("Lens", { firstName: "Ann", lastName: "Lee" })).toBe("Contact lenses for Ann Lee");
    expect(groupHeading("Lens", null)).toBe("Contact lenses");
    expect(groupHeading("Solution", { firstName: "Ann", lastName: "Lee" })).toBe("Lens care");
  });
});

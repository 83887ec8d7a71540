import { SUBMIT_AND_SKIP_UPC } from "./stock";

/** Spec 2 §3–4: line item groups (one per patient) and their line items. */
export type Eye = "right" | "left";
export type WhichEye = Eye | "none";
export type GroupType = "Lens" | "Solution";
export type RxEntryType = "Manual" | "SubmitAndSkip";
export type OrderType = "autoReorder" | "oneTime";

export interface LineItemState {
  id: string;
  whichEye: WhichEye;
  productId: number;
  brandSlug: string;
  upc: string | null;
  quantity: number;
  parameters: Readonly<Record<string, string>>;
}

export interface LineItemGroupState {
  id: string;
  type: GroupType;
  items: LineItemState[];
  autoReorderFrequencyDays: number | null;
  submitAndSkipImageId: string | null;
}

export class GroupRuleError extends Error {
  override name = "GroupRuleError";
  constructor(
    readonly code: "EYE_MISMATCH" | "EYE_NOT_NEEDED" | "NOT_IN_GROUP",
    message: string,
  ) {
    super(message);
  }
}

/** The eye rule: no eye item → both needed; one eye present → the other; both present → none. */
export function neededEyes(group: { items: ReadonlyArray<Pick<LineItemState, "whichEye">> }): Eye[] {
  const present = new Set(group.items.map((item) => item.whichEye));
  return (["right", "left"] as const).filter((eye) => !present.has(eye));
}

/**
 * The eye a lens group asks for by the eye rule: with one eye present, the other; null for a group with no eye item
 * (a new order chooses its eyes), with both, and for solution.
 */
export function otherEyeNeeded(group: {
  type: GroupType;
  items: ReadonlyArray<Pick<LineItemState, "whichEye">>;
}): Eye | null {
  if (group.type !== "Lens" || !group.items.some((item) => item.whichEye !== "none")) return null;
  const needed = neededEyes(group);
  return needed.length === 1 ? needed[0]! : null;
}

/** What the cart and the product page say about the eye rule. */
export const EYE_RULE_MESSAGES = {
  otherEyeNeeded: (eye: Eye) =>
    `This order has lenses for the ${eye === "left" ? "right" : "left"} eye only: the ${eye} eye is needed.`,
  addOtherEye: (eye: Eye) => `Add lenses for the ${eye} eye`,
  addingTo: (eye: Eye, groupHeading: string) => `Adding lenses for the ${eye} eye to ${groupHeading} in your cart.`,
  groupGone: "That order is no longer in your cart, or it has lenses for both eyes already.",
} as const;

/** Adds an eye item where the group needs that eye. */
export function addEyeItem(group: LineItemGroupState, item: LineItemState): LineItemGroupState {
  if (item.whichEye !== "none" && !neededEyes(group).includes(item.whichEye)) {
    throw new GroupRuleError("EYE_NOT_NEEDED", `This group already has a ${item.whichEye} eye lens.`);
  }
  return normalizeGroup({ ...group, items: [...group.items, item] });
}

/** Replacing an eye item requires the new item to be for the same eye. */
export function replaceItem(group: LineItemGroupState, itemId: string, next: LineItemState): LineItemGroupState {
  const current = group.items.find((item) => item.id === itemId);
  if (!current) throw new GroupRuleError("NOT_IN_GROUP", "That item is not in this group.");
  if (current.whichEye !== next.whichEye) {
    throw new GroupRuleError("EYE_MISMATCH", "A replacement lens must be for the same eye.");
  }
  return normalizeGroup({ ...group, items: group.items.map((item) => (item.id === itemId ? next : item)) });
}

/** Removing the last item removes the group (null). */
export function removeItem(group: LineItemGroupState, itemId: string): LineItemGroupState | null {
  const items = group.items.filter((item) => item.id !== itemId);
  if (items.length === group.items.length) throw new GroupRuleError("NOT_IN_GROUP", "That item is not in this group.");
  return items.length === 0 ? null : normalizeGroup({ ...group, items });
}

/** A negative quantity is ignored (the item keeps its quantity); zero removes the item. */
export function setItemQuantity(
  group: LineItemGroupState,
  itemId: string,
  quantity: number,
): LineItemGroupState | null {
  if (!Number.isInteger(quantity) || quantity < 0) return group;
  if (quantity === 0) return removeItem(group, itemId);
  if (!group.items.some((item) => item.id === itemId)) {
    throw new GroupRuleError("NOT_IN_GROUP", "That item is not in this group.");
  }
  return { ...group, items: group.items.map((item) => (item.id === itemId ? { ...item, quantity } : item)) };
}

/** Auto-reorder is removed when the two eyes use different brands. */
export function normalizeGroup(group: LineItemGroupState): LineItemGroupState {
  const brands = new Set(group.items.filter((item) => item.whichEye !== "none").map((item) => item.brandSlug));
  return brands.size > 1 && group.autoReorderFrequencyDays !== null
    ? { ...group, autoReorderFrequencyDays: null }
    : group;
}

/** SubmitAndSkip with an uploaded image or the placeholder UPC; Manual when any item has parameters; else unset. */
export function rxEntryType(group: Pick<LineItemGroupState, "items" | "submitAndSkipImageId">): RxEntryType | null {
  if (group.submitAndSkipImageId || group.items.some((item) => item.upc === SUBMIT_AND_SKIP_UPC))
    return "SubmitAndSkip";
  if (group.items.some((item) => Object.keys(item.parameters).length > 0)) return "Manual";
  return null;
}

export function orderType(group: Pick<LineItemGroupState, "autoReorderFrequencyDays">): OrderType {
  return group.autoReorderFrequencyDays ? "autoReorder" : "oneTime";
}

/** The header's cart count: one per lens group, and one for solution however many solution groups there are. */
export function cartDisplayCount(groups: ReadonlyArray<{ type: GroupType; itemCount: number }>): number {
  const withItems = groups.filter((group) => group.itemCount > 0);
  const lensGroups = withItems.filter((group) => group.type === "Lens").length;
  return lensGroups + (withItems.some((group) => group.type === "Solution") ? 1 : 0);
}

/** A group's heading on orders and subscriptions: "Contact lenses for Ann Lee" ("Contact lenses": no patient). */
export function groupHeading(
  type: GroupType | (string & {}),
  patient: { firstName: string; lastName: string } | null,
): string {
  if (type === "Solution") return "Lens care";
  return `Contact lenses${patient ? ` for ${patient.firstName} ${patient.lastName}` : ""}`;
}

import { z } from "zod";
import { EYE_RULE_MESSAGES, otherEyeNeeded, type Eye, type GroupType, type WhichEye } from "./line-item-group";
import type { LensParameter } from "./lens-parameters";
import { productKind } from "./catalog";
import { AUTO_REORDER_FREQUENCIES, boxSupplyDays, defaultFrequencyDays, quantityOptions, supplyText } from "./supply";

/**
 * The product page's order form. One schema per product (its parameters and quantity options), built here and
 * used both by the browser (Conform) and by the action, so both say the same thing about the same input.
 * Field names are flat, per eye: `right-power`, `left-quantity` (as the spec's brand finder names them).
 */
export const EYE_CHOICES = ["both", "right", "left"] as const;
export type EyeChoice = (typeof EYE_CHOICES)[number];

export function eyesFor(choice: EyeChoice): Eye[] {
  return choice === "both" ? ["right", "left"] : [choice];
}

export const EYE_WORDS: Record<Eye, string> = { right: "right eye", left: "left eye" };

/**
 * The product page adding the eye a cart group needs (spec 2 §4 eye rule): `?group={lineItemGroupId}&eye=left`.
 * The page checks the group against the shopper's cart; the form then posts `groupId`.
 */
export function addEyePath(productPath: string, groupId: string, eye: Eye): string {
  return `${productPath}?${new URLSearchParams({ group: groupId, eye })}`;
}

/**
 * Spec 2 §4 eye rule: a lens group with one eye needs the other. The cart says so and links to the lens's page in
 * 'add the other eye' mode, which adds it to this group (the shopper may leave it: some need one lens only).
 */
export function otherEyeOffer(group: {
  id: string;
  type: GroupType;
  items: Array<{ whichEye: WhichEye; href: string | null }>;
}) {
  const eye = otherEyeNeeded(group);
  const present = group.items.find((item) => item.whichEye !== "none");
  if (!eye || !present?.href) return null;
  return {
    message: EYE_RULE_MESSAGES.otherEyeNeeded(eye),
    linkText: EYE_RULE_MESSAGES.addOtherEye(eye),
    href: addEyePath(present.href, group.id, eye),
  };
}

/** What `addEyePath` put in the URL, when it is well formed (a group id and an eye); else null. */
export function addEyeQuery(params: URLSearchParams): { groupId: string; eye: Eye } | null {
  const groupId = params.get("group") ?? "";
  const eye = params.get("eye");
  if (!/^[A-Za-z0-9_-]{1,64}$/.test(groupId) || (eye !== "right" && eye !== "left")) return null;
  return { groupId, eye };
}

export interface OrderableProduct {
  parameters: LensParameter[];
  quantityOptions: number[];
  allowsAutoReorder: boolean;
}

export const fieldName = (eye: Eye, name: string) => `${eye}-${name}`;

/** A parameter with a single option (often BC or DIA) is chosen already: those fields' values for both eyes. */
export function singleOptionDefaults(parameters: readonly LensParameter[]): Record<string, string> {
  return Object.fromEntries(
    parameters
      .filter((parameter) => parameter.options.length === 1)
      .flatMap((parameter) =>
        (["right", "left"] as const).map((eye) => [fieldName(eye, parameter.name), parameter.options[0]!.value]),
      ),
  );
}

/** Each of an eye's parameters must be chosen ('none' is not a choice) and be one of its options. */
export function checkEyeParameters(
  ctx: z.RefinementCtx,
  fields: Record<string, string | undefined>,
  eye: Eye,
  parameters: readonly LensParameter[],
): void {
  for (const parameter of parameters) {
    const name = fieldName(eye, parameter.name);
    const chosen = fields[name];
    if (!chosen || chosen === "none") {
      ctx.addIssue({
        code: "custom",
        path: [name],
        message: ORDER_MESSAGES.chooseParameter(parameter.displayName, eye),
      });
    } else if (!parameter.options.some((option) => option.value === chosen)) {
      ctx.addIssue({ code: "custom", path: [name], message: ORDER_MESSAGES.unknownOption(parameter.displayName) });
    }
  }
}

/** The product form's two buttons: the prescription chosen here, or entered on the next step (RxDetails). */
export const PRESCRIPTION_ENTRIES = ["now", "later"] as const;
export const PRESCRIPTION_LATER = "later";

const FREQUENCY_VALUES = AUTO_REORDER_FREQUENCIES.map((frequency) => String(frequency.days));

export const ORDER_MESSAGES = {
  chooseEyes: "Choose which eyes to order for.",
  chooseParameter: (label: string, eye: Eye) => `Choose ${label} for the ${EYE_WORDS[eye]}.`,
  unknownOption: (label: string) => `That ${label} isn't available for this lens.`,
  chooseQuantity: "Choose a quantity from the list.",
  autoReorderUnavailable: "Auto-reorder isn't available for this product.",
  chooseFrequency: "Choose how often to reorder.",
  notMade: "This combination isn't made for this lens. Please check your prescription.",
  outOfStock: "This lens is out of stock in these parameters.",
  onlyInStock: (n: number) => `Only ${n} ${n === 1 ? "box is" : "boxes are"} in stock.`,
  discontinued: "This product has been discontinued and can't be ordered.",
} as const;

export function lensOrderSchema(product: OrderableProduct) {
  const shape: Record<string, z.ZodType<string | undefined>> = {};
  for (const eye of ["right", "left"] as const) {
    for (const parameter of product.parameters) shape[fieldName(eye, parameter.name)] = z.string().optional();
    shape[fieldName(eye, "quantity")] = z.string().optional();
  }
  return z
    .object({
      eyes: z.enum(EYE_CHOICES, { error: ORDER_MESSAGES.chooseEyes }),
      autoReorder: z.string().optional(),
      prescription: z.enum(PRESCRIPTION_ENTRIES).default("now"),
      ...shape,
    })
    .superRefine((value, ctx) => {
      const fields = value as Record<string, string | undefined>;
      for (const eye of eyesFor(value.eyes)) {
        if (value.prescription !== PRESCRIPTION_LATER) checkEyeParameters(ctx, fields, eye, product.parameters);
        const quantity = fields[fieldName(eye, "quantity")];
        if (!quantity || !product.quantityOptions.includes(Number(quantity))) {
          ctx.addIssue({ code: "custom", path: [fieldName(eye, "quantity")], message: ORDER_MESSAGES.chooseQuantity });
        }
      }
      checkAutoReorder(value.autoReorder, product, ctx);
    })
    .transform((value) => {
      const fields = value as Record<string, string | undefined>;
      const later = value.prescription === PRESCRIPTION_LATER;
      return {
        eyes: eyesFor(value.eyes).map((eye) => ({
          eye,
          // Entered later: whatever the selects held is ignored, the RxDetails step asks for all of it.
          parameters: later
            ? {}
            : Object.fromEntries(
                product.parameters.map((parameter) => [
                  parameter.name,
                  fields[fieldName(eye, parameter.name)] as string,
                ]),
              ),
          quantity: Number(fields[fieldName(eye, "quantity")]),
        })),
        prescriptionLater: later,
        autoReorderFrequencyDays: value.autoReorder ? Number(value.autoReorder) : null,
      };
    });
}
export type LensOrder = z.output<ReturnType<typeof lensOrderSchema>>;

export function solutionOrderSchema(product: Pick<OrderableProduct, "quantityOptions" | "allowsAutoReorder">) {
  return z
    .object({ quantity: z.string().optional(), autoReorder: z.string().optional() })
    .superRefine((value, ctx) => {
      if (!value.quantity || !product.quantityOptions.includes(Number(value.quantity))) {
        ctx.addIssue({ code: "custom", path: ["quantity"], message: ORDER_MESSAGES.chooseQuantity });
      }
      checkAutoReorder(value.autoReorder, product, ctx);
    })
    .transform((value) => ({
      quantity: Number(value.quantity),
      autoReorderFrequencyDays: value.autoReorder ? Number(value.autoReorder) : null,
    }));
}
export type SolutionOrder = z.output<ReturnType<typeof solutionOrderSchema>>;

function checkAutoReorder(
  autoReorder: string | undefined,
  product: Pick<OrderableProduct, "allowsAutoReorder">,
  ctx: z.RefinementCtx,
) {
  if (!autoReorder) return;
  if (!product.allowsAutoReorder) {
    ctx.addIssue({ code: "custom", path: ["autoReorder"], message: ORDER_MESSAGES.autoReorderUnavailable });
  } else if (!FREQUENCY_VALUES.includes(autoReorder)) {
    ctx.addIssue({ code: "custom", path: ["autoReorder"], message: ORDER_MESSAGES.chooseFrequency });
  }
}

/**
 * What a product page offers: the quantities (by the supply rule), each labelled with its supply, and the
 * auto-reorder frequency that matches the first quantity.
 */
export function orderChoices(product: {
  productType: number;
  categories: readonly string[];
  wearTimeDays: number;
  quantityPerPackage: number;
  maximumQuantity: number;
}) {
  const productType = productKind(product.productType);
  const boxDays = boxSupplyDays(product);
  const options = quantityOptions({ ...product, productType, isColor: product.categories.includes("color") });
  const boxes = (quantity: number) => `${quantity} ${quantity === 1 ? "box" : "boxes"}`;
  return {
    quantityOptions: options,
    quantityChoices: options.map((quantity) => ({
      value: quantity,
      label:
        productType === "solution" ? boxes(quantity) : `${boxes(quantity)} · ${supplyText(boxDays * quantity)} supply`,
    })),
    defaultFrequencyDays: defaultFrequencyDays(boxDays * (options[0] ?? 1)),
  };
}

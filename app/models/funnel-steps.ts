import { z } from "zod";
import { isSkipped, type FunnelGroup, type FunnelState } from "./funnel";
import type { LensParameter } from "./lens-parameters";
import type { Eye } from "./line-item-group";
import { expirationDateSchema } from "./prescriptions";
import { checkEyeParameters, fieldName } from "./product-order";
import { SUBMIT_AND_SKIP_UPC } from "./stock";

/**
 * The funnel's group steps before the cart (spec 2 §4): RxDetails, Parameters and Patient each work on one line item
 * group at a time — the first working group whose criteria are not met yet — and the prescription form they share.
 */
export type GroupStepPage = "RxDetails" | "Parameters" | "Patient";

export const STEP_MESSAGES = {
  groupGone: "These lenses are no longer in your cart.",
} as const;

/**
 * The working groups a step still has to do, in cart order. The skip criteria all read "every group …", so a group
 * is pending exactly when the step would not be skipped for it alone.
 */
export function groupsPendingAt(page: GroupStepPage, state: FunnelState): FunnelGroup[] {
  return state.groups.filter((group) => !isSkipped(page, { ...state, groups: [group] }));
}

/** A line still waits for its real UPC: none yet, or the submit-and-skip placeholder. */
export function lacksUpc(item: { upc: string | null }): boolean {
  return !item.upc?.trim() || item.upc === SUBMIT_AND_SKIP_UPC;
}

/** One eye of the prescription form: the eye and its lens's parameters. */
export interface PrescriptionEye {
  eye: Eye;
  parameters: readonly LensParameter[];
}

/** An eye as the prescription form shows it. */
export interface PrescriptionFormEye extends PrescriptionEye {
  parameters: LensParameter[];
  /** "Right eye (OD)". */
  title: string;
  productName: string;
  /** What the line holds already (chosen on the product page, or earlier in the funnel). */
  selected: Record<string, string>;
}

/**
 * The eyes a prescription step asks about: RxDetails the whole prescription (every eye of the group), Parameters
 * only the eyes still waiting for their UPC.
 */
export function prescriptionEyes(
  lines: ReadonlyArray<{
    whichEye: Eye | "none";
    eyeTitle: string | null;
    productName: string;
    parameters: LensParameter[];
    selectedParameters: Record<string, string>;
    upc: string | null;
  }>,
  page: "RxDetails" | "Parameters",
): PrescriptionFormEye[] {
  return lines.flatMap((line) =>
    line.whichEye === "none" || (page === "Parameters" && !lacksUpc(line))
      ? []
      : [
          {
            eye: line.whichEye,
            title: line.eyeTitle ?? line.whichEye,
            productName: line.productName,
            parameters: line.parameters,
            selected: line.selectedParameters,
          },
        ],
  );
}

export interface PrescriptionEntry {
  groupId: string;
  eyes: Array<{ eye: Eye; parameters: Record<string, string> }>;
  /** The prescription's expiration date (ISO day), when the form asked for it and it was given. */
  expirationDate?: string;
}

/**
 * Whether the prescription form asks for the expiration date: RxDetails requires it with a typed prescription;
 * Parameters asks (optionally) only while the group has none; `none` leaves the field out.
 */
export type ExpirationAsk = "required" | "optional" | "none";

/** The expiration date field's name (the same on every form that asks for it). */
export const EXPIRATION_FIELD = "expirationDate";

/**
 * The prescription form of RxDetails and Parameters: per eye, every parameter of that eye's lens (fields named as
 * the product page names them, `right-power`), each a value the lens offers, and the prescription's expiration date
 * (a real day, not past, at most 10 years ahead). Messages are the product page's.
 */
export function prescriptionSchema(
  eyes: readonly PrescriptionEye[],
  { expiration: asked = "required" }: { expiration?: ExpirationAsk } = {},
) {
  // No eye to prescribe (the group is gone): nothing to ask the date for either.
  const expiration: ExpirationAsk = eyes.length === 0 ? "none" : asked;
  const shape: Record<string, z.ZodType<string | undefined>> = {};
  for (const { eye, parameters } of eyes) {
    for (const parameter of parameters) shape[fieldName(eye, parameter.name)] = z.string().optional();
  }
  const expirationDate = expirationDateSchema({ required: expiration === "required" });
  return z
    .object({
      groupId: z.string({ error: STEP_MESSAGES.groupGone }).trim().min(1, { error: STEP_MESSAGES.groupGone }),
      [EXPIRATION_FIELD]: z.string().optional(),
      ...shape,
    })
    .superRefine((value, ctx) => {
      const fields = value as Record<string, string | undefined>;
      for (const { eye, parameters } of eyes) checkEyeParameters(ctx, fields, eye, parameters);
      if (expiration === "none") return;
      // Checked beside the parameters (not as a field of its own), so every message shows at once.
      for (const issue of expirationDate.safeParse(fields[EXPIRATION_FIELD]).error?.issues ?? []) {
        ctx.addIssue({ code: "custom", path: [EXPIRATION_FIELD], message: issue.message });
      }
    })
    .transform((value): PrescriptionEntry => {
      const fields = value as Record<string, string | undefined>;
      const expires = expiration === "none" ? undefined : expirationDate.safeParse(fields[EXPIRATION_FIELD]).data;
      return {
        groupId: value.groupId,
        eyes: eyes.map(({ eye, parameters }) => ({
          eye,
          parameters: Object.fromEntries(
            parameters.map((parameter) => [parameter.name, fields[fieldName(eye, parameter.name)] as string]),
          ),
        })),
        ...(expires ? { expirationDate: expires } : {}),
      };
    });
}

import { and, eq } from "drizzle-orm";
import { EXAM_MESSAGES, voucherApprovalStatus } from "~/models/exams";
import { EYE_LABELS, EYE_NAMES } from "~/models/lens-parameters";
import type { Eye } from "~/models/line-item-group";
import { eyeParameterList } from "~/models/prescriptions";
import { quantityOptions } from "~/models/supply";
import { ensureCart, resolveLensOrder } from "../cart/add-to-cart.server";
import { addGroup, withCartLock } from "../cart/cart.server";
import { findSkuByUpc, productPath } from "../catalog/catalog.server";
import { updateJourney } from "../funnel/funnel.server";
import type { Database } from "../db/client.server";
import { lineItemGroups, prescriptions } from "../db/schema";
import type { StoreSession } from "../platform/session.server";
import { walletProducts } from "../prescriptions/wallet.server";
import type { ExamVoucherRow } from "./exam-vouchers.server";

/**
 * After the exam (spec ExamPreOrder, POST /api/cart/preorderexam/): the exam's lenses into the cart as one group for
 * the exam's patient, carrying the voucher, so the group needs no doctor (spec doctor rules) and its prescription
 * comes from the exam. The lenses are the ones the exam renews (the voucher's UPCs), in the quantities asked for.
 */

export interface ExamLens {
  eye: Eye;
  upc: string;
  productId: number;
  productName: string;
  brandName: string;
  /** The lens's product page. */
  productPath: string;
  parameters: Record<string, string>;
  /** e.g. 'Power/sphere -2.00, BC 8.6'. */
  parametersText: string;
  eyeTitle: string;
  quantityOptions: number[];
  defaultQuantity: number;
}

/** The voucher's lenses per eye, as the catalog knows them now (an eye whose lens is gone is left out). */
export async function examLenses(
  db: Database,
  voucher: Pick<ExamVoucherRow, "rightUpc" | "leftUpc">,
): Promise<ExamLens[]> {
  const eyes = (
    [
      ["right", voucher.rightUpc],
      ["left", voucher.leftUpc],
    ] as const
  ).filter((entry): entry is readonly [Eye, string] => !!entry[1]?.trim());
  const skus = await Promise.all(eyes.map(([, upc]) => findSkuByUpc(db, upc)));
  const catalog = await walletProducts(
    db,
    skus.flatMap((sku) => (sku ? [sku.productId] : [])),
  );
  const lenses: ExamLens[] = [];
  eyes.forEach(([eye, upc], index) => {
    const sku = skus[index];
    const product = sku ? catalog.get(sku.productId) : undefined;
    if (!sku || !product) return;
    const options = quantityOptions({
      productType: "lens",
      isColor: product.categories.includes("color"),
      wearTimeDays: product.wearTimeDays,
      quantityPerPackage: product.quantityPerPackage,
      maximumQuantity: product.maximumQuantity,
    });
    lenses.push({
      eye,
      upc,
      productId: sku.productId,
      productName: product.displayName,
      brandName: product.brandName,
      productPath: productPath(product),
      parameters: sku.parameters,
      parametersText: eyeParameterList(sku.parameters)
        .map(({ label, value }) => `${label} ${value}`)
        .join(", "),
      eyeTitle: `${EYE_NAMES[eye]} (${EYE_LABELS[eye]})`,
      quantityOptions: options,
      // The middle option: a few months' supply, as the product page suggests.
      defaultQuantity: options[Math.floor((options.length - 1) / 2)]!,
    });
  });
  return lenses;
}

export type ExamCartResult =
  { ok: true; cartId: string; groupId: string } | { ok: false; status: 400 | 404 | 409 | 422; message: string };

/**
 * Puts the exam's lenses in the shopper's cart. Only an exam that was taken (pending with the doctor) or issued can
 * be ordered from; a declined one answers 'Exam Declined' (the page then shows ExamDeclined). `quantities` per eye
 * must be ones the lens offers; absent, the suggested quantity.
 */
export async function addExamToCart(
  db: Database,
  input: {
    voucher: ExamVoucherRow;
    /** The browser's session (its cart, made when there is none), or an API client's cart. */
    cart: { session: StoreSession } | { cartId: string };
    customerId: number;
    quantities?: Partial<Record<Eye, number>>;
  },
): Promise<ExamCartResult> {
  const { voucher } = input;
  const approval = voucherApprovalStatus(voucher.status);
  if (approval === "Declined") return { ok: false, status: 409, message: EXAM_MESSAGES.declined };
  if (approval !== "Pending" && approval !== "Approved") {
    return { ok: false, status: 409, message: "Finish your exam before ordering your lenses." };
  }
  const lenses = await examLenses(db, voucher);
  if (lenses.length === 0) return { ok: false, status: 422, message: EXAM_MESSAGES.addToCartFailed };

  const order = [];
  for (const lens of lenses) {
    const quantity = input.quantities?.[lens.eye] ?? lens.defaultQuantity;
    if (!lens.quantityOptions.includes(quantity)) {
      return {
        ok: false,
        status: 400,
        message: `${lens.eyeTitle}: choose one of ${lens.quantityOptions.join(", ")} boxes.`,
      };
    }
    order.push({ lens, quantity });
  }
  const items = [];
  for (const { lens, quantity } of order) {
    const resolved = await resolveLensOrder(
      db,
      { id: lens.productId },
      {
        eyes: [{ eye: lens.eye, parameters: lens.parameters, quantity }],
      },
    );
    if ("errors" in resolved) {
      const message = Object.values(resolved.errors).flat().join(" ");
      return { ok: false, status: 422, message: `${lens.eyeTitle}: ${message}` };
    }
    items.push(...resolved.items);
  }

  // An issued exam's prescription is in the wallet: the group orders it like a saved prescription.
  const [issued] =
    voucher.prescriptionId === null
      ? []
      : await db
          .select({ id: prescriptions.id, expirationDate: prescriptions.expirationDate })
          .from(prescriptions)
          .where(and(eq(prescriptions.id, voucher.prescriptionId), eq(prescriptions.customerId, input.customerId)));

  const cartId =
    "cartId" in input.cart ? input.cart.cartId : await ensureCart(db, input.cart.session, input.customerId);
  const groupId = await addGroup(db, cartId, { type: "Lens", items, autoReorderFrequencyDays: null });
  await withCartLock(db, cartId, async (tx) => {
    await tx
      .update(lineItemGroups)
      .set({
        patient: {
          firstName: voucher.patientFirstName,
          lastName: voucher.patientLastName,
          ...(voucher.patientId === null ? {} : { patientId: voucher.patientId }),
        },
        examVoucherToken: voucher.token,
        walletPrescriptionId: issued?.id ?? null,
        prescriptionExpiresOn: issued?.expirationDate ?? null,
        updatedAt: new Date(),
      })
      .where(and(eq(lineItemGroups.id, groupId), eq(lineItemGroups.cartId, cartId)));
  });
  if ("session" in input.cart) updateJourney(input.cart.session, { currentGroupId: groupId, proceededPastCart: false });
  return { ok: true, cartId, groupId };
}

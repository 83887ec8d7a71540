import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect } from "react-router";
import {
  orderAgainFormSchema,
  PRESCRIPTION_MESSAGES,
  prescriptionIdFormSchema,
  UPLOADED_PRESCRIPTION_MESSAGES,
  uploadedImageFormSchema,
} from "~/models/prescriptions";
import { redirectToNextStep } from "../funnel/funnel.server";
import type { AppServices, Visitor, VisitorCustomer } from "../platform/context.server";
import { flashToast } from "../platform/session.server";
import { clonePrescription, deletePrescription } from "./prescription-records.server";
import { deleteRxImage } from "./rx-images.server";
import { orderAgain } from "./wallet-cart.server";

/**
 * The wallet pages' forms (/account/prescriptions, /rx-wallet and one prescription's page): intent=order-again,
 * clone, delete, and delete-upload (an uploaded image not yet an order's or a prescription's). Each POST answers with a 303 and a toast — the page it lands on reads the wallet again, so the
 * wallet is refreshed after an order, a clone and a delete (spec 2 §4) — or, refused, with the form's reply (4xx).
 */

export const WALLET_INTENTS = ["order-again", "clone", "delete", "delete-upload"] as const;
export type WalletIntent = (typeof WALLET_INTENTS)[number];

export const WALLET_TOASTS = {
  ordered: "Added to your cart.",
  cloned: "Prescription copied. You'll find the copy in your prescriptions.",
  deleted: "Prescription deleted, with its images.",
} as const;

export interface WalletActionReply {
  intent: WalletIntent | null;
  prescriptionId: number | null;
  result: SubmissionResult<string[]>;
}

const isIntent = (value: unknown): value is WalletIntent =>
  typeof value === "string" && (WALLET_INTENTS as readonly string[]).includes(value);

/**
 * Runs one wallet form for the signed-in customer. `after` says where a clone (given the copy's id) and a delete
 * land; 'Order again' goes on through the funnel (its steps are met, so to the cart).
 */
export async function walletAction(
  services: Pick<AppServices, "db" | "imageStore" | "logger">,
  visitor: Pick<Visitor, "session" | "customer">,
  customer: VisitorCustomer,
  formData: FormData,
  after: { cloned: (id: number) => string; deleted: string },
) {
  const { db } = services;
  const intent = formData.get("intent");
  const rawId = formData.get("prescriptionId");
  const shownId = typeof rawId === "string" && /^[1-9][0-9]{0,8}$/.test(rawId) ? Number(rawId) : null;
  const refuse = (
    result: WalletActionReply["result"],
    status: number,
    which: WalletIntent | null = isIntent(intent) ? intent : null,
  ) => data({ intent: which, prescriptionId: shownId, result } satisfies WalletActionReply, { status });

  switch (intent) {
    case "order-again": {
      const submission = parseWithZod(formData, { schema: orderAgainFormSchema });
      if (submission.status !== "success") return refuse(submission.reply(), 400);
      const ordered = await orderAgain(db, { customerId: customer.id, session: visitor.session }, [submission.value]);
      if (!ordered.ok) return refuse(submission.reply({ formErrors: [ordered.message] }), ordered.status);
      flashToast(visitor.session, "success", WALLET_TOASTS.ordered);
      return redirectToNextStep(db, visitor, "LensProductDetailPage");
    }
    case "clone":
    case "delete": {
      const submission = parseWithZod(formData, { schema: prescriptionIdFormSchema });
      if (submission.status !== "success") return refuse(submission.reply(), 400);
      const id = submission.value.prescriptionId;
      if (intent === "clone") {
        const copy = await clonePrescription(db, customer.id, id);
        if (copy === null) return refuse(submission.reply({ formErrors: [PRESCRIPTION_MESSAGES.notFound] }), 404);
        flashToast(visitor.session, "success", WALLET_TOASTS.cloned);
        return redirect(after.cloned(copy), 303);
      }
      const deleted = await deletePrescription(services, customer.id, id);
      if (!deleted) return refuse(submission.reply({ formErrors: [PRESCRIPTION_MESSAGES.notFound] }), 404);
      flashToast(visitor.session, "success", WALLET_TOASTS.deleted);
      return redirect(after.deleted, 303);
    }
    case "delete-upload": {
      const submission = parseWithZod(formData, { schema: uploadedImageFormSchema });
      if (submission.status !== "success") return refuse(submission.reply(), 400);
      // The customer's own images only: a guest session's are not the wallet's.
      const result = await deleteRxImage(services, submission.value.imageId, {
        customerId: customer.id,
        sessionHash: null,
      });
      if (result !== "deleted") {
        const message = UPLOADED_PRESCRIPTION_MESSAGES[result === "linked" ? "linked" : "notFound"];
        return refuse(submission.reply({ formErrors: [message] }), result === "linked" ? 409 : 404);
      }
      flashToast(visitor.session, "success", UPLOADED_PRESCRIPTION_MESSAGES.deleted);
      return redirect(after.deleted, 303);
    }
    default: {
      const submission = parseWithZod(formData, { schema: prescriptionIdFormSchema });
      return refuse(submission.reply({ formErrors: ["Choose what to do with this prescription."] }), 400, null);
    }
  }
}

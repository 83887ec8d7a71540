/**
 * The held-out families' page makers. No parsing rule may name these layouts, and the parser's author does not
 * open this folder: they measure the reader on layouts it was not tuned on.
 */
import { type PageMaker } from "../items";
import { ehrPrintout } from "./ehr-printout";
import { eyesColumns } from "./eyes-columns";
import { handwrittenSlip } from "./handwritten-slip";
import { recallPostcard } from "./recall-postcard";
import { referralBoxes } from "./referral-boxes";
import { thermalReceipt } from "./thermal-receipt";

export const HELD_OUT_LAYOUTS: Record<string, PageMaker> = {
  "eyes-columns": eyesColumns,
  "thermal-receipt": thermalReceipt,
  "ehr-printout": ehrPrintout,
  "handwritten-slip": handwrittenSlip,
  "referral-boxes": referralBoxes,
  "recall-postcard": recallPostcard,
};

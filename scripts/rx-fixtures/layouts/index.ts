/** The training families' page makers (the parser's author may read and tune on these). */
import { type PageMaker } from "../items";
import { boxForm } from "./box-form";
import { compactNote } from "./compact-note";
import { handwrittenPad } from "./handwritten-pad";
import { letterheadTable } from "./letterhead-table";
import { appointmentCard, clinicBill } from "./other-clinic";
import { portalCard } from "./portal-card";
import { spectaclesOnly } from "./spectacles-only";

export const TRAINING_LAYOUTS: Record<string, PageMaker> = {
  "letterhead-table": letterheadTable,
  "portal-card": portalCard,
  "compact-note": compactNote,
  "box-form": boxForm,
  "handwritten-pad": handwrittenPad,
  "spectacles-only": spectaclesOnly,
  "appointment-card": appointmentCard,
  "clinic-bill": clinicBill,
};

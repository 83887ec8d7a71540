/** The training families' page makers (the parser's author may read and tune on these). */
import { type PageMaker } from "../items";
import { letterheadTable } from "./letterhead-table";

export const TRAINING_LAYOUTS: Record<string, PageMaker> = {
  "letterhead-table": letterheadTable,
};

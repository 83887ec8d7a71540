/** The training families' page makers (the parser's author may read and tune on these). */
import { type PageMaker } from "../items";

export const TRAINING_LAYOUTS: Record<string, PageMaker> = {};

/**
 * The held-out families' page makers. No parsing rule may name these layouts, and the parser's author does not
 * open this folder: they measure the reader on layouts it was not tuned on.
 */
import { type PageMaker } from "../items";

export const HELD_OUT_LAYOUTS: Record<string, PageMaker> = {};

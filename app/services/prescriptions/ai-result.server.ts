import {
  aiCandidates,
  appliesOn,
  hasPrescription,
  parseAnalysis,
  patientToStore,
  usableEyes,
  type AiGroupLine,
} from "~/models/ai-result";
import type { Eye } from "~/models/line-item-group";
import type { RxAnalysis } from "~/models/rx-analysis";
import {
  confidentSelection,
  readingPhase,
  readingView,
  type ReadingPhase,
  type ReadingView,
} from "~/models/rx-reading";
import { matchSku } from "../catalog/catalog.server";
import { setGroupPatient, stepGroup } from "../funnel/group-steps.server";
import type { Database } from "../db/client.server";
import type { Logger } from "../platform/logger.server";
import type { RxImageRow } from "./rx-images.server";

/**
 * AI result handling on the server (spec 2 §4; the rules are in models/ai-result.ts): the read patient's name onto
 * the group, and the read values as the prescription form's pre-fill, looked up in the catalog first. UPCs are never
 * set from a reading: the shopper confirms the pre-filled form, which sets them as a typed prescription does.
 */

/**
 * After an upload on `page`: stores the read patient's name on the group when the group has no full name yet (the
 * Patient step's own rules and save). Without a prescription in the reading nothing happens. Returns whether a name
 * was stored.
 */
export async function applyAiPatient(
  services: { db: Database; logger: Logger },
  input: { page: string; cartId: string; groupId: string; analysis: RxAnalysis | null; customerId: number | null },
): Promise<boolean> {
  if (!appliesOn(input.page)) return false;
  if (!hasPrescription(input.analysis)) {
    // Spec: an analytics event only (analytics are not built); a line without any of the reading's data.
    services.logger.debug({ page: input.page }, "prescription reading without a prescription");
    return false;
  }
  const group = await stepGroup(services.db, input.cartId, input.groupId);
  if (!group || group.type !== "Lens") return false;
  const patient = patientToStore(group.patient, input.analysis!.patient);
  if (!patient) return false;
  const saved = await setGroupPatient(services.db, input.cartId, input.groupId, patient, input.customerId);
  return saved.status === "saved";
}

/**
 * The prescription form's pre-fill from a reading on `page`: per eye, the lens's options the read values name, when
 * they resolve to an orderable SKU — both eyes or neither when the group has both. Empty when the rule doesn't apply.
 */
export async function aiPrefill(
  db: Database,
  input: { page: string; analysis: RxAnalysis | null; lines: readonly AiGroupLine[] },
): Promise<Partial<Record<Eye, Record<string, string>>>> {
  if (!appliesOn(input.page) || !hasPrescription(input.analysis)) return {};
  const found: Partial<Record<Eye, Record<string, string>>> = {};
  for (const candidate of aiCandidates(input.analysis!, input.lines)) {
    const sku = await matchSku(db, candidate.productId, candidate.parameters);
    if (sku?.isActive) found[candidate.eye] = candidate.parameters;
  }
  return usableEyes(input.lines, found);
}

/** What an uploaded image's reading is now, for its pages: still running, read (with what was read), or not. */
export function readingOfImage(
  row: Pick<RxImageRow, "readingState" | "createdAt" | "analysis">,
  now: Date = new Date(),
): { phase: ReadingPhase; analysis: RxAnalysis | null; view: ReadingView | null } {
  const analysis = parseAnalysis(row.analysis);
  const usable = !!analysis && (hasPrescription(analysis) || analysis.spectaclesOnly === true);
  const phase = readingPhase(row, usable, now);
  return {
    phase,
    analysis: phase === "read" ? analysis : null,
    view: phase === "read" ? readingView(analysis!) : null,
  };
}

/**
 * The prescription form's pre-fill from a finished reading (spec 2 §4, as `aiPrefill`), keeping only what the reader
 * is confident of; the parameters read without confidence are left for the shopper and named in `toCheck`.
 */
export async function confidentPrefill(
  db: Database,
  input: { page: string; analysis: RxAnalysis | null; lines: readonly AiGroupLine[] },
): Promise<{ prefill: Partial<Record<Eye, Record<string, string>>>; toCheck: Partial<Record<Eye, string[]>> }> {
  const found = await aiPrefill(db, input);
  const prefill: Partial<Record<Eye, Record<string, string>>> = {};
  const toCheck: Partial<Record<Eye, string[]>> = {};
  for (const [eye, selected] of Object.entries(found) as Array<[Eye, Record<string, string>]>) {
    const split = confidentSelection(input.analysis!, eye, selected);
    prefill[eye] = split.selected;
    if (split.toCheck.length > 0) toCheck[eye] = split.toCheck;
  }
  return { prefill, toCheck };
}

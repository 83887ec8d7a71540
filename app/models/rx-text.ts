import type { RxAnalysis } from "./rx-analysis";
import { type ParseOptions, parseRxPage } from "./rx-layout";
import { pageFromText } from "./rx-layout-rows";

/**
 * The prescription reader's entry points (spec 2 §3 AI analysis result), pure and forgiving: `parseRxPage` reads
 * the OCR's word boxes by layout (rx-layout.ts); `parseRxText` reads plain text (a PDF's text layer) as a page
 * whose words are boxed by their character positions, so one parser serves both.
 */

export { hasLensValues, type ParseOptions, parseRxPage } from "./rx-layout";
export type { RxTextKind } from "./rx-text-lines";

/** Null when no lens value was found (junk text, a photo of a face, an empty PDF) and it is no glasses Rx. */
export function parseRxText(text: string, options: ParseOptions): RxAnalysis | null {
  return parseRxPage(pageFromText(text), options);
}

/** An analysis as rows ("OD", "sphere", "-2.25"), in reading order: for the dev page's table and the bench. */
export function rxAnalysisFields(analysis: Omit<RxAnalysis, "correlationId">): Array<{
  part: string;
  field: string;
  value: string;
}> {
  const rows: Array<{ part: string; field: string; value: string }> = [];
  for (const [part, reading] of Object.entries(analysis.prescription)) {
    for (const [field, value] of Object.entries(reading ?? {})) if (value) rows.push({ part, field, value });
  }
  for (const [field, value] of Object.entries(analysis.patient))
    if (value) rows.push({ part: "patient", field, value });
  if (analysis.expirationDate)
    rows.push({ part: "prescription", field: "expirationDate", value: analysis.expirationDate });
  if (analysis.issueDate) rows.push({ part: "prescription", field: "issueDate", value: analysis.issueDate });
  for (const [field, value] of Object.entries(analysis.prescriber ?? {})) {
    if (value) rows.push({ part: "prescriber", field, value });
  }
  return rows;
}

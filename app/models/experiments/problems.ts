/**
 * The spec's experiment configuration codes (spec 3 §8), offset by 10000 when reported. What each means here is
 * written in decision 0058: the engine reports a problem and goes on (the experiment gets no variation, or the
 * override is ignored); nothing throws.
 */
export const EXPERIMENT_CODES = {
  invalidDefinition: 1,
  invalidSource: 2,
  errorGettingAssignments: 3,
  invalidRandomAssignMethod: 4,
  randomAssignError: 5,
  noDefinitionForRandomAssign: 6,
  noDefinitionForManualAssign: 7,
  invalidManualMethod: 8,
  manualAssignError: 9,
  initializationInputRequired: 10,
  alreadyInitialized: 11,
  missingSources: 12,
} as const;
export type ExperimentCode = (typeof EXPERIMENT_CODES)[keyof typeof EXPERIMENT_CODES];

export const REPORTED_CODE_OFFSET = 10000;

/** Spec: "Random assignment with no variation throws 'No variation chosen'" — here a reported problem (code 5). */
export const NO_VARIATION_CHOSEN = "No variation chosen";

/** Warnings leave the store's behaviour as the content meant it; errors mean a campaign did not run as written. */
const WARNINGS = new Set<ExperimentCode>([
  EXPERIMENT_CODES.noDefinitionForManualAssign,
  EXPERIMENT_CODES.invalidManualMethod,
  EXPERIMENT_CODES.manualAssignError,
  EXPERIMENT_CODES.alreadyInitialized,
  EXPERIMENT_CODES.missingSources,
]);

export interface ExperimentProblem {
  code: ExperimentCode;
  /** `code` + 10000, as logs and reports carry it. */
  reportedCode: number;
  severity: "error" | "warning";
  experimentId: string | null;
  message: string;
}

export function experimentProblem(
  code: ExperimentCode,
  experimentId: string | null,
  message: string,
): ExperimentProblem {
  return {
    code,
    reportedCode: code + REPORTED_CODE_OFFSET,
    severity: WARNINGS.has(code) ? "warning" : "error",
    experimentId,
    message,
  };
}

import { isVariantName, type VariantName } from "./names";
import { EXPERIMENT_CODES, experimentProblem, type ExperimentProblem } from "./problems";

/**
 * Manual overrides for testing (spec 3 §4 "Experiments": outside production only): `?experiment=<id>:<variant>`,
 * repeatable, e.g. `/?experiment=home-split:B&experiment=price-books:default`. The engine refuses them in PRODUCTION.
 */
export const EXPERIMENT_OVERRIDE_PARAM = "experiment";

const OVERRIDE = /^([a-z0-9][a-z0-9-]{0,60}):([A-Za-z]+)$/;

/** The overrides a URL asks for; a value that is not `<id>:<variant>` is a warning (code 8) and is skipped. */
export function parseOverrides(searchParams: URLSearchParams): {
  overrides: Record<string, VariantName>;
  problems: ExperimentProblem[];
} {
  const overrides: Record<string, VariantName> = {};
  const problems: ExperimentProblem[] = [];
  for (const raw of searchParams.getAll(EXPERIMENT_OVERRIDE_PARAM)) {
    const match = OVERRIDE.exec(raw.trim());
    const variant = match?.[2] ?? "";
    if (!match || !isVariantName(variant)) {
      problems.push(
        experimentProblem(
          EXPERIMENT_CODES.invalidManualMethod,
          match?.[1] ?? null,
          `Override "${raw.slice(0, 80)}" is not <experiment id>:<variant> with a variant default, A–L, Y, Z or excluded.`,
        ),
      );
      continue;
    }
    overrides[match[1]!] = variant;
  }
  return { overrides, problems };
}

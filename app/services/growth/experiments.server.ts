import { definitionFromCampaign, type ExperimentDefinition } from "~/models/experiments/definitions";
import { assignCampaigns, type CampaignAssignments, type ExperimentFacts } from "~/models/experiments/engine";
import type { ExperimentEnvironment } from "~/models/experiments/names";
import { parseOverrides } from "~/models/experiments/overrides";
import { EXPERIMENT_CODES, experimentProblem } from "~/models/experiments/problems";
import type { AppConfig } from "../platform/config.server";
import type { AppServices } from "../platform/context.server";

/** The engine's environment for the store's APP_ENV (BUTTER is never the store's own). */
export function experimentEnvironment(appEnv: AppConfig["appEnv"]): ExperimentEnvironment {
  return appEnv === "production" ? "PRODUCTION" : appEnv === "staging" ? "STAGING" : "DEVELOPMENT";
}

/** The running and paused campaigns of the content system, as the engine's definitions. */
export async function experimentDefinitions(
  services: Pick<AppServices, "content">,
): Promise<{ definitions: ExperimentDefinition[]; failed: boolean }> {
  try {
    const campaigns = await services.content.getExperiments();
    return { definitions: campaigns.map(definitionFromCampaign), failed: false };
  } catch {
    // The file source never throws (it answers none); a hosted CMS client might.
    return { definitions: [], failed: true };
  }
}

/**
 * The visitor's campaigns for one request (spec 3 §4 "Experiments"): the content's definitions, the facts, and the
 * URL's `?experiment=<id>:<variant>` overrides (refused by the engine in production). Nothing is stored: the same
 * visitor id gives the same variations on every server. Errors are logged (spec 3 §8: experiment evaluation failure
 * logged, codes offset by 10000); warnings (an override naming no experiment, say) only at debug level.
 */
export async function visitorExperiments(
  services: Pick<AppServices, "content" | "logger">,
  facts: ExperimentFacts,
  url: URL,
): Promise<CampaignAssignments & { definitions: ExperimentDefinition[] }> {
  const { definitions, failed } = await experimentDefinitions(services);
  const parsed = parseOverrides(url.searchParams);
  const result = assignCampaigns(definitions, facts, { overrides: parsed.overrides });
  const problems = [...parsed.problems, ...result.problems];
  if (failed) {
    problems.unshift(experimentProblem(EXPERIMENT_CODES.invalidSource, null, "The content system did not answer."));
  }
  for (const problem of problems) {
    const fields = { code: problem.reportedCode, experimentId: problem.experimentId };
    if (problem.severity === "error") services.logger.warn(fields, problem.message);
    else services.logger.debug(fields, problem.message);
  }
  return { ...result, problems, definitions };
}

import { definitionFromCampaign, type Campaign, type ExperimentDefinition } from "~/models/experiments/definitions";
import {
  assignCampaigns,
  assignmentKey,
  type CampaignAssignments,
  type ExperimentFacts,
} from "~/models/experiments/engine";
import type { ExperimentEnvironment } from "~/models/experiments/names";
import { parseOverrides } from "~/models/experiments/overrides";
import { EXPERIMENT_CODES, experimentProblem } from "~/models/experiments/problems";
import type { AppConfig } from "../platform/config.server";
import type { AppServices } from "../platform/context.server";

/** The engine's environment for the store's APP_ENV (BUTTER is never the store's own). */
export function experimentEnvironment(appEnv: AppConfig["appEnv"]): ExperimentEnvironment {
  return appEnv === "production" ? "PRODUCTION" : appEnv === "staging" ? "STAGING" : "DEVELOPMENT";
}

/** What one copy of the content's campaigns gives: its definitions, and the assignments worked out from them. */
interface Prepared {
  definitions: ExperimentDefinition[];
  /** Facts (as JSON) → the engine's answer for them; the engine is pure, so an answer holds while the copy does. */
  assignments: Map<string, CampaignAssignments & { key: string }>;
}

/**
 * Keyed on the content source's campaigns array: a production source answers the same array until the process
 * ends; a development one reads a changed file into a new array, which starts afresh.
 */
const preparedByCampaigns = new WeakMap<readonly Campaign[], Prepared>();
/** A returning browser's facts are a few dozen bytes; this many stay remembered per process. */
const REMEMBERED_ASSIGNMENTS = 5_000;

/** The running and paused campaigns of the content system, as the engine's definitions. */
async function preparedCampaigns(services: Pick<AppServices, "content">): Promise<Prepared | null> {
  let campaigns: Campaign[];
  try {
    campaigns = await services.content.getExperiments();
  } catch {
    // The file source never throws (it answers none); a hosted CMS client might.
    return null;
  }
  let prepared = preparedByCampaigns.get(campaigns);
  if (!prepared) {
    prepared = { definitions: campaigns.map(definitionFromCampaign), assignments: new Map() };
    preparedByCampaigns.set(campaigns, prepared);
  }
  return prepared;
}

export async function experimentDefinitions(
  services: Pick<AppServices, "content">,
): Promise<{ definitions: ExperimentDefinition[]; failed: boolean }> {
  const prepared = await preparedCampaigns(services);
  return prepared ? { definitions: prepared.definitions, failed: false } : { definitions: [], failed: true };
}

/**
 * The visitor's campaigns for one request (spec 3 §4 "Experiments"): the content's definitions, the facts, and the
 * URL's `?experiment=<id>:<variant>` overrides (refused by the engine in production). Nothing is stored for the
 * visitor: the same visitor id gives the same variations on every server. The answer for the same facts is
 * remembered per process (every request of a returning browser asks it, cached pages included), so the answer is
 * frozen: callers share it. Errors are logged when an answer is worked out (spec 3 §8: experiment evaluation
 * failure logged, codes offset by 10000); warnings (an override naming no experiment, say) only at debug level.
 */
export async function visitorExperiments(
  services: Pick<AppServices, "content" | "logger">,
  facts: ExperimentFacts,
  url: URL,
): Promise<CampaignAssignments & { definitions: ExperimentDefinition[]; key: string }> {
  const prepared = await preparedCampaigns(services);
  const definitions = prepared?.definitions ?? [];
  const parsed = parseOverrides(url.searchParams);
  const remember = prepared !== null && parsed.problems.length === 0 && Object.keys(parsed.overrides).length === 0;
  const factsKey = remember ? JSON.stringify(facts) : "";
  const known = remember ? prepared.assignments.get(factsKey) : undefined;
  if (known) return { ...known, definitions };

  const result = assignCampaigns(definitions, facts, { overrides: parsed.overrides });
  const problems = [...parsed.problems, ...result.problems];
  if (!prepared) {
    problems.unshift(experimentProblem(EXPERIMENT_CODES.invalidSource, null, "The content system did not answer."));
  }
  for (const problem of problems) {
    const fields = { code: problem.reportedCode, experimentId: problem.experimentId };
    if (problem.severity === "error") services.logger.warn(fields, problem.message);
    else services.logger.debug(fields, problem.message);
  }
  const answer = {
    variations: Object.freeze(result.variations),
    actions: Object.freeze(result.actions),
    problems: Object.freeze(problems),
    key: assignmentKey(result.variations, definitions),
  } as CampaignAssignments & { key: string };
  if (remember) {
    // Full: start afresh. (Dropping the oldest one at a time would leave the map's deleted slots for every later
    // lookup of the oldest to walk past.)
    if (prepared.assignments.size >= REMEMBERED_ASSIGNMENTS) prepared.assignments.clear();
    prepared.assignments.set(factsKey, answer);
  }
  return { ...answer, definitions };
}

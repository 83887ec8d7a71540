import { evaluateConditions, requiredCampaigns } from "./conditions";
import { ASSIGNMENT_ALGORITHMS, type ContentAction, type ExperimentDefinition } from "./definitions";
import type { ExperimentFacts } from "./facts";
import { assignmentBucket, fnv1a32, pickWeighted } from "./hash";
import type { VariantName } from "./names";
import { EXPERIMENT_CODES, experimentProblem, NO_VARIATION_CHOSEN, type ExperimentProblem } from "./problems";

export type { ExperimentFacts } from "./facts";
export type { ContentAction, ExperimentDefinition } from "./definitions";
export type { ExperimentProblem } from "./problems";
export type { VariantName } from "./names";

export interface CampaignAssignments {
  /** Experiment id → the visitor's variation. An experiment the visitor has no variation in is absent. */
  variations: Record<string, VariantName>;
  /** The actions of the visitor's variations, in the order of the definitions. The engine performs none. */
  actions: ContentAction[];
  problems: ExperimentProblem[];
}

const CODES = EXPERIMENT_CODES;

/**
 * Assigns a visitor to every campaign (spec 3 §4 "Experiments"), deterministically: the same definitions, facts and
 * overrides always give the same answer, so no server keeps state. Campaigns that read another's variation
 * (required_campaign) run after it; a cycle is refused. Ineligible visitors get `excluded` when the campaign allows
 * it, else no variation. Overrides (`{ id: variant }`) win over everything outside PRODUCTION, and are refused in it.
 */
export function assignCampaigns(
  definitions: readonly ExperimentDefinition[],
  facts: ExperimentFacts,
  options: { overrides?: Readonly<Record<string, VariantName>> } = {},
): CampaignAssignments {
  const { byId, order, definitionProblems, cycleProblems } = preparedDefinitions(definitions);
  const problems: ExperimentProblem[] = [...definitionProblems];
  const report = (code: (typeof CODES)[keyof typeof CODES], id: string | null, message: string) =>
    problems.push(experimentProblem(code, id, message));
  const overrides = acceptedOverrides(byId, facts, options.overrides ?? {}, report);
  problems.push(...cycleProblems);

  const variations: Record<string, VariantName> = {};
  const lookup = (id: string) => (byId.has(id) ? variations[id] : null);
  if (!facts.visitorId) report(CODES.initializationInputRequired, null, "No visitor id: nothing is randomly assigned.");

  for (const definition of order) {
    const { id } = definition;
    const override = overrides.get(id);
    if (override) {
      variations[id] = override;
      continue;
    }
    if (definition.status === "paused" || definition.assignmentStrategy.type === "manual") continue;
    for (const dependency of requiredCampaigns(definition.conditions)) {
      if (!byId.has(dependency)) {
        report(CODES.noDefinitionForRandomAssign, id, `Experiment ${id} requires ${dependency}, which is not defined.`);
      }
    }
    try {
      const eligibility = evaluateConditions(definition.conditions, facts, lookup);
      if (!eligibility.holds) {
        if (definition.useExcludedVariation) variations[id] = "excluded";
        continue;
      }
      if (eligibility.forced) {
        variations[id] = eligibility.forced;
        continue;
      }
      if (!(ASSIGNMENT_ALGORITHMS as readonly string[]).includes(definition.assignmentStrategy.algorithm)) {
        report(
          CODES.invalidRandomAssignMethod,
          id,
          `Experiment ${id} asks for the random-assign method "${definition.assignmentStrategy.algorithm}", which is not supported.`,
        );
        continue;
      }
      if (!facts.visitorId) continue;
      const chosen = pickWeighted(definition.variations, assignmentBucket(id, facts.visitorId));
      if (!chosen) {
        report(CODES.randomAssignError, id, `${NO_VARIATION_CHOSEN} for experiment ${id}: every ratio is 0.`);
        continue;
      }
      variations[id] = chosen.id;
    } catch (error) {
      report(CODES.errorGettingAssignments, id, `Experiment ${id} could not be evaluated: ${String(error)}`);
    }
  }

  const actions = order.flatMap((definition) => {
    const variant = variations[definition.id];
    return definition.variations.find((variation) => variation.id === variant)?.actions ?? [];
  });
  return { variations, actions, problems };
}

/** What depends on the definitions alone: the runnable ones by id, their order, and the problems they carry. */
interface PreparedDefinitions {
  byId: ReadonlyMap<string, ExperimentDefinition>;
  order: readonly ExperimentDefinition[];
  /** No definitions, a campaign defined twice, one that cannot run. */
  definitionProblems: readonly ExperimentProblem[];
  /** Campaigns that require each other in a cycle. */
  cycleProblems: readonly ExperimentProblem[];
}

/**
 * Worked out once per definitions array (the content's copy is one array for as long as it holds): every visitor is
 * then only conditions and a hash.
 */
const prepared = new WeakMap<readonly ExperimentDefinition[], PreparedDefinitions>();

function preparedDefinitions(definitions: readonly ExperimentDefinition[]): PreparedDefinitions {
  const known = prepared.get(definitions);
  if (known) return known;
  const definitionProblems: ExperimentProblem[] = [];
  const report = (code: (typeof CODES)[keyof typeof CODES], id: string | null, message: string) =>
    definitionProblems.push(experimentProblem(code, id, message));
  if (definitions.length === 0) report(CODES.missingSources, null, "No experiment definitions were given.");
  const byId = new Map<string, ExperimentDefinition>();
  for (const definition of definitions) {
    if (byId.has(definition.id)) {
      report(
        CODES.alreadyInitialized,
        definition.id,
        `Experiment ${definition.id} is defined twice; the first is used.`,
      );
      continue;
    }
    const invalid = definitionError(definition);
    if (invalid) {
      report(CODES.invalidDefinition, definition.id, invalid);
      continue;
    }
    byId.set(definition.id, definition);
  }
  const { order, cyclic } = dependencyOrder(byId);
  const cycleProblems = cyclic.map((id) =>
    experimentProblem(
      CODES.errorGettingAssignments,
      id,
      `Experiment ${id} requires campaigns in a cycle (required_campaign).`,
    ),
  );
  const result = { byId, order, definitionProblems, cycleProblems };
  prepared.set(definitions, result);
  return result;
}

/** Why a definition cannot run (code 1), or null. */
function definitionError(definition: ExperimentDefinition): string | null {
  const ids = definition.variations.map((variation) => variation.id);
  if (ids.length === 0) return `Experiment ${definition.id} has no variations.`;
  if (new Set(ids).size !== ids.length) return `Experiment ${definition.id} lists a variation twice.`;
  if (ids.includes("excluded")) return `Experiment ${definition.id} lists "excluded" as a variation.`;
  if (definition.variations.some((variation) => !Number.isFinite(variation.ratio) || variation.ratio < 0)) {
    return `Experiment ${definition.id} has a ratio that is not a number of 0 or more.`;
  }
  const forced = forcedVariations(definition);
  const unknown = forced.find((variant) => !offers(definition, variant));
  if (unknown) return `Experiment ${definition.id} sends an alternate to ${unknown}, which it does not offer.`;
  return null;
}

function offers(definition: ExperimentDefinition, variant: VariantName): boolean {
  if (variant === "excluded") return definition.useExcludedVariation;
  return definition.variations.some((variation) => variation.id === variant);
}

function forcedVariations(definition: ExperimentDefinition): VariantName[] {
  const found: VariantName[] = [];
  const visit = (condition: ExperimentDefinition["conditions"][number]) => {
    if (condition.type === "primary_with_alternate") {
      found.push(condition.alternate_variation);
      visit(condition.primary);
      visit(condition.alternate);
    } else if (condition.type === "or") condition.conditions.forEach(visit);
  };
  definition.conditions.forEach(visit);
  return found;
}

function acceptedOverrides(
  byId: ReadonlyMap<string, ExperimentDefinition>,
  facts: ExperimentFacts,
  requested: Readonly<Record<string, VariantName>>,
  report: (code: (typeof CODES)[keyof typeof CODES], id: string | null, message: string) => void,
): Map<string, VariantName> {
  const accepted = new Map<string, VariantName>();
  const entries = Object.entries(requested);
  if (entries.length === 0) return accepted;
  if (facts.environment === "PRODUCTION") {
    report(CODES.manualAssignError, null, "Experiment overrides are refused in production.");
    return accepted;
  }
  for (const [id, variant] of entries) {
    const definition = byId.get(id);
    if (!definition) report(CODES.noDefinitionForManualAssign, id, `No experiment ${id} to override.`);
    else if (!offers(definition, variant))
      report(CODES.manualAssignError, id, `Experiment ${id} has no variation ${variant}.`);
    else accepted.set(id, variant);
  }
  return accepted;
}

/** Definitions ordered so a campaign comes after the ones it requires; the ones in a cycle are left out. */
function dependencyOrder(byId: ReadonlyMap<string, ExperimentDefinition>): {
  order: ExperimentDefinition[];
  cyclic: string[];
} {
  const order: ExperimentDefinition[] = [];
  const state = new Map<string, "visiting" | "done" | "cyclic">();
  const visit = (id: string): boolean => {
    const seen = state.get(id);
    if (seen === "done") return true;
    if (seen === "visiting" || seen === "cyclic") return false;
    const definition = byId.get(id);
    if (!definition) return true; // an unknown requirement is reported when the campaign runs (code 6)
    state.set(id, "visiting");
    const fine = requiredCampaigns(definition.conditions).every(visit);
    state.set(id, fine ? "done" : "cyclic");
    if (fine) order.push(definition);
    return fine;
  };
  for (const id of byId.keys()) visit(id);
  const cyclic = [...state].filter(([, value]) => value === "cyclic").map(([id]) => id);
  return { order, cyclic };
}

/**
 * A short stable string for the assignments (a page-cache key part): the same variations give the same key in any
 * order; campaigns whose definition says they change no cached page (`cachePreference: "none"`) are left out.
 */
export function assignmentKey(
  variations: Readonly<Record<string, VariantName>>,
  definitions: readonly ExperimentDefinition[] = [],
): string {
  const uncached = new Set(definitions.filter((d) => d.cachePreference === "none").map((d) => d.id));
  const canonical = Object.keys(variations)
    .filter((id) => !uncached.has(id))
    .sort()
    .map((id) => `${id}=${variations[id]}`)
    .join("&");
  if (!canonical) return "";
  // Two 32-bit hashes (of the text, and of it behind a prefix, which starts the second from another state): 16 hex
  // characters, no practical chance of a collision.
  return `${hex(fnv1a32(canonical))}${hex(fnv1a32(`key:${canonical}`))}`;
}

const hex = (value: number) => value.toString(16).padStart(8, "0");

/**
 * Whether a visitor takes part in a campaign: a variation other than `excluded`. What a menu link's
 * `required_campaign` asks (models/navigation.ts `evaluateCampaign`; spec 1 §2.7, §5).
 */
export function inCampaign(variations: Readonly<Record<string, VariantName>>, campaignId: string): boolean {
  const variant = variations[campaignId];
  return variant !== undefined && variant !== "excluded";
}

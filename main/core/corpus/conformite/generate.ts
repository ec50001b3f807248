import { placeScenarios } from '../place-scenarios.ts';
import { ASSERTION_BOUNDS, type GroundingFact, type KeyTask, type TaskDefinition } from '../model.ts';
import { assembleTree } from '../assemble.ts';
import { spacedSiren } from '../fiction/identifiers.ts';
import type { Person } from '../fiction/people.ts';
import type { GenerateOptions } from '../generate-options.ts';
import { SeededStream } from '../prng.ts';
import type { CorpusTree, PlainJson } from '../tree.ts';
import {
  attestationPath,
  entityPath,
  licencePath,
  riderPath,
  writeEntity,
  writeLicensedList,
  writeMeasuresList,
} from './bodies.ts';
import { ACTIVITES, MESURES_PREMIERE_PAGE, listeAgreesPage } from './domain.ts';
import { EntityFactory } from './entity-factory.ts';
import type { EntityPlan } from './plan.ts';
import { referentielBody } from './referentiel.ts';
import { CONFORMITE_SCENARIOS, type ConformiteScenario } from './scenarios.ts';

export const CONFORMITE_RULES_VERSION = 'conformite-bareme-v3';
const ACTIVITY_COUNT = 3;
const FILLERS_PER_ACTIVITY = 6;
const LISTED_PEOPLE = 12;

function walk(bodies: Map<string, PlainJson>, first: string): string[] {
  const out: string[] = [];
  let path: PlainJson | undefined = first;
  while (typeof path === 'string' && bodies.has(path) && !out.includes(path)) {
    out.push(path);
    const body = bodies.get(path) as Record<string, PlainJson>;
    path = body['page_suivante'];
  }
  return out;
}

/** The task graph of spec §5.2: own resources of the entity, then the common lists of the task. */
function taskGraph(e: EntityPlan, bodies: Map<string, PlainJson>): { graph: string[]; own: string[] } {
  const own = [entityPath(e), ...e.licences.map(licencePath)];
  for (const a of e.attestations) {
    own.push(attestationPath(a));
    if (!a.absent) own.push(...a.riders.map(riderPath));
  }
  own.push(...walk(bodies, `/beneficiaires/${e.siren}/page-1`));
  const common = [...walk(bodies, listeAgreesPage(e.activite.code, 1)), ...walk(bodies, MESURES_PREMIERE_PAGE)];
  return { graph: [...own, ...common], own };
}

function prompt(e: EntityPlan): string {
  return (
    `Diligence de conformité : la société ${e.raisonSociale} (SIREN ${spacedSiren(e.siren)}, fiche ${entityPath(e)}) ` +
    `peut-elle exercer l'activité « ${e.activite.libelle} » (code ${e.activite.code}) à la date d'examen fixée par le ` +
    `référentiel (/referentiel) ? Répondre conforme, non_conforme ou indeterminable, en appuyant le verdict sur des ` +
    `consultations prouvées.`
  );
}

/** Generates a compliance season (spec §5) from a seed: corpus, referentiel, tasks and sealed answer key. */
export function generateConformite(options: GenerateOptions): CorpusTree {
  const rng = new SeededStream(options.seed, 'proveit/corpus/conformite/v1');
  const activites = rng.shuffle(ACTIVITES).slice(0, ACTIVITY_COUNT);
  const factory = new EntityFactory(rng, options.dateExamen, activites);
  const placed: ConformiteScenario[] = placeScenarios(rng, CONFORMITE_SCENARIOS);
  const planted: Person[] = [];
  const targets: { entity: EntityPlan; scenario: ConformiteScenario; ground: (b: Map<string, PlainJson>) => GroundingFact[] }[] =
    placed.map((scenario) => {
      const entity = factory.entity(rng.pick(activites));
      const ground = scenario.apply(entity, { rng, factory, dateExamen: options.dateExamen, planted });
      return { entity, scenario, ground };
    });
  const fillers = activites.flatMap((a) =>
    Array.from({ length: FILLERS_PER_ACTIVITY }, () => {
      const filler = factory.entity(a);
      // Some listed entities are suspended or struck off, as in any register; their status is consistent everywhere.
      if (rng.below(5) === 0) {
        const licence = filler.licences.find((l) => l.activite.code === a.code);
        if (licence) licence.statut = licence.listStatut = 'suspendu';
      }
      return filler;
    }),
  );
  const everyone = [...targets.map((t) => t.entity), ...fillers];

  const bodies = new Map<string, PlainJson>();
  bodies.set('/referentiel', referentielBody(options.dateExamen, activites));
  for (const e of everyone) writeEntity(e, rng, options.dateExamen, bodies);
  for (const a of activites) writeLicensedList(a, everyone, rng, options.dateExamen, bodies);
  const listed = rng.shuffle([...Array.from({ length: LISTED_PEOPLE }, () => factory.people.person()), ...planted]);
  writeMeasuresList(listed, rng, factory.ids, options.dateExamen, bodies);

  const tasks: TaskDefinition[] = [];
  const keyTasks: KeyTask[] = [];
  targets.forEach(({ entity, scenario, ground }, i) => {
    const id = `conf-${String(i + 1).padStart(2, '0')}`;
    const [min, cap] = ASSERTION_BOUNDS[i] as readonly [number, number];
    const { graph, own } = taskGraph(entity, bodies);
    tasks.push({
      id,
      prompt: prompt(entity),
      target: { entite: entityPath(entity), activite: entity.activite.code },
      min_assertions: min,
      cap_assertions: cap,
      graph,
      own_resources: own,
    });
    keyTasks.push({
      task_id: id,
      verdict: scenario.verdict,
      families: scenario.families,
      control: scenario.families.length === 0,
      grounding: ground(bodies),
    });
  });
  return assembleTree({
    season: options.season,
    track: 'conformite',
    base: options.base,
    rulesVersion: CONFORMITE_RULES_VERSION,
    rulesText: options.rulesText,
    bodies,
    tasks,
    key: { season: options.season, track: 'conformite', rules_version: CONFORMITE_RULES_VERSION, tasks: keyTasks },
  });
}

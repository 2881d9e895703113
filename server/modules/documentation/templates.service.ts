import { count, eq } from 'drizzle-orm';
import type { Question, Section, Template } from '../../../src/shared/contracts/documentation-template';
import type { ScoreDescriptions } from '../../../src/shared/contracts/jury-scale';
import { sqlState, type Db, type DbOrTx, type Tx } from '../../db/client';
import { fail } from '../../lib/http-error';
import { versionedUpdate } from '../../lib/versioned-update';
import { conflictError, personName } from '../../lib/record-helpers';
import { audit, type Ctx } from '../audit/audit';
import { seasonQueries } from '../seasons/seasons.queries';
import type { SeasonRow } from '../seasons/seasons.table';
import { users } from '../users/users.table';
import { defaultScoreDescriptions, defaultTemplateSections } from './default-template';
import { documentationForms, documentationTemplates as templates } from './documentation.table';
import { userName } from '../users/user-ref';

/**
 * A season's template: its own row, or the shipped default (`version: null`) until an admin saves or copies one.
 * Forms always render from the effective template of their season; answers are keyed by question key, so a
 * template changed after forms were started loses no answer.
 */
export type EffectiveTemplate = {
  sections: Section[];
  scoreDescriptions: ScoreDescriptions;
  version: number | null;
  updatedAt: Date | null;
  updatedBy: number | null;
};

/**
 * The staff form reads its season's template on every autosave: kept in this process for a few seconds. A write
 * here clears it at once; another server process sees an admin's change after at most TEMPLATE_CACHE_MS (templates
 * change before a season's forms start, and an answer to a question just removed is kept, not refused).
 */
export const TEMPLATE_CACHE_MS = 5_000;
/** by season id; an entry answers only the database handle that filled it (one process can hold several, as tests do) */
const templateCache = new Map<number, { db: DbOrTx; until: number; template: Promise<EffectiveTemplate> }>();

export function cachedTemplate(db: DbOrTx, seasonId: number, now = Date.now()): Promise<EffectiveTemplate> {
  const hit = templateCache.get(seasonId);
  if (hit && hit.db === db && hit.until > now) return hit.template;
  const template = effectiveTemplate(db, seasonId);
  templateCache.set(seasonId, { db, until: now + TEMPLATE_CACHE_MS, template });
  // a failed read is not kept (nor does it remove an entry another handle filled since)
  template.catch(() => {
    if (templateCache.get(seasonId)?.template === template) templateCache.delete(seasonId);
  });
  return template;
}

export async function effectiveTemplate(db: DbOrTx, seasonId: number): Promise<EffectiveTemplate> {
  const [own] = await db
    .select({
      sections: templates.sections,
      scoreDescriptions: templates.scoreDescriptions,
      version: templates.version,
      updatedAt: templates.updatedAt,
      updatedBy: templates.updatedBy,
    })
    .from(templates)
    .where(eq(templates.seasonId, seasonId))
    .limit(1);
  // a template saved before issue 19 has no descriptions (null): none, not the default ones (the admin chose its texts)
  if (own) return { ...own, scoreDescriptions: own.scoreDescriptions ?? {} };
  return { sections: defaultTemplateSections, scoreDescriptions: defaultScoreDescriptions, version: null, updatedAt: null, updatedBy: null };
}

/** every question of a template by its key */
export const questionsByKey = (sections: Section[]) =>
  new Map<string, Question>(sections.flatMap((s) => s.questions.map((q) => [q.key, q] as const)));

/** the season of an admin path (`/api/admin/documentation/2026-27/…`); 404 when there is none */
export async function seasonByIdentifier(db: DbOrTx, identifier: string): Promise<SeasonRow> {
  const season = await seasonQueries({ db }).byIdentifier(identifier);
  if (!season) throw fail('documentation.season_missing');
  return season;
}

async function templateDto(db: DbOrTx, season: SeasonRow): Promise<Template> {
  const t = await effectiveTemplate(db, season.id);
  const [editor] = t.updatedBy ? await db.select(userName).from(users).where(eq(users.id, t.updatedBy)) : [];
  const [started] = await db.select({ n: count() }).from(documentationForms).where(eq(documentationForms.seasonId, season.id));
  return {
    seasonId: season.id,
    seasonIdentifier: season.identifier,
    version: t.version,
    sections: t.sections,
    scoreDescriptions: t.scoreDescriptions,
    updatedAt: t.updatedAt?.toISOString() ?? null,
    updatedBy: editor ? personName(editor) : null,
    startedForms: started?.n ?? 0,
  };
}

/** GET /api/admin/documentation/{seasonIdentifier}/template */
export async function templateOfSeason(db: DbOrTx, identifier: string): Promise<Template> {
  return templateDto(db, await seasonByIdentifier(db, identifier));
}

/** JSON with object keys sorted: jsonb stores keys in its own order, so a plain stringify would see changes that are none */
export function stableJson(value: unknown): string {
  return JSON.stringify(value, (_k, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v) ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) : v,
  );
}

/** what changed between two templates, by question key: small enough for the audit log (the sections are not) */
export function templateChanges(before: Section[], after: Section[]) {
  const b = questionsByKey(before);
  const a = questionsByKey(after);
  // where the questions both have stand (section and position among the common ones): a move, not an addition
  const order = (s: Section[], other: Map<string, Question>) =>
    s.flatMap((x) => x.questions.filter((q) => other.has(q.key)).map((q) => `${x.key}/${q.key}`)).join('|');
  return {
    added: [...a.keys()].filter((k) => !b.has(k)),
    removed: [...b.keys()].filter((k) => !a.has(k)),
    changed: [...a.keys()].filter((k) => b.has(k) && stableJson(b.get(k)) !== stableJson(a.get(k))),
    sectionsChanged:
      order(before, a) !== order(after, b) ||
      stableJson(before.map(({ questions: _q, ...s }) => s)) !== stableJson(after.map(({ questions: _q, ...s }) => s)),
  };
}

/**
 * Writes a season's own template with the optimistic check: `version` null creates it (409 when someone created
 * it meanwhile), a number must match the stored version. Answers the written row's sections.
 */
async function writeTemplate(
  db: Db,
  season: SeasonRow,
  written: { sections: Section[]; scoreDescriptions: ScoreDescriptions | undefined },
  version: number | null,
  ctx: Ctx,
  action: 'documentation_template.update' | 'documentation_template.copy',
  extra: Record<string, unknown> = {},
) {
  const { sections } = written;
  try {
    await db.transaction(async (tx) => {
      const [current] = await tx.select().from(templates).where(eq(templates.seasonId, season.id)).for('update');
      const descriptionsBefore = current ? (current.scoreDescriptions ?? {}) : defaultScoreDescriptions;
      // not sent: the template keeps what it has (the default one's texts when it is the season's first)
      const scoreDescriptions = written.scoreDescriptions ?? descriptionsBefore;
      /** the audit entry's summary: the sections are too big for the log */
      const describe = (before: { sections: Section[]; version: number } | undefined, after: { version: number }) => ({
        before: { version: before?.version ?? null },
        after: {
          seasonIdentifier: season.identifier,
          version: after.version,
          ...extra,
          ...templateChanges(before?.sections ?? defaultTemplateSections, sections),
          scoreDescriptionsChanged: stableJson(descriptionsBefore) !== stableJson(scoreDescriptions),
        },
      });
      if (version === null) {
        // the season's first own template: created, not updated (409 when someone created it meanwhile)
        if (current) throw conflictError();
        await tx.insert(templates).values({ seasonId: season.id, sections, scoreDescriptions, version: 1, updatedBy: ctx.actorUserId });
        const entry = describe(undefined, { version: 1 });
        await audit(tx, { ...ctx, action, entityType: 'documentation_template', entityId: season.id, ...entry });
        return;
      }
      if (!current) throw conflictError();
      await versionedUpdate(tx, {
        table: templates,
        id: current.id,
        version,
        load: async () => current,
        values: { sections, scoreDescriptions },
        editable: (row) => ({ sections: row.sections, scoreDescriptions: row.scoreDescriptions }),
        audit: { action, entityType: 'documentation_template', entityId: season.id, describe },
        ctx,
      });
    });
    templateCache.delete(season.id);
  } catch (err) {
    templateCache.delete(season.id);
    // two admins creating the season's first template at once: the unique season_id lets one win
    if (sqlState(err) === '23505') throw conflictError();
    throw err;
  }
}

/** PUT /api/admin/documentation/{seasonIdentifier}/template */
export async function saveTemplate(
  db: Db,
  identifier: string,
  input: { sections: Section[]; scoreDescriptions?: ScoreDescriptions | undefined; version: number | null },
  ctx: Ctx,
): Promise<Template> {
  const season = await seasonByIdentifier(db, identifier);
  await writeTemplate(
    db,
    season,
    { sections: input.sections, scoreDescriptions: input.scoreDescriptions },
    input.version,
    ctx,
    'documentation_template.update',
  );
  return templateDto(db, season);
}

/** POST /api/admin/documentation/{seasonIdentifier}/template/copy: another season's own template becomes this one's */
export async function copyTemplate(
  db: Db,
  identifier: string,
  input: { fromSeasonIdentifier: string; version: number | null },
  ctx: Ctx,
): Promise<Template> {
  const season = await seasonByIdentifier(db, identifier);
  const from = await seasonQueries({ db }).byIdentifier(input.fromSeasonIdentifier);
  const [source] = from
    ? await db
        .select({ sections: templates.sections, scoreDescriptions: templates.scoreDescriptions })
        .from(templates)
        .where(eq(templates.seasonId, from.id))
    : [];
  if (!from || !source || from.id === season.id) throw fail('documentation.template_copy_missing');
  await writeTemplate(
    db,
    season,
    { sections: source.sections, scoreDescriptions: source.scoreDescriptions ?? {} },
    input.version,
    ctx,
    'documentation_template.copy',
    { fromSeasonIdentifier: from.identifier },
  );
  return templateDto(db, season);
}

/**
 * "Nächstes KiTa-Jahr vorbereiten" (issue 38): the season's own template becomes the next season's, unless that
 * one has its own already ('skipped'). A season on the shipped default has nothing to copy ('none'): the next one
 * starts on the default too. Runs in the caller's transaction.
 */
export async function copyTemplateToSeason(
  tx: Tx,
  from: Pick<SeasonRow, 'id' | 'identifier'>,
  toSeasonId: number,
  ctx: Ctx,
  dryRun: boolean,
): Promise<'created' | 'skipped' | 'none'> {
  const [source] = await tx.select().from(templates).where(eq(templates.seasonId, from.id));
  if (!source) return 'none';
  const [target] = toSeasonId > 0 ? await tx.select({ id: templates.id }).from(templates).where(eq(templates.seasonId, toSeasonId)) : [];
  if (target) return 'skipped';
  if (dryRun) return 'created';
  await tx
    .insert(templates)
    .values({ seasonId: toSeasonId, sections: source.sections, scoreDescriptions: source.scoreDescriptions, version: 1, updatedBy: ctx.actorUserId });
  templateCache.delete(toSeasonId);
  await audit(tx, {
    ...ctx,
    action: 'documentation_template.copy',
    entityType: 'documentation_template',
    entityId: toSeasonId,
    before: { version: null },
    after: { fromSeasonIdentifier: from.identifier, version: 1 },
  });
  return 'created';
}

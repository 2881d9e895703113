import { and, asc, eq, sql, type SQL } from 'drizzle-orm';
import { queryRows } from '../../db/client';
import type { DocumentationState, UploadedFile } from '../../../src/shared/contracts/documentation';
import type { DbOrTx } from '../../db/client';
import { displayFileName } from '../../lib/file-name';
import { personName } from '../../lib/record-helpers';
import { users } from '../users/users.table';
import {
  documentationFiles as files,
  documentationFormEvents as events,
  documentationForms as forms,
  type DocumentationFileRow,
} from './documentation.table';

/**
 * Reads of one form's parts, shared by the staff side and the jury's views (doc-jury-server): files, history,
 * who saved. Each is one indexed query; the form row itself is read by the caller (locked where it writes).
 */

const nameCols = { firstName: users.firstName, lastName: users.lastName, email: users.email };
const nameOf = (u: { firstName: string | null; lastName: string | null; email: string | null } | null) =>
  u?.email ? personName({ firstName: u.firstName ?? '', lastName: u.lastName ?? '', email: u.email }) : null;

/** the staff path that serves a file; the jury's views pass their own */
export const staffFileUrl = (facilityId: number) => (fileId: number) => `/api/facilities/${facilityId}/documentation/files/${fileId}`;

export function toFileDto(r: DocumentationFileRow, uploadedBy: string | null, url: (fileId: number) => string): UploadedFile {
  return {
    id: r.id,
    questionKey: r.questionKey,
    // names stored before uploads were named by type may still hold bidi overrides
    name: displayFileName(r.name),
    contentType: r.contentType,
    size: r.size,
    width: r.width,
    height: r.height,
    uploadedAt: r.uploadedAt.toISOString(),
    uploadedBy,
    removed: r.removedAt !== null,
    url: url(r.id),
  };
}

/** a form's files in upload order, with who uploaded them */
export async function formFiles(db: DbOrTx, formId: number, url: (fileId: number) => string): Promise<UploadedFile[]> {
  const rows = await db
    .select({ f: files, u: nameCols })
    .from(files)
    .leftJoin(users, eq(users.id, files.uploadedBy))
    .where(eq(files.formId, formId))
    .orderBy(asc(files.id));
  return rows.map((r) => toFileDto(r.f, nameOf(r.u), url));
}

/** the stored rows of a form's files (storage keys included: never send these to a client) */
export const formFileRows = (db: DbOrTx, formId: number) => db.select().from(files).where(eq(files.formId, formId)).orderBy(asc(files.id));

/** one file of one form; undefined when the id belongs to another form (so another KiTa's id answers 404) */
export async function fileOfForm(db: DbOrTx, formId: number, fileId: number) {
  const [row] = await db
    .select()
    .from(files)
    .where(and(eq(files.id, fileId), eq(files.formId, formId)))
    .limit(1);
  return row;
}

/** per question key how many files, and the bytes of all (the form's limit) */
export async function fileCounts(db: DbOrTx, formId: number) {
  const rows = await db
    .select({ key: files.questionKey, n: sql<number>`count(*)::int`, bytes: sql<number>`coalesce(sum(${files.size}), 0)::bigint` })
    .from(files)
    .where(eq(files.formId, formId))
    .groupBy(files.questionKey);
  const counts: Record<string, number> = {};
  let bytes = 0;
  for (const r of rows) {
    counts[r.key] = r.n;
    bytes += Number(r.bytes);
  }
  return { counts, bytes };
}

/** the form's state changes, oldest first */
export async function formHistory(db: DbOrTx, formId: number) {
  const rows = await db
    .select({ e: events, u: nameCols })
    .from(events)
    .leftJoin(users, eq(users.id, events.actorId))
    .where(eq(events.formId, formId))
    .orderBy(asc(events.at), asc(events.id));
  return rows.map((r) => ({ state: r.e.state, at: r.e.at.toISOString(), by: nameOf(r.u), comment: r.e.comment }));
}

export async function userName(db: DbOrTx, userId: number | null): Promise<string | null> {
  if (userId === null) return null;
  const [u] = await db.select(nameCols).from(users).where(eq(users.id, userId));
  return nameOf(u ?? null);
}

/** the form of a KiTa in a season */
export async function formOf(db: DbOrTx, facilityId: number, seasonId: number) {
  const [row] = await db
    .select()
    .from(forms)
    .where(and(eq(forms.facilityId, facilityId), eq(forms.seasonId, seasonId)))
    .limit(1);
  return row;
}

export type PartsRow = {
  files: {
    id: number;
    question_key: string;
    name: string;
    content_type: string;
    size: number;
    width: number | null;
    height: number | null;
    uploaded_at: string;
    removed: boolean;
    by: string | null;
  }[];
  history: { state: string; at: string; by: string | null; comment: string }[];
  saved_by: string | null;
};

const sqlName = (alias: string) =>
  sql.raw(
    `case when ${alias}.email is null then null else coalesce(nullif(trim(${alias}.first_name || ' ' || ${alias}.last_name), ''), ${alias}.email) end`,
  );

/**
 * What the form's answer shows besides its row (files with their uploader, history with who, who saved last), in
 * one query: the autosave hot path answers the whole form after every save.
 */
export async function formParts(db: DbOrTx, formId: number, savedBy: number | null, url: (fileId: number) => string) {
  const [row] = await queryRows<PartsRow>(db, sql`select ${partsColumns(sql`${formId}::int`, sql`${savedBy}::int`)}`);
  return partsOf(row!, url);
}

/** the columns `files`, `history`, `saved_by` of formParts, for a select that has the form's id and saver */
export const partsColumns = (formId: SQL, savedBy: SQL) => sql`
  (select coalesce(json_agg(json_build_object('id', f.id, 'question_key', f.question_key, 'name', f.name, 'content_type', f.content_type,
      'size', f.size, 'width', f.width, 'height', f.height, 'uploaded_at', f.uploaded_at, 'removed', f.removed_at is not null, 'by', ${sqlName('u')}) order by f.id), '[]'::json)
    from documentation_files f left join users u on u.id = f.uploaded_by where f.form_id = ${formId}) as files,
  (select coalesce(json_agg(json_build_object('state', e.state, 'at', e.at, 'by', ${sqlName('u')}, 'comment', e.comment) order by e.at, e.id), '[]'::json)
    from documentation_form_events e left join users u on u.id = e.actor_id where e.form_id = ${formId}) as history,
  (select ${sqlName('u')} from users u where u.id = ${savedBy}) as saved_by`;

/** the column `saved_by`: the name of the form's last saver, for a select that has the saver's id */
export const saverNameColumn = (savedBy: SQL) => sql`(select ${sqlName('u')} from users u where u.id = ${savedBy}) as saved_by`;

export type FormParts = ReturnType<typeof partsOf>;
export function partsOf(row: PartsRow, url: (fileId: number) => string) {
  const files = row.files.map((f): UploadedFile => ({
    id: f.id,
    questionKey: f.question_key,
    name: f.name,
    contentType: f.content_type,
    size: Number(f.size),
    width: f.width,
    height: f.height,
    uploadedAt: new Date(f.uploaded_at).toISOString(),
    uploadedBy: f.by,
    removed: f.removed,
    url: url(f.id),
  }));
  return {
    files,
    usedBytes: files.reduce((a, f) => a + f.size, 0),
    history: row.history.map((h) => ({ state: h.state as DocumentationState, at: new Date(h.at).toISOString(), by: h.by, comment: h.comment })),
    savedBy: row.saved_by,
  };
}

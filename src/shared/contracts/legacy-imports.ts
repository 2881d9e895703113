/**
 * The legacy import (issue 24, SPEC §3 "Admin data tools"): an uploaded CSV/XLSX of the years before the portal, its
 * column mapping, its rows with their state and matched KiTa, its commit and undo, and the history it leaves on a KiTa.
 */
import { z } from 'zod';
import { isCleanText, textCharsMessage } from './text';

export const legacyFields = [
  'label',
  'postalCode',
  'city',
  'street',
  'operatorName',
  'season',
  'enrolledOn',
  'topic',
  'documented',
  'awarded',
  'awardingEvent',
  'remark',
] as const;
export type LegacyField = (typeof legacyFields)[number];

export const legacyFieldLabels: Record<LegacyField, string> = {
  label: 'KiTa-Name',
  postalCode: 'PLZ',
  city: 'Ort',
  street: 'Straße',
  operatorName: 'Träger',
  season: 'KiTa-Jahr',
  enrolledOn: 'angemeldet am',
  topic: 'Projektthema',
  documented: 'dokumentiert',
  awarded: 'ausgezeichnet',
  awardingEvent: 'Auszeichnungsveranstaltung',
  remark: 'Bemerkung',
};

/** without these a row cannot say which KiTa took part when */
export const requiredLegacyFields: readonly LegacyField[] = ['label', 'postalCode', 'season'];

export const legacyImportStates = ['preview', 'committed', 'undone'] as const;
export const legacyImportStateLabels: Record<(typeof legacyImportStates)[number], string> = {
  preview: 'Vorschau',
  committed: 'importiert',
  undone: 'rückgängig gemacht',
};

type LegacyImportState = (typeof legacyImportStates)[number];

/** `skipped`: the admin chose to leave a row out ("Überspringen"); the commit takes only `accepted` rows */
export const legacyRowStates = ['accepted', 'error', 'duplicate', 'skipped'] as const;
export type LegacyRowState = (typeof legacyRowStates)[number];

/**
 * What a row's state says, where the import stands (CONVENTIONS habit 24: states tell the truth). A good row is
 * "wird übernommen" in a preview, "übernommen" once imported and "rückgängig gemacht" after the undo; "Fehler" and
 * "doppelt" whatever the import's state. The one place that names a row's state: badge, filter, counts (`rows`: the
 * count the words follow, for "3 werden übernommen").
 */
export function legacyRowStateLabel(row: LegacyRowState, imp: LegacyImportState, rows = 1): string {
  if (row === 'error') return 'Fehler';
  if (row === 'duplicate') return 'doppelt';
  if (row === 'skipped') return 'übersprungen';
  // after a count ("3 werden übernommen") the verb agrees with it
  if (imp === 'preview') return rows === 1 ? 'wird übernommen' : 'werden übernommen';
  return imp === 'committed' ? 'übernommen' : 'rückgängig gemacht';
}

export const legacyMatchKinds = ['exact', 'candidate', 'manual', 'new', 'none'] as const;

/**
 * The upload (SPEC §3): `multipart/form-data` with the file in this field (the form's „Datei“); the part's file
 * name is the import's name, at most `legacyFileNameMax` characters.
 */
export const legacyUploadField = 'datei';
export const legacyFileNameMax = 200;

/** per column of the file, the field it fills (null: not imported) */
export const legacyMappingSchema = z.object({
  columns: z.array(z.enum(legacyFields).nullable()).max(60),
});
export type LegacyMappingInput = z.infer<typeof legacyMappingSchema>;

/** what a commit creates: new KiTas, new (closed, past) KiTa-Jahre, enrolments and awards from the file's good rows */
const commitCounts = z.object({ facilities: z.number().int(), seasons: z.number().int(), enrolments: z.number().int(), awards: z.number().int() });
export type LegacyCommitCounts = z.infer<typeof commitCounts>;

const counted = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/**
 * The counts in German, the one wording of the preview, its confirmation and the result: "12 neue KiTas, 1 neues
 * KiTa-Jahr, 33 Anmeldungen und 21 Auszeichnungen".
 */
export function legacyCountsText(c: LegacyCommitCounts): string {
  return [
    counted(c.facilities, 'neue KiTa', 'neue KiTas'),
    counted(c.seasons, 'neues KiTa-Jahr', 'neue KiTa-Jahre'),
    counted(c.enrolments, 'Anmeldung', 'Anmeldungen'),
  ]
    .join(', ')
    .concat(` und ${counted(c.awards, 'Auszeichnung', 'Auszeichnungen')}`);
}

const counts = z.object({
  total: z.number().int(),
  accepted: z.number().int(),
  error: z.number().int(),
  duplicate: z.number().int(),
  skipped: z.number().int(),
});

export const legacyImportSchema = z.object({
  id: z.number().int(),
  fileName: z.string(),
  state: z.enum(legacyImportStates),
  createdAt: z.string(),
  createdBy: z.string().nullable(),
  committedAt: z.string().nullable(),
  undoneAt: z.string().nullable(),
  headers: z.array(z.string()),
  columns: z.array(z.enum(legacyFields).nullable()),
  counts,
  /** what the commit added */
  created: commitCounts,
  /** in a preview, what "Importieren" will create (null once imported or undone); the names of the new KiTa-Jahre */
  plan: commitCounts.extend({ seasonLabels: z.array(z.string()) }).nullable(),
  /** KiTas the undo kept because they gained other data since */
  keptFacilities: z.array(z.object({ id: z.number().int(), label: z.string() })),
});
export type LegacyImport = z.infer<typeof legacyImportSchema>;

/**
 * An import in the list "Importe": without the file's headers and the mapping (text from the file, up to 60 columns
 * of 2,000 characters; only GET …/{id} carries it, for the mapping form), and without the plan of its commit
 */
export const legacyImportSummarySchema = legacyImportSchema.omit({ headers: true, columns: true, plan: true });
export type LegacyImportSummary = z.infer<typeof legacyImportSummarySchema>;

export const legacyImportListSchema = z.object({ items: z.array(legacyImportSummarySchema) });

const facilityRef = z.object({ id: z.number().int(), label: z.string(), postalCode: z.string(), city: z.string() });

export const legacyImportRowSchema = z.object({
  id: z.number().int(),
  rowNo: z.number().int(),
  state: z.enum(legacyRowStates),
  /** field → German message */
  errors: z.record(z.string(), z.string()),
  label: z.string(),
  postalCode: z.string(),
  city: z.string(),
  season: z.string(),
  enrolledOn: z.string().nullable(),
  awarded: z.boolean().nullable(),
  /** the row's cells as the file (or the admin's correction) says them, per mapped field: the form "Zeile korrigieren" */
  fields: z.partialRecord(z.enum(legacyFields), z.string()),
  matchKind: z.enum(legacyMatchKinds),
  /** the KiTa the row goes to; once imported, also the KiTa the import created for it */
  facility: facilityRef.nullable(),
  candidates: z.array(facilityRef.extend({ similarity: z.number() })),
});
export type LegacyImportRowDto = z.infer<typeof legacyImportRowSchema>;

export const legacyRowsQuerySchema = z.object({
  state: z.enum(legacyRowStates).optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(500).default(100),
});

export const legacyRowsPageSchema = z.object({
  items: z.array(legacyImportRowSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});

/** the longest cell the import reads (LEGACY_LIMITS.cellChars on the server): a correction holds no more */
export const legacyCellMax = 2000;

/**
 * "Zeile korrigieren": the row's cells per mapped field, as the admin typed them. The server reads the row again with
 * the rules of the upload (its messages per field) and matches it again; only fields the mapping uses may be sent.
 */
export const legacyRowFixSchema = z.object({
  fields: z.partialRecord(
    z.enum(legacyFields),
    z
      .string()
      .max(legacyCellMax, `Höchstens ${legacyCellMax} Zeichen.`)
      .refine((v) => isCleanText(v, true), textCharsMessage),
  ),
});
export type LegacyRowFix = z.infer<typeof legacyRowFixSchema>;

/** "Überspringen" (true) leaves a row out of the import; false takes it in again, read anew from its cells */
export const legacyRowSkipSchema = z.object({ skipped: z.boolean() });

/** fixing a row's KiTa by hand: an existing KiTa, or null for "neu anlegen" */
export const legacyRowMatchSchema = z.object({ facilityId: z.number().int().positive().nullable() });

/** the legacy history on the admin KiTa detail */
export const legacyHistorySchema = z.object({
  items: z.array(
    z.object({
      seasonIdentifier: z.string(),
      seasonLabel: z.string(),
      enrolled: z.boolean(),
      awarded: z.boolean(),
      importId: z.number().int(),
      importedAt: z.string(),
    }),
  ),
});
export type LegacyHistory = z.infer<typeof legacyHistorySchema>;

import { z } from 'zod';

/**
 * SPEC §9 retention rules ("Löschkonzept", DSGVO Art. 5(1)(e)): their stable keys, German labels and default
 * periods in days. The operator changes a period with RETENTION_<RULE>_DAYS (the key in upper case, `-` as `_`).
 */
export const retentionRules = [
  { key: 'unactivated-accounts', label: 'Nie aktivierte Benutzerkonten', what: 'werden gelöscht', after: 'nach der Registrierung', days: 30 },
  {
    key: 'inactive-accounts',
    label: 'Benutzerkonten ohne Anmeldung',
    what: 'erhalten eine Warnung per E-Mail und werden 60 Tage später gelöscht, wenn sich niemand anmeldet',
    after: 'nach der letzten Anmeldung',
    days: 1096,
  },
  {
    key: 'documentation-files',
    label: 'Fotos und Dateien der Dokumentationsbögen',
    what: 'werden gelöscht; die Antworten bleiben',
    after: 'nach dem Ende des KiTa-Jahres',
    days: 1096,
  },
  {
    key: 'removed-persons',
    label: 'Aus einer KiTa entfernte Personen',
    what: 'verlieren Name, E-Mail-Adresse und Telefonnummer',
    after: 'nach dem Entfernen',
    days: 365,
  },
  {
    key: 'sent-mails',
    label: 'Versendete E-Mails',
    what: 'verlieren Empfänger, Betreff und Inhalt; gezählt bleiben sie',
    after: 'nach dem Versand',
    days: 90,
  },
  { key: 'audit-log', label: 'Einträge im Änderungsprotokoll', what: 'werden gelöscht', after: 'nach dem Eintrag', days: 1096 },
  {
    key: 'legacy-import-files',
    label: 'Hochgeladene Dateien alter Daten',
    what: 'werden gelöscht; die übernommene Historie bleibt',
    after: 'nach Übernahme oder Rückgängigmachen',
    days: 30,
  },
] as const;

export type RetentionRuleKey = (typeof retentionRules)[number]['key'];
export const retentionRuleKeys = retentionRules.map((r) => r.key) as [RetentionRuleKey, ...RetentionRuleKey[]];
/** the days between the warning mail and the deletion of an inactive account (RETENTION_INACTIVE_ACCOUNTS_GRACE_DAYS) */
export const inactiveAccountGraceDays = 60;
/** what stands where a deleted file was: the form, its PDF and the jury's view */
export const fileRemovedText = 'Datei gelöscht (Aufbewahrungsfrist)';

const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Bitte gib ein Datum im Format JJJJ-MM-TT an, z. B. 2030-12-01.');

/** GET /api/admin/retention?asOf=YYYY-MM-DD: the dry run as of the end of that day in Berlin (default: today) */
export const retentionQuerySchema = z.object({ asOf: isoDate.optional() });

export const retentionPreviewSchema = z.object({
  asOf: z.string(),
  rules: z.array(
    z.object({
      key: z.enum(retentionRuleKeys),
      label: z.string(),
      periodDays: z.number().int(),
      count: z.number().int(),
      warnCount: z.number().int().optional(),
    }),
  ),
});
export type RetentionPreview = z.infer<typeof retentionPreviewSchema>;

/** POST /api/admin/retention/run (as of now, synchronous) */
export const retentionRunAnswerSchema = z.object({
  rules: z.array(z.object({ key: z.enum(retentionRuleKeys), removed: z.number().int(), warned: z.number().int().optional() })),
});
export type RetentionRunAnswer = z.infer<typeof retentionRunAnswerSchema>;

/** GET /api/admin/retention/overview: the admin page (rules, periods, due in the next 30 days, the last run) */
export const retentionOverviewSchema = z.object({
  rules: z.array(
    z.object({
      key: z.enum(retentionRuleKeys),
      label: z.string(),
      what: z.string(),
      after: z.string(),
      periodDays: z.number().int(),
      dueNext30Days: z.number().int(),
      warnNext30Days: z.number().int().optional(),
    }),
  ),
  lastRun: z
    .object({
      startedAt: z.string(),
      finishedAt: z.string().nullable(),
      trigger: z.enum(['job', 'manual']),
      failed: z.boolean(),
      removed: z.record(z.string(), z.number().int()),
    })
    .nullable(),
  running: z.boolean(),
});
export type RetentionOverview = z.infer<typeof retentionOverviewSchema>;

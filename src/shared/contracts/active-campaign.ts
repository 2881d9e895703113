/** SPEC §3 "ActiveCampaign": the settings, the connection test, the dry run and the runs (client and server). */
import { z } from 'zod';
import { idParam, optionalText, requiredText } from './common';

const tagName = (label: string) => optionalText(100).refine((v) => v.length > 0, `Bitte gib einen Tag-Namen für „${label}“ an.`);

/** region and Funktion tags are the prefix, a space and the value ("KiTa-Portal: Regierungsbezirk Oberbayern") */
export const acTagNamesSchema = z.object({
  managed: tagName('vom Portal verwaltet'),
  enrolled: tagName('angemeldet'),
  documentationSubmitted: tagName('Dokumentation eingereicht'),
  documentationApproved: tagName('Dokumentation angenommen'),
  awarded: tagName('ausgezeichnet'),
  regionPrefix: tagName('Regierungsbezirk'),
  functionPrefix: tagName('Funktion'),
});
export type AcTagNamesDto = z.infer<typeof acTagNamesSchema>;

export const defaultAcTagNames: AcTagNamesDto = {
  managed: 'KiTa-Portal',
  enrolled: 'KiTa-Portal: angemeldet im aktuellen KiTa-Jahr',
  documentationSubmitted: 'KiTa-Portal: Dokumentation eingereicht',
  documentationApproved: 'KiTa-Portal: Dokumentation angenommen',
  awarded: 'KiTa-Portal: ausgezeichnet',
  regionPrefix: 'KiTa-Portal: Regierungsbezirk',
  functionPrefix: 'KiTa-Portal: Funktion',
};

export const acSettingsSchema = z.object({
  /** `saved` by an admin, `env` = ACTIVECAMPAIGN_URL/KEY, `none` = not connected */
  source: z.enum(['saved', 'env', 'none']),
  url: z.string(),
  keySet: z.boolean(),
  /** the key's last 4 characters; the key itself is never sent back */
  keyLast4: z.string(),
  listId: z.string(),
  listName: z.string(),
  tagNames: acTagNamesSchema,
  nightlyHour: z.number().int().min(0).max(23).nullable(),
  version: z.number().int(),
});
export type AcSettings = z.infer<typeof acSettingsSchema>;

const urlSchema = z
  .string({ error: 'Bitte gib die API-URL an.' })
  .trim()
  .min(1, 'Bitte gib die API-URL an.')
  .max(300, 'Höchstens 300 Zeichen.')
  .refine((v) => /^https?:\/\/[^\s/]+/.test(v), 'Die API-URL beginnt mit https://, z. B. https://deinkonto.api-us1.com.');

const keySchema = z
  .string()
  .trim()
  .max(200, 'Höchstens 200 Zeichen.')
  .refine((v) => /^[\x21-\x7e]*$/.test(v), 'Der API-Schlüssel besteht nur aus Buchstaben und Ziffern.');

export const acSettingsUpdateSchema = z.object({
  url: urlSchema,
  /** empty = keep the stored key */
  key: keySchema.default(''),
  listId: optionalText(20),
  listName: optionalText(200),
  tagNames: acTagNamesSchema,
  nightlyHour: z.number().int().min(0).max(23).nullable(),
  version: z.number().int(),
});
export type AcSettingsUpdate = z.input<typeof acSettingsUpdateSchema>;

/** test the saved connection, or the one being typed (url and key given) before saving */
export const acTestRequestSchema = z.object({ url: urlSchema.optional(), key: keySchema.optional() });
export const acTestResultSchema = z.object({
  ok: z.boolean(),
  message: z.string(),
  lists: z.array(z.object({ id: z.string(), name: z.string() })),
});
export type AcTestResult = z.infer<typeof acTestResultSchema>;

/** "Neue Liste anlegen": in the saved account, or in the one being typed (url and key as for the connection test) */
export const acListCreateSchema = acTestRequestSchema.extend({
  name: requiredText('einen Namen für die Liste', 255),
});
export type AcListCreate = z.input<typeof acListCreateSchema>;
export const acListSchema = z.object({ id: z.string(), name: z.string() });
export type AcList = z.infer<typeof acListSchema>;

export const acCountsSchema = z.object({
  added: z.number().int(),
  updated: z.number().int(),
  unsubscribed: z.number().int(),
  untagged: z.number().int(),
  tagsAdded: z.number().int(),
  tagsRemoved: z.number().int(),
  unchanged: z.number().int(),
  keptUnsubscribed: z.number().int(),
  requests: z.number().int(),
});

export const acDryRunSchema = z.object({
  toAdd: z.number().int(),
  toUpdate: z.number().int(),
  toUnsubscribe: z.number().int(),
  tagsToAdd: z.number().int(),
  tagsToRemove: z.number().int(),
  unchanged: z.number().int(),
  /** the first changes, for a look */
  changes: z.array(
    z.object({
      email: z.string(),
      name: z.string(),
      change: z.enum(['add', 'update', 'unsubscribe']),
      tagsToAdd: z.array(z.string()),
      tagsToRemove: z.array(z.string()),
    }),
  ),
});
export type AcDryRun = z.infer<typeof acDryRunSchema>;

export const acRunStateLabels = { running: 'läuft', finished: 'fertig', failed: 'fehlgeschlagen' } as const;

export const acRunSchema = z.object({
  id: z.number().int(),
  state: z.enum(['running', 'finished', 'failed']),
  trigger: z.enum(['manual', 'schedule']),
  startedAt: z.iso.datetime(),
  finishedAt: z.iso.datetime().nullable(),
  startedBy: z.string().nullable(),
  total: z.number().int(),
  done: z.number().int(),
  counts: acCountsSchema,
  error: z.string().nullable(),
});
export type AcRun = z.infer<typeof acRunSchema>;

export const acRunDetailSchema = acRunSchema.extend({
  log: z.array(z.object({ at: z.string(), level: z.enum(['info', 'warn', 'error']), message: z.string() })),
});
export type AcRunDetail = z.infer<typeof acRunDetailSchema>;

export const acRunListSchema = z.object({ items: z.array(acRunSchema) });
export const acRunParams = z.object({ runId: idParam });

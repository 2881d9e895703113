import { z } from 'zod';
import {
  actorSchema,
  idField,
  idSchema,
  isCleanText,
  isoTimestampSchema,
  optionalText,
  requiredText,
  textCharsMessage,
  versionSchema,
} from './common';
import { regions } from './facility-lists';
import { listPageSchemaOf } from './list-query';
import { awardingEventSchema, bookingPersonIdsSchema, enrolmentStates, offeringKindSchema, offeringStates } from './programme';

/**
 * Admin side of the season's programme (issue 11). camelCase names. Paths (SPEC §3):
 * /api/admin/training-modules[/{id}], /api/admin/awarding-events[/{id}], /api/admin/offerings[/{id}] (kind in the
 * body), /api/admin/offerings/{id}/publish|cancel|copy, /api/admin/offerings/{id}/enrolments (+ export.csv|xlsx,
 * POST adds on a KiTa's behalf, POST …/enrolments/actions acts on several), /api/admin/awarding-events/{id}/enrolments
 * (the enrolments of all its workshops, same columns), PUT /api/admin/season-enrolments/{id}/award-approval.
 */

/** an instant with offset (`2027-02-01T09:00:00+01:00` or `…Z`); the UI sends what the Berlin picker gave */
export const instantSchema = z.iso.datetime({ offset: true, error: 'Bitte gib Datum und Uhrzeit an (TT.MM.JJJJ, HH:MM Uhr).' });
const optionalInstant = instantSchema.nullable().default(null);

const limitSchema = z
  .number({ error: 'Bitte gib eine Zahl an.' })
  .int('Bitte gib eine ganze Zahl an.')
  .min(1, 'Mindestens 1 (leer lassen für „keine Grenze“).')
  .max(1000, 'Diese Zahl ist zu groß.')
  .nullable()
  .default(null);

const onlineUrlSchema = z
  .string()
  .trim()
  .max(500, 'Die Internetadresse ist zu lang.')
  .refine((v) => isCleanText(v), textCharsMessage)
  .refine((v) => {
    if (v === '') return true;
    try {
      const u = new URL(v);
      return u.protocol === 'https:' || u.protocol === 'http:';
    } catch {
      return false;
    }
  }, 'Bitte gib eine gültige Internetadresse an (z. B. https://meet.example.org/raum).')
  .default('');

// ---------------------------------------------------------------------------------------------------------------
// Training modules

export const trainingModuleInputSchema = z.object({
  seasonId: idField('Bitte wähle ein KiTa-Jahr.'),
  title: requiredText('einen Titel', 200),
  description: optionalText(5000, { multiline: true }),
  targetGroup: optionalText(200),
  maxPerFacilityPerEvent: limitSchema,
  maxPerFacilityPerModule: limitSchema,
});
export const trainingModuleUpdateSchema = trainingModuleInputSchema.extend({ version: versionSchema });
export const trainingModuleSchema = z.object({
  id: z.number().int(),
  seasonId: z.number().int(),
  title: z.string(),
  description: z.string(),
  targetGroup: z.string(),
  maxPerFacilityPerEvent: z.number().int().nullable(),
  maxPerFacilityPerModule: z.number().int().nullable(),
  eventCount: z.number().int(),
  updatedAt: isoTimestampSchema,
  version: z.number().int(),
});
export const trainingModulesQuerySchema = z.object({ seasonId: z.coerce.number().int().min(1).max(2_147_483_647).optional() });
export const trainingModulesAnswerSchema = z.object({ items: z.array(trainingModuleSchema) });
export type TrainingModule = z.infer<typeof trainingModuleSchema>;
export type TrainingModuleInput = z.input<typeof trainingModuleInputSchema>;

// ---------------------------------------------------------------------------------------------------------------
// Awarding events (Nord/Süd): the frame of their workshops

export const awardingEventInputSchema = z
  .object({
    seasonId: idField('Bitte wähle ein KiTa-Jahr.'),
    title: requiredText('einen Titel', 200),
    description: optionalText(5000, { multiline: true }),
    startsAt: instantSchema,
    endsAt: instantSchema,
    place: requiredText('den Ort', 300),
    region: z.enum(regions, { error: 'Bitte wähle einen Regierungsbezirk aus der Liste.' }).nullable().default(null),
    maxAttendeesPerFacility: limitSchema,
    registrationOpensAt: optionalInstant,
    registrationClosesAt: optionalInstant,
  })
  .refine((v) => v.endsAt > v.startsAt, { message: 'Das Ende liegt vor dem Beginn.', path: ['endsAt'] });
export const awardingEventUpdateSchema = z.intersection(awardingEventInputSchema, z.object({ version: versionSchema }));
/** the staff shape of an awarding event (one set of fields for the entity) without its workshops, plus the admin's */
export const adminAwardingEventSchema = awardingEventSchema.omit({ workshops: true }).extend({
  seasonId: z.number().int(),
  workshopCount: z.number().int(),
  attendeeCount: z.number().int(),
  facilityCount: z.number().int(),
  version: z.number().int(),
});
export const awardingEventsAnswerSchema = z.object({ items: z.array(adminAwardingEventSchema) });
export type AdminAwardingEvent = z.infer<typeof adminAwardingEventSchema>;

// ---------------------------------------------------------------------------------------------------------------
// Offerings (training event | hospitation | awarding-event workshop)

export const offeringInputSchema = z
  .object({
    kind: offeringKindSchema,
    seasonId: idField('Bitte wähle ein KiTa-Jahr.'),
    /** training: required */
    moduleId: idSchema.nullable().default(null),
    /** hospitation: required */
    hostFacilityId: idSchema.nullable().default(null),
    /** awarding: required */
    awardingEventId: idSchema.nullable().default(null),
    title: requiredText('einen Titel', 200),
    description: optionalText(5000, { multiline: true }),
    startsAt: instantSchema,
    endsAt: instantSchema,
    place: optionalText(300),
    onlineUrl: onlineUrlSchema,
    region: z.enum(regions, { error: 'Bitte wähle einen Regierungsbezirk aus der Liste.' }).nullable().default(null),
    capacity: z
      .number({ error: 'Bitte gib die Zahl der Plätze an.' })
      .int('Bitte gib eine ganze Zahl an.')
      .min(1, 'Mindestens 1 Platz.')
      .max(10_000, 'Diese Zahl ist zu groß.'),
    registrationOpensAt: optionalInstant,
    registrationClosesAt: optionalInstant,
    /** the reminder mail goes out this many days before the start */
    reminderDays: z
      .number({ error: 'Bitte gib eine Zahl an.' })
      .int('Bitte gib eine ganze Zahl an.')
      .min(0, 'Mindestens 0.')
      .max(60, 'Höchstens 60 Tage.')
      .default(7),
  })
  .superRefine((v, ctx) => {
    if (v.endsAt <= v.startsAt) ctx.addIssue({ code: 'custom', message: 'Das Ende liegt vor dem Beginn.', path: ['endsAt'] });
    if (v.kind === 'training' && v.moduleId === null) ctx.addIssue({ code: 'custom', message: 'Bitte wähle ein Modul.', path: ['moduleId'] });
    if (v.kind === 'hospitation' && v.hostFacilityId === null)
      ctx.addIssue({ code: 'custom', message: 'Bitte wähle die gastgebende KiTa.', path: ['hostFacilityId'] });
    if (v.kind === 'awarding' && v.awardingEventId === null)
      ctx.addIssue({ code: 'custom', message: 'Bitte wähle die Auszeichnungsveranstaltung.', path: ['awardingEventId'] });
    if (v.place === '' && v.onlineUrl === '' && v.kind !== 'hospitation')
      ctx.addIssue({ code: 'custom', message: 'Bitte gib einen Ort oder einen Online-Link an.', path: ['place'] });
    if (v.registrationOpensAt && v.registrationClosesAt && v.registrationClosesAt <= v.registrationOpensAt)
      ctx.addIssue({ code: 'custom', message: 'Der Anmeldeschluss liegt vor dem Anmeldebeginn.', path: ['registrationClosesAt'] });
  });
export const offeringUpdateSchema = z.intersection(offeringInputSchema, z.object({ version: versionSchema }));
export type OfferingInput = z.input<typeof offeringInputSchema>;

export const adminOfferingSchema = z.object({
  id: z.number().int(),
  kind: offeringKindSchema,
  seasonId: z.number().int(),
  moduleId: z.number().int().nullable(),
  moduleTitle: z.string().nullable(),
  hostFacilityId: z.number().int().nullable(),
  hostFacilityLabel: z.string().nullable(),
  awardingEventId: z.number().int().nullable(),
  awardingEventTitle: z.string().nullable(),
  title: z.string(),
  description: z.string(),
  startsAt: isoTimestampSchema,
  endsAt: isoTimestampSchema,
  place: z.string(),
  onlineUrl: z.string(),
  region: z.string().nullable(),
  capacity: z.number().int(),
  registrationOpensAt: isoTimestampSchema.nullable(),
  registrationClosesAt: isoTimestampSchema.nullable(),
  reminderDays: z.number().int(),
  state: z.enum(offeringStates),
  cancelReason: z.string().nullable(),
  seatsTaken: z.number().int(),
  seatsFree: z.number().int(),
  waitlistLength: z.number().int(),
  updatedAt: isoTimestampSchema,
  updatedBy: actorSchema,
  version: z.number().int(),
});
export type AdminOffering = z.infer<typeof adminOfferingSchema>;
export const adminOfferingPageSchema = listPageSchemaOf(adminOfferingSchema);

/** POST /api/admin/offerings/{id}/publish */
export const versionBodySchema = z.object({ version: versionSchema });
/** POST /api/admin/offerings/{id}/cancel: participants are mailed with the reason */
export const offeringCancelSchema = z.object({
  version: versionSchema,
  reason: requiredText('einen Grund für die Absage', 500, { multiline: true }),
});

// ---------------------------------------------------------------------------------------------------------------
// Enrolments of one offering (or of all workshops of one awarding event)

export const adminEnrolmentSchema = z.object({
  id: z.number().int(),
  offeringId: z.number().int(),
  offeringTitle: z.string(),
  startsAt: isoTimestampSchema,
  facilityId: z.number().int(),
  facilityLabel: z.string(),
  facilityPostalCode: z.string(),
  facilityCity: z.string(),
  facilityRegion: z.string().nullable(),
  personId: z.number().int(),
  salutation: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  position: z.string(),
  email: z.string(),
  phone: z.string(),
  state: z.enum(enrolmentStates),
  waitlistPosition: z.number().int().nullable(),
  /** booked beyond capacity by an admin's explicit override */
  overCapacity: z.boolean(),
  cancelReason: z.string().nullable(),
  createdAt: isoTimestampSchema,
  createdBy: actorSchema,
  version: z.number().int(),
});
export type AdminEnrolment = z.infer<typeof adminEnrolmentSchema>;
export const adminEnrolmentPageSchema = listPageSchemaOf(adminEnrolmentSchema);

/** POST /api/admin/offerings/{id}/enrolments: on a KiTa's behalf; beyond capacity only with `overCapacity: true` */
export const adminBookingInputSchema = z.object({
  facilityId: idField('Bitte wähle eine KiTa.'),
  personIds: bookingPersonIdsSchema,
  overCapacity: z.boolean().default(false),
});

/** `unattend`: an attended booking back to confirmed (its Teilnahmebescheinigung is withdrawn) */
export const enrolmentActions = ['confirm', 'cancel', 'attended', 'unattend', 'move'] as const;
/** POST /api/admin/offerings/{id}/enrolments/actions: one action on one or several enrolments of that offering */
export const enrolmentActionInputSchema = z
  .object({
    action: z.enum(enrolmentActions, { error: 'Unbekannte Aktion.' }),
    enrolmentIds: z
      .array(idSchema, { error: 'Bitte wähle mindestens eine Anmeldung.' })
      .min(1, 'Bitte wähle mindestens eine Anmeldung.')
      .max(2000, 'Zu viele Anmeldungen auf einmal.'),
    /** cancel: mailed to the KiTa */
    reason: optionalText(500, { multiline: true }),
    /** move: the other date (same kind; same module for trainings) */
    targetOfferingId: idSchema.nullable().default(null),
    /** confirm/move beyond capacity (recorded in the audit log) */
    overCapacity: z.boolean().default(false),
  })
  .superRefine((v, ctx) => {
    if (v.action === 'move' && v.targetOfferingId === null)
      ctx.addIssue({ code: 'custom', message: 'Bitte wähle den neuen Termin.', path: ['targetOfferingId'] });
  });
export const enrolmentActionAnswerSchema = z.object({ changed: z.number().int(), items: z.array(adminEnrolmentSchema) });

/** PUT /api/admin/season-enrolments/{id}/award-approval: "zur Auszeichnung zugelassen" */
export const awardApprovalInputSchema = z.object({ approved: z.boolean(), version: versionSchema });
export const awardApprovalAnswerSchema = z.object({
  seasonEnrolmentId: z.number().int(),
  approvedForAwardAt: isoTimestampSchema.nullable(),
  version: z.number().int(),
});

/** the programme's history in the admin KiTa detail and the own-data export */
export const facilityProgrammeHistorySchema = z.object({
  items: z.array(
    z.object({
      enrolmentId: z.number().int(),
      seasonIdentifier: z.string(),
      kind: offeringKindSchema,
      /** the admin enrolment page: fortbildungen|hospitationen/{offeringId}/anmeldungen, awarding: auszeichnungsverantaltungen/{awardingEventId}/anmeldungen */
      offeringId: z.number().int(),
      awardingEventId: z.number().int().nullable(),
      offeringTitle: z.string(),
      startsAt: isoTimestampSchema,
      personName: z.string(),
      state: z.enum(enrolmentStates),
    }),
  ),
});
export type FacilityProgrammeHistoryItem = z.infer<typeof facilityProgrammeHistorySchema>['items'][number];

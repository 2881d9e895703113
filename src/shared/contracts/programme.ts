import { z } from 'zod';
import { idField, idSchema, isoTimestampSchema } from './common';

/**
 * The season's programme (issue 11, SPEC §2-3): one offering/enrolment mechanism for training events,
 * hospitations and awarding-event workshops. Field names are camelCase (SPEC §3 fixes the offering shape so).
 * Times are ISO 8601 with offset; the UI shows them in Europe/Berlin.
 */
export const offeringKinds = ['training', 'hospitation', 'awarding'] as const;
export type OfferingKind = (typeof offeringKinds)[number];
export const offeringKindSchema = z.enum(offeringKinds, { error: 'Unbekannte Art des Angebots.' });
export const offeringKindLabels: Record<OfferingKind, string> = {
  training: 'Fortbildung',
  hospitation: 'Hospitation',
  awarding: 'Workshop der Auszeichnungsveranstaltung',
};

export const offeringStates = ['draft', 'published', 'cancelled'] as const;
export type OfferingState = (typeof offeringStates)[number];
export const offeringStateLabels: Record<OfferingState, string> = { draft: 'Entwurf', published: 'veröffentlicht', cancelled: 'abgesagt' };

export const enrolmentStates = ['confirmed', 'waitlisted', 'cancelled', 'attended'] as const;
export type OfferingEnrolmentState = (typeof enrolmentStates)[number];
/** SPEC §6: states are written out in German */
export const enrolmentStateLabels: Record<OfferingEnrolmentState, string> = {
  confirmed: 'bestätigt',
  waitlisted: 'Warteliste',
  cancelled: 'storniert',
  attended: 'teilgenommen',
};

// ---------------------------------------------------------------------------------------------------------------
// Staff side: GET /api/facilities/{id}/offerings?kind=…

export const offeringsQuerySchema = z.object({ kind: offeringKindSchema });

export const ownEnrolmentSchema = z.object({
  enrolmentId: z.number().int(),
  personId: z.number().int(),
  /** "Vorname Nachname" of the staff entry (also when it was removed since) */
  personName: z.string(),
  state: z.enum(enrolmentStates),
  /** 1-based place on the waiting list; null unless waitlisted */
  waitlistPosition: z.number().int().nullable(),
});

export const hostFacilitySchema = z.object({
  id: z.number().int(),
  label: z.string(),
  street: z.string(),
  postalCode: z.string(),
  city: z.string(),
});

export const offeringSchema = z.object({
  id: z.number().int(),
  kind: offeringKindSchema,
  title: z.string(),
  description: z.string(),
  /** training events: their module; null otherwise */
  moduleId: z.number().int().nullable(),
  moduleTitle: z.string().nullable(),
  /** hospitations: the KiTa that is visited */
  hostFacility: hostFacilitySchema.nullable(),
  /** awarding-event workshops: their awarding event */
  awardingEventId: z.number().int().nullable(),
  startsAt: isoTimestampSchema,
  endsAt: isoTimestampSchema,
  /** a place's name and address as one text; empty when online only */
  place: z.string(),
  /** the online link; empty when on site */
  onlineUrl: z.string(),
  region: z.string().nullable(),
  capacity: z.number().int(),
  seatsLeft: z.number().int(),
  waitlistLength: z.number().int(),
  registrationOpensAt: isoTimestampSchema.nullable(),
  registrationClosesAt: isoTimestampSchema.nullable(),
  state: z.enum(offeringStates),
  /** may this KiTa book now; `registrationMessage` says why not in German ("Anmeldung ab 01.02.2027, 09:00 Uhr") */
  canBook: z.boolean(),
  registrationMessage: z.string().nullable(),
  /** this KiTa's enrolments to this offering (cancelled ones left out) */
  enrolments: z.array(ownEnrolmentSchema),
});
export type Offering = z.infer<typeof offeringSchema>;

export const trainingModuleSummarySchema = z.object({
  id: z.number().int(),
  title: z.string(),
  description: z.string(),
  targetGroup: z.string(),
  /** null = no limit */
  maxPerFacilityPerEvent: z.number().int().nullable(),
  maxPerFacilityPerModule: z.number().int().nullable(),
});

export const offeringsAnswerSchema = z.object({
  offerings: z.array(offeringSchema),
  /** kind=training: the modules of the current season (for grouping, filters and the limits shown) */
  modules: z.array(trainingModuleSummarySchema),
});
export type OfferingsAnswer = z.infer<typeof offeringsAnswerSchema>;

// POST /api/facilities/{id}/enrolments

/**
 * Who is booked onto a date, by the KiTa (below) or by an admin on its behalf (admin-programme.ts): persons of the
 * KiTa's staff, 1 to 50 at once, each once. One rule for both; eslint refuses a second `personIds: z…`.
 */
export const bookingPersonIdsSchema = z
  .array(idSchema, { error: 'Bitte wähle mindestens eine Person.' })
  .min(1, 'Bitte wähle mindestens eine Person.')
  .max(50, 'Bitte wähle höchstens 50 Personen auf einmal.')
  .refine((a) => new Set(a).size === a.length, 'Bitte wähle jede Person nur einmal.');

export const bookingInputSchema = z.object({
  offeringId: idField('Bitte wähle einen Termin.'),
  personIds: bookingPersonIdsSchema,
});
export type BookingInput = z.infer<typeof bookingInputSchema>;

export const bookingResultSchema = z.object({
  results: z.array(
    z.object({
      personId: z.number().int(),
      enrolmentId: z.number().int(),
      state: z.enum(['confirmed', 'waitlisted']),
      waitlistPosition: z.number().int().nullable(),
    }),
  ),
});
export type BookingResult = z.infer<typeof bookingResultSchema>;

// GET /api/facilities/{id}/enrolments?kind=… ("Unsere Anmeldungen")

export const facilityEnrolmentSchema = z.object({
  enrolmentId: z.number().int(),
  offeringId: z.number().int(),
  kind: offeringKindSchema,
  offeringTitle: z.string(),
  moduleTitle: z.string().nullable(),
  startsAt: isoTimestampSchema,
  endsAt: isoTimestampSchema,
  place: z.string(),
  onlineUrl: z.string(),
  offeringState: z.enum(offeringStates),
  personId: z.number().int(),
  personName: z.string(),
  state: z.enum(enrolmentStates),
  waitlistPosition: z.number().int().nullable(),
  createdAt: isoTimestampSchema,
  /** cancelled: by the KiTa or by admins, with the admins' reason */
  cancelReason: z.string().nullable(),
  /** may the KiTa cancel it now (not attended, not cancelled, the offering not over) */
  canCancel: z.boolean(),
});
/** GET /api/facilities/{id}/enrolments?kind=…: kind optional (all kinds without) */
export const facilityEnrolmentsQuerySchema = z.object({ kind: offeringKindSchema.optional() });
export const facilityEnrolmentsAnswerSchema = z.object({ enrolments: z.array(facilityEnrolmentSchema) });
export type FacilityEnrolment = z.infer<typeof facilityEnrolmentSchema>;

// GET /api/facilities/{id}/hospitation-visits: a host KiTa sees who visits it

export const hospitationVisitsAnswerSchema = z.object({
  hospitations: z.array(
    z.object({
      offeringId: z.number().int(),
      title: z.string(),
      startsAt: isoTimestampSchema,
      endsAt: isoTimestampSchema,
      state: z.enum(offeringStates),
      capacity: z.number().int(),
      visitors: z.array(
        z.object({
          facilityLabel: z.string(),
          personName: z.string(),
          state: z.enum(enrolmentStates),
          waitlistPosition: z.number().int().nullable(),
        }),
      ),
    }),
  ),
});

// GET /api/facilities/{id}/awarding: the awarding events the KiTa may book (if zur Auszeichnung zugelassen)

export const awardingEventSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  description: z.string(),
  startsAt: isoTimestampSchema,
  endsAt: isoTimestampSchema,
  place: z.string(),
  region: z.string().nullable(),
  /** how many persons a KiTa may bring; null = no limit */
  maxAttendeesPerFacility: z.number().int().nullable(),
  state: z.enum(offeringStates),
  registrationOpensAt: isoTimestampSchema.nullable(),
  registrationClosesAt: isoTimestampSchema.nullable(),
  /** its workshops, in the offering shape (kind awarding) */
  workshops: z.array(offeringSchema),
});
export type AwardingEvent = z.infer<typeof awardingEventSchema>;

export const awardingAnswerSchema = z.object({
  /** the season enrolment is marked "zur Auszeichnung zugelassen" */
  eligible: z.boolean(),
  /** why not, in German; null when eligible */
  message: z.string().nullable(),
  /** the awarding event this KiTa chose (it has live enrolments there); null before */
  chosenEventId: z.number().int().nullable(),
  events: z.array(awardingEventSchema),
});
export type AwardingAnswer = z.infer<typeof awardingAnswerSchema>;

// DELETE /api/facilities/{id}/enrolments/{enrolmentId}: answers the enrolment after cancelling
export const cancelAnswerSchema = z.object({ enrolment: facilityEnrolmentSchema });

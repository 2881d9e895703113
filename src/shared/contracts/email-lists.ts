/**
 * E-mail address lists (issue 21, SPEC §3 "Admin data tools"). Criteria combine with AND between kinds and OR
 * within one; an empty list means "no restriction" for that kind. The season-bound criteria (enrolment, programme,
 * documentation, approval, earlier awards) refer to the chosen KiTa-Jahr (`seasonId`; null = the current season).
 */
import { z } from 'zod';
import { actorSchema, idParam, isoTimestampSchema, requiredText, versionSchema } from './common';
import { maxInt4 } from './limits';
import { facilityKinds, operatorKinds, personPositions, regions } from './facility-lists';

export const emailListPurposes = ['information', 'newsletter'] as const;
export type EmailListPurpose = (typeof emailListPurposes)[number];

export const enrolmentChoices = ['enrolled', 'notEnrolled'] as const;
/** booked = a live booking (confirmed or attended); attended = marked as attended */
export const participationChoices = [
  'trainingBooked',
  'trainingAttended',
  'hospitationBooked',
  'hospitationAttended',
  'awardingBooked',
  'awardingAttended',
] as const;
/** 'none' = the KiTa has no form in the season */
export const documentationChoices = ['none', 'draft', 'submitted', 'returned', 'approved', 'rejected'] as const;
export const yesNoChoices = ['yes', 'no'] as const;
/** staff entries of the KiTas, the user accounts of their members, the KiTa's own address */
export const contactKinds = ['staff', 'account', 'facility'] as const;
export type ContactKind = (typeof contactKinds)[number];

/** the left-out rules, in the order they are applied (a contact counts under the first that holds) */
export const exclusionRules = ['mergedFacility', 'noAddress', 'deactivatedAccount', 'noNewsletterConsent'] as const;
export type ExclusionRule = (typeof exclusionRules)[number];

const many = <const T extends readonly [string, ...string[]]>(values: T) => z.array(z.enum(values)).max(values.length).default([]);

export const emailListCriteriaSchema = z.object({
  seasonId: z.number().int().min(1).max(maxInt4).nullable().default(null),
  enrolment: many(enrolmentChoices),
  regions: many(regions),
  facilityKinds: many(facilityKinds),
  operatorKinds: many(operatorKinds),
  participation: many(participationChoices),
  documentationStates: many(documentationChoices),
  approvedForAward: many(yesNoChoices),
  awardedEarlier: many(yesNoChoices),
  positions: many(personPositions),
  contactKinds: many(contactKinds),
});
export type EmailListCriteria = z.output<typeof emailListCriteriaSchema>;
export type EmailListCriteriaInput = z.input<typeof emailListCriteriaSchema>;

export const emailListPurposeSchema = z.enum(emailListPurposes, { error: 'Bitte wähle einen Zweck.' });

export const emailListQuerySchema = z.object({
  criteria: emailListCriteriaSchema.default(emailListCriteriaSchema.parse({})),
  purpose: emailListPurposeSchema,
});
export type EmailListQuery = z.output<typeof emailListQuerySchema>;

/** preview: the count, the left-out per rule and one page of addresses (offset/limit page through them for copying) */
export const emailListPreviewInputSchema = emailListQuerySchema.extend({
  offset: z.number().int().min(0).max(maxInt4).default(0),
  limit: z.number().int().min(1).max(1000).default(50),
});

export const emailAddressSchema = z.object({
  email: z.string(),
  name: z.string(),
  facility: z.string(),
  position: z.string(),
  region: z.string(),
  /** why the address is on the list: the contact kinds it came from */
  kinds: z.array(z.enum(contactKinds)),
});
export type EmailAddress = z.infer<typeof emailAddressSchema>;

export const emailListPreviewSchema = z.object({
  count: z.number().int(),
  excluded: z.array(z.object({ rule: z.enum(exclusionRules), count: z.number().int() })),
  addresses: z.array(emailAddressSchema),
});
export type EmailListPreview = z.infer<typeof emailListPreviewSchema>;

/**
 * POST /api/admin/email-lists/left-out: who the criteria leave out and why (issue 34: "1 ausgelassen" named no one),
 * one page in the order of the rules, then KiTa and name; the admin fixes the data behind each row.
 */
export const leftOutContactSchema = z.object({
  rule: z.enum(exclusionRules),
  kind: z.enum(contactKinds),
  name: z.string(),
  facility: z.string(),
  position: z.string(),
  email: z.string(),
});
export type LeftOutContact = z.infer<typeof leftOutContactSchema>;
export const leftOutPageSchema = z.object({ total: z.number().int(), items: z.array(leftOutContactSchema) });

export const emailListNameSchema = z.object({ name: requiredText('einen Namen', 120) });
export const emailListInputSchema = emailListQuerySchema.extend(emailListNameSchema.shape);
export const emailListUpdateSchema = emailListInputSchema.extend({ version: versionSchema });

export const savedEmailListSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  criteria: emailListCriteriaSchema,
  purpose: z.enum(emailListPurposes),
  version: z.number().int(),
  createdAt: isoTimestampSchema,
  updatedAt: isoTimestampSchema,
  updatedBy: actorSchema,
  /** the KiTa-Jahr a copy would be for ("Ins nächste KiTa-Jahr kopieren"); null when there is no next one yet */
  copyTo: z.object({ seasonId: z.number().int(), label: z.string() }).nullable(),
});
export type SavedEmailList = z.infer<typeof savedEmailListSchema>;
export const savedEmailListsSchema = z.array(savedEmailListSchema);

export const emailListParams = z.object({ listId: idParam });

/** the German words of the page, CSV and messages (one place, client and server) */
export const exclusionRuleLabels: Record<ExclusionRule, string> = {
  mergedFacility: 'KiTa zusammengeführt',
  noAddress: 'keine E-Mail-Adresse',
  deactivatedAccount: 'Konto deaktiviert oder nicht aktiviert',
  noNewsletterConsent: 'keine Newsletter-Einwilligung',
};
export const contactKindLabels: Record<ContactKind, string> = {
  staff: 'Personal',
  account: 'Benutzerkonto',
  facility: 'KiTa-Adresse',
};
export const purposeLabels: Record<EmailListPurpose, string> = { information: 'Programm-Information', newsletter: 'Newsletter' };

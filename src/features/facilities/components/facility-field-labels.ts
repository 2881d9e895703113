import { FACILITY_FIELD_LABELS, fieldLabel } from '../../../shared/field-labels';

/** The labels live in src/shared/field-labels.ts, so the admin history uses the same German names. */
export { FACILITY_FIELD_LABELS };

/** the label of a field the server named; an unknown name (a newer server) shows as sent */
export const facilityFieldLabel = (field: string): string => fieldLabel(field, 'facility');

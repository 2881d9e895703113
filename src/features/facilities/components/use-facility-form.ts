import { countText, toCount, useZodForm } from '../../../lib/use-zod-form';
import { facilityInputSchema, type Facility } from '../../../shared/contracts/facilities';

/** What the inputs hold: text exactly as typed, so a bad entry is corrected, not lost. */
export type FacilityFormValues = {
  label: string;
  kind: string;
  street: string;
  postal_code: string;
  city: string;
  region: string;
  operator_name: string;
  operator_kind: string;
  phone: string;
  email: string;
  website: string;
  children_count: string;
  staff_count: string;
};

export const emptyFacilityValues: FacilityFormValues = {
  label: '',
  kind: '',
  street: '',
  postal_code: '',
  city: '',
  region: '',
  operator_name: '',
  operator_kind: '',
  phone: '',
  email: '',
  website: '',
  children_count: '',
  staff_count: '',
};

export function facilityValuesOf(facility: Facility): FacilityFormValues {
  return {
    label: facility.label,
    kind: facility.kind,
    street: facility.street,
    postal_code: facility.postal_code,
    city: facility.city,
    region: facility.region,
    operator_name: facility.operator_name,
    operator_kind: facility.operator_kind,
    phone: facility.phone,
    email: facility.email,
    website: facility.website,
    children_count: countText(facility.children_count),
    staff_count: countText(facility.staff_count),
  };
}

function toFacilityInput(values: FacilityFormValues) {
  return {
    ...values,
    // the operator is optional; without a choice the contract's default ('sonstige') applies
    operator_kind: values.operator_kind === '' ? undefined : values.operator_kind,
    children_count: toCount(values.children_count),
    staff_count: toCount(values.staff_count),
  };
}

/** The facility form of /neue-kita and /stammdaten, checked by the shared contract (SPEC §2 fields). */
export const useFacilityForm = (initialValues: FacilityFormValues = emptyFacilityValues) =>
  useZodForm({ schema: facilityInputSchema, initialValues, toInput: toFacilityInput });

export type FacilityForm = ReturnType<typeof useFacilityForm>;

import { useMutation } from '@tanstack/react-query';
import { api, parseWith } from '../../../lib/api-client';
import { facilitySchema, type Facility, type FacilityInput } from '../../../shared/contracts/facilities';

/** POST /api/facilities: the caller becomes the first member of the new KiTa. */
export async function createFacility(input: FacilityInput): Promise<Facility> {
  return api.post('facilities', { json: input }).json().then(parseWith(facilitySchema));
}

export const useCreateFacility = () => useMutation({ mutationFn: createFacility });

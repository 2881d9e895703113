import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, parseWith } from '../../../lib/api-client';
import { documentationFormSchema, type DocumentationForm } from '../../../shared/contracts/documentation';
import { documentationQueryOptions } from './get-documentation';

/** POST /api/facilities/{id}/documentation/submit `{ version }`: answers the form, now eingereicht; 400 `fields` names every gap. */
export async function submitDocumentation(facilityId: number, version: number): Promise<DocumentationForm> {
  return api.post(`facilities/${facilityId}/documentation/submit`, { json: { version }, retry: 0 }).json().then(parseWith(documentationFormSchema));
}

export function useSubmitDocumentation(facilityId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (version: number) => submitDocumentation(facilityId, version),
    onSuccess: async (form) => {
      queryClient.setQueryData(documentationQueryOptions(facilityId).queryKey, form);
      // the home page's season checklist shows the form's state: stale now, fetched when it is seen
      await queryClient.invalidateQueries({ queryKey: ['facilities', facilityId], refetchType: 'none' });
    },
  });
}

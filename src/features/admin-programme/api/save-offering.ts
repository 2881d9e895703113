import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api, parseWith } from '../../../lib/api-client';
import { adminOfferingSchema, type offeringInputSchema } from '../../../shared/contracts/admin-programme';
import { adminAwardingKey, adminModulesKey, adminOfferingsKey } from './list-offerings';

type Input = z.output<typeof offeringInputSchema>;

/** POST /api/admin/offerings (new, as draft) or PUT /api/admin/offerings/{id} (with the version read) */
export async function saveOffering(id: number | null, input: Input, version?: number) {
  const request =
    id === null ? api.post('admin/offerings', { json: input, retry: 0 }) : api.put(`admin/offerings/${id}`, { json: { ...input, version } });
  return request.json().then(parseWith(adminOfferingSchema));
}

/** what an offering's write changes: its lists, its module's count of events, its awarding event's workshops */
export function useInvalidateOfferings() {
  const queryClient = useQueryClient();
  return () => Promise.all([adminOfferingsKey, adminModulesKey, adminAwardingKey].map((queryKey) => queryClient.invalidateQueries({ queryKey })));
}

export function useSaveOffering() {
  const invalidate = useInvalidateOfferings();
  return useMutation({
    mutationFn: ({ id, input, version }: { id: number | null; input: Input; version?: number }) => saveOffering(id, input, version),
    onSettled: invalidate,
  });
}

import { useMutation } from '@tanstack/react-query';
import { api, parseWith } from '../../../lib/api-client';
import { adminOfferingSchema, type AdminOffering } from '../../../shared/contracts/admin-programme';
import { useInvalidateOfferings } from './save-offering';

/**
 * The state changes of one date: POST /api/admin/offerings/{id}/publish | cancel (participants are mailed with the
 * reason) | copy (a new draft with the same data). One file: three calls of one shape on one resource.
 */
export const publishOffering = (o: AdminOffering) =>
  api
    .post(`admin/offerings/${o.id}/publish`, { json: { version: o.version }, retry: 0 })
    .json()
    .then(parseWith(adminOfferingSchema));
export const cancelOffering = (o: AdminOffering, reason: string) =>
  api
    .post(`admin/offerings/${o.id}/cancel`, { json: { version: o.version, reason }, retry: 0 })
    .json()
    .then(parseWith(adminOfferingSchema));
export const copyOffering = (o: AdminOffering) => api.post(`admin/offerings/${o.id}/copy`, { retry: 0 }).json().then(parseWith(adminOfferingSchema));

export function useOfferingState() {
  const invalidate = useInvalidateOfferings();
  return {
    publish: useMutation({ mutationFn: publishOffering, onSettled: invalidate }),
    cancel: useMutation({
      mutationFn: ({ offering, reason }: { offering: AdminOffering; reason: string }) => cancelOffering(offering, reason),
      onSettled: invalidate,
    }),
    copy: useMutation({ mutationFn: copyOffering, onSettled: invalidate }),
  };
}

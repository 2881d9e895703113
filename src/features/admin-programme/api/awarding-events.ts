import { queryOptions, useMutation, useQuery, useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { api, parseWith } from '../../../lib/api-client';
import {
  adminAwardingEventSchema,
  awardingEventsAnswerSchema,
  type AdminAwardingEvent,
  type awardingEventInputSchema,
} from '../../../shared/contracts/admin-programme';
import { adminAwardingKey, adminOfferingsKey } from './list-offerings';

/** GET /api/admin/awarding-events?seasonId= */
export const awardingEventsQueryOptions = (seasonId?: number) =>
  queryOptions({
    queryKey: [...adminAwardingKey, 'list', seasonId ?? 'all'],
    queryFn: () =>
      api
        .get('admin/awarding-events', { searchParams: seasonId ? { seasonId } : {} })
        .json()
        .then(parseWith(awardingEventsAnswerSchema)),
  });
export const useAwardingEvents = (seasonId?: number) => useQuery(awardingEventsQueryOptions(seasonId));

/** GET /api/admin/awarding-events/{id} */
export const awardingEventQueryOptions = (id: number) =>
  queryOptions({
    queryKey: [...adminAwardingKey, id, 'detail'],
    queryFn: () => api.get(`admin/awarding-events/${id}`).json().then(parseWith(adminAwardingEventSchema)),
  });
export const useAwardingEvent = (id: number) => useSuspenseQuery(awardingEventQueryOptions(id));

type Input = z.output<typeof awardingEventInputSchema>;

/** POST /api/admin/awarding-events, PUT …/{id}, POST …/{id}/publish, POST …/{id}/cancel */
export function useAwardingEventWrites() {
  const queryClient = useQueryClient();
  const invalidate = () =>
    Promise.all([queryClient.invalidateQueries({ queryKey: adminAwardingKey }), queryClient.invalidateQueries({ queryKey: adminOfferingsKey })]);
  return {
    save: useMutation({
      mutationFn: ({ event, input }: { event: AdminAwardingEvent | null; input: Input }) =>
        (event === null
          ? api.post('admin/awarding-events', { json: input, retry: 0 })
          : api.put(`admin/awarding-events/${event.id}`, { json: { ...input, version: event.version } })
        )
          .json()
          .then(parseWith(adminAwardingEventSchema)),
      onSettled: invalidate,
    }),
    publish: useMutation({
      mutationFn: (event: AdminAwardingEvent) =>
        api
          .post(`admin/awarding-events/${event.id}/publish`, { json: { version: event.version }, retry: 0 })
          .json()
          .then(parseWith(adminAwardingEventSchema)),
      onSettled: invalidate,
    }),
    /** POST …/{id}/cancel: its workshops are called off too; participants are mailed with the reason */
    cancel: useMutation({
      mutationFn: ({ event, reason }: { event: AdminAwardingEvent; reason: string }) =>
        api
          .post(`admin/awarding-events/${event.id}/cancel`, { json: { version: event.version, reason }, retry: 0 })
          .json()
          .then(parseWith(adminAwardingEventSchema)),
      onSettled: invalidate,
    }),
  };
}

import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api, parseWith } from '../../../lib/api-client';
import {
  trainingModuleSchema,
  trainingModulesAnswerSchema,
  type TrainingModule,
  type trainingModuleInputSchema,
} from '../../../shared/contracts/admin-programme';
import { adminModulesKey, adminOfferingsKey } from './list-offerings';

/** GET /api/admin/training-modules?seasonId= : the modules of a season (all when left out) */
export const trainingModulesQueryOptions = (seasonId?: number) =>
  queryOptions({
    queryKey: [...adminModulesKey, seasonId ?? 'all'],
    queryFn: () =>
      api
        .get('admin/training-modules', { searchParams: seasonId ? { seasonId } : {} })
        .json()
        .then(parseWith(trainingModulesAnswerSchema)),
  });
export const useTrainingModules = (seasonId?: number) => useQuery(trainingModulesQueryOptions(seasonId));

type Input = z.output<typeof trainingModuleInputSchema>;

/** POST /api/admin/training-modules, PUT …/{id} (with version), DELETE …/{id}?version= (only without events) */
export function useModuleWrites() {
  const queryClient = useQueryClient();
  const invalidate = () =>
    Promise.all([queryClient.invalidateQueries({ queryKey: adminModulesKey }), queryClient.invalidateQueries({ queryKey: adminOfferingsKey })]);
  return {
    save: useMutation({
      mutationFn: ({ module, input }: { module: TrainingModule | null; input: Input }) =>
        (module === null
          ? api.post('admin/training-modules', { json: input, retry: 0 })
          : api.put(`admin/training-modules/${module.id}`, { json: { ...input, version: module.version } })
        )
          .json()
          .then(parseWith(trainingModuleSchema)),
      onSettled: invalidate,
    }),
    remove: useMutation({
      mutationFn: (module: TrainingModule) =>
        api.delete(`admin/training-modules/${module.id}`, { searchParams: { version: module.version }, retry: 0 }),
      onSettled: invalidate,
    }),
  };
}

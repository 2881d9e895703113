import { queryOptions, useSuspenseQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { adminPersonDetailSchema, type AdminPersonDetail } from '../../../shared/contracts/admin-persons';
import { adminPersonsKey } from './list-persons';

export async function getAdminPerson(personId: number): Promise<AdminPersonDetail> {
  return adminPersonDetailSchema.parse(await api.get(`admin/persons/${personId}`).json());
}

export const adminPersonQueryOptions = (personId: number) =>
  queryOptions({ queryKey: [...adminPersonsKey, 'detail', personId], queryFn: () => getAdminPerson(personId) });

export const useAdminPerson = (personId: number) => useSuspenseQuery(adminPersonQueryOptions(personId));

import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { acListSchema, type AcList, type AcListCreate } from '../../../shared/contracts/active-campaign';

/** "Neue Liste anlegen": in the account of the connection test (URL and key as typed; an empty key: the stored one) */
export async function createAcList(input: AcListCreate): Promise<AcList> {
  return acListSchema.parse(await api.post('admin/active-campaign/lists', { json: input }).json());
}

export const useCreateAcList = () => useMutation({ mutationFn: createAcList });

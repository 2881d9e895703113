import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { personSchema, type Person, type PersonUpdate } from '../../../shared/contracts/persons';
import { adminPersonsKey } from './list-persons';

export async function updateAdminPerson({ id, input }: { id: number; input: PersonUpdate }): Promise<Person> {
  return personSchema.parse(await api.put(`admin/persons/${id}`, { json: input }).json());
}

export function useUpdateAdminPerson() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateAdminPerson,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminPersonsKey }),
  });
}

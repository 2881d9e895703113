import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api, parseWith } from '../../../lib/api-client';
import { templateSchema, type Template, type templateInputSchema } from '../../../shared/contracts/documentation-template';
import { templateQueryKey } from './get-template';
import { adminDocumentationKey } from './list-documentation';

export type TemplateInput = z.output<typeof templateInputSchema>;

/** PUT /api/admin/documentation/{seasonIdentifier}/template (admins only; `version` null when the season has none yet) */
export async function saveTemplate(seasonIdentifier: string, input: TemplateInput): Promise<Template> {
  return api.put(`admin/documentation/${seasonIdentifier}/template`, { json: input, retry: 0 }).json().then(parseWith(templateSchema));
}

export function useSaveTemplate(seasonIdentifier: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: TemplateInput) => saveTemplate(seasonIdentifier, input),
    onSuccess: (saved) => {
      queryClient.setQueryData(templateQueryKey(seasonIdentifier), saved);
      return queryClient.invalidateQueries({ queryKey: adminDocumentationKey(seasonIdentifier) });
    },
  });
}

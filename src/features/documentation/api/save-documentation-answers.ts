import { api, parseWith, QUIET_FAILURES } from '../../../lib/api-client';
import { autosaveResultSchema, type AutosaveInput, type AutosaveResult } from '../../../shared/contracts/documentation';

/**
 * PUT /api/facilities/{id}/documentation (autosave): only the changed keys with the version they are based on.
 * No ky retry and no shared notification: the autosave hook retries with its own backoff and the save state line
 * tells the user ("Nicht gespeichert – wir versuchen es weiter"). `keepalive` for the last try while the page unloads.
 */
export async function saveDocumentationAnswers(
  facilityId: number,
  input: AutosaveInput,
  options: { keepalive?: boolean } = {},
): Promise<AutosaveResult> {
  return api
    .put(`facilities/${facilityId}/documentation`, { json: input, retry: 0, context: QUIET_FAILURES, keepalive: options.keepalive })
    .json()
    .then(parseWith(autosaveResultSchema));
}

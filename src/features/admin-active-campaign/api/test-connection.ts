import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { acTestResultSchema, type AcTestResult } from '../../../shared/contracts/active-campaign';

/** "Verbindung testen": the URL and key as typed (the key may be empty: then the stored one) */
export async function testAcConnection(input: { url?: string; key?: string }): Promise<AcTestResult> {
  return acTestResultSchema.parse(await api.post('admin/active-campaign/test', { json: input }).json());
}

export const useTestAcConnection = () => useMutation({ mutationFn: testAcConnection });

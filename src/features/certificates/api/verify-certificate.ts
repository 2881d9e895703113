import { useMutation } from '@tanstack/react-query';
import { HTTPError } from 'ky';
import { api, getErrorReason, parseWith, QUIET_FAILURES } from '../../../lib/api-client';
import { UNKNOWN_CODE_MESSAGE, verifyAnswerSchema, type VerifyAnswer } from '../../../shared/contracts/certificates';

export type VerifyOutcome = { found: true; answer: VerifyAnswer } | { found: false; message: string };

/** GET /api/certificates/verify?code=…: a 404 is an answer ("Diesen Prüfcode kennen wir nicht."), not a failure */
export async function verifyCertificate(code: string): Promise<VerifyOutcome> {
  try {
    const answer = await api
      .get('certificates/verify', { searchParams: { code }, retry: 0, context: QUIET_FAILURES })
      .json()
      .then(parseWith(verifyAnswerSchema));
    return { found: true, answer };
  } catch (error) {
    if (error instanceof HTTPError && (error.response.status === 404 || error.response.status === 429 || error.response.status === 400))
      return { found: false, message: getErrorReason(error)?.message ?? UNKNOWN_CODE_MESSAGE };
    throw error;
  }
}

export const useVerifyCertificate = () => useMutation({ mutationFn: verifyCertificate });

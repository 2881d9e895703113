import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, parseWith } from '../../../lib/api-client';
import {
  adminCertificatesAnswerSchema,
  certificateTemplateSchema,
  issueCertificatesAnswerSchema,
  type CertificateTemplate,
} from '../../../shared/contracts/certificates';

export type AwardingFilter = number | 'ohne' | undefined;

export const adminCertificatesKey = (seasonIdentifier: string) => ['admin', 'certificates', seasonIdentifier] as const;

const searchOf = (seasonIdentifier: string, awardingEventId: AwardingFilter) => ({
  seasonIdentifier,
  ...(awardingEventId === undefined ? {} : { awardingEventId: String(awardingEventId) }),
});

/** GET /api/admin/certificates: the season's Urkunden (one awarding event, none, or all), in KiTa order */
export const adminCertificatesQueryOptions = (seasonIdentifier: string, awardingEventId: AwardingFilter) =>
  queryOptions({
    queryKey: [...adminCertificatesKey(seasonIdentifier), awardingEventId ?? 'alle'],
    queryFn: () =>
      api
        .get('admin/certificates', { searchParams: searchOf(seasonIdentifier, awardingEventId) })
        .json()
        .then(parseWith(adminCertificatesAnswerSchema)),
  });
export const useAdminCertificates = (seasonIdentifier: string, awardingEventId: AwardingFilter) =>
  useQuery(adminCertificatesQueryOptions(seasonIdentifier, awardingEventId));

export const batchPdfPath = (seasonIdentifier: string, awardingEventId: AwardingFilter) =>
  `/api/admin/certificates/batch.pdf?${new URLSearchParams(searchOf(seasonIdentifier, awardingEventId)).toString()}`;
export const adminCertificatePdfPath = (id: number) => `/api/admin/certificates/${id}.pdf`;
/** POST: "Vorschau" of the template the editor holds (saved or not) */
export const certificatePreviewPath = (seasonIdentifier: string) =>
  `/api/admin/certificates/preview.pdf?seasonIdentifier=${encodeURIComponent(seasonIdentifier)}`;

/** POST /api/admin/certificates/issue: "Urkunden erzeugen" */
export function useIssueCertificates(seasonIdentifier: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (awardingEventId: AwardingFilter) =>
      api
        .post('admin/certificates/issue', { json: { seasonIdentifier, ...(awardingEventId === undefined ? {} : { awardingEventId }) }, retry: 0 })
        .json()
        .then(parseWith(issueCertificatesAnswerSchema)),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminCertificatesKey(seasonIdentifier) }),
  });
}

export const certificateTemplateKey = (seasonIdentifier: string) => ['admin', 'certificate-template', seasonIdentifier] as const;

/** GET /api/admin/certificate-templates/{seasonIdentifier} */
export const certificateTemplateQueryOptions = (seasonIdentifier: string) =>
  queryOptions({
    queryKey: certificateTemplateKey(seasonIdentifier),
    queryFn: () => api.get(`admin/certificate-templates/${seasonIdentifier}`).json().then(parseWith(certificateTemplateSchema)),
  });
export const useCertificateTemplate = (seasonIdentifier: string) => useQuery(certificateTemplateQueryOptions(seasonIdentifier));

export type TemplateInput = Pick<CertificateTemplate, 'heading' | 'body' | 'signatures' | 'logoId' | 'version'>;

/** PUT /api/admin/certificate-templates/{seasonIdentifier} */
export function useSaveCertificateTemplate(seasonIdentifier: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: TemplateInput) =>
      api.put(`admin/certificate-templates/${seasonIdentifier}`, { json: input, retry: 0 }).json().then(parseWith(certificateTemplateSchema)),
    onSuccess: (saved) => {
      queryClient.setQueryData(certificateTemplateKey(seasonIdentifier), saved);
      return queryClient.invalidateQueries({ queryKey: adminCertificatesKey(seasonIdentifier) });
    },
  });
}

/** POST /api/admin/certificate-images: a logo or signature image (the server decodes and re-encodes it) */
export async function uploadCertificateImage(file: File): Promise<{ id: string }> {
  return api
    .post('admin/certificate-images', { body: file, headers: { 'content-type': 'application/octet-stream' }, retry: 0, timeout: 60_000 })
    .json<{ id: string }>();
}
export const certificateImageUrl = (id: string) => `/api/admin/certificate-images/${id}`;

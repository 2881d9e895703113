import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api, parseWith } from '../../../lib/api-client';
import { seasonReportSchema, type SeasonReport } from '../../../shared/contracts/season-report';

/** GET /api/admin/season-report/{seasonIdentifier}: the season's figures for the funders' report (issue 22) */
export async function getSeasonReport(seasonIdentifier: string): Promise<SeasonReport> {
  return api.get(`admin/season-report/${seasonIdentifier}`).json().then(parseWith(seasonReportSchema));
}

export const seasonReportQueryOptions = (seasonIdentifier: string) =>
  queryOptions({ queryKey: ['admin', 'season-report', seasonIdentifier], queryFn: () => getSeasonReport(seasonIdentifier) });

/**
 * The report of a season: the route's loader has it when the page is entered; while the KiTa-Jahr switch loads another
 * season the previous report stays on screen (marked as loading), so the page and the switch's focus stay
 */
export const useSeasonReport = (seasonIdentifier: string) =>
  useQuery({ ...seasonReportQueryOptions(seasonIdentifier), placeholderData: keepPreviousData });

/** the same figures as XLSX, one sheet per section (a download link, no fetch) */
export const seasonReportXlsxUrl = (seasonIdentifier: string) => `/api/admin/season-report/${seasonIdentifier}/export.xlsx`;

/** German numbers of the jury pages: 3,4 (one decimal), "–" for none */
export const scoreText = (value: number | null | undefined) =>
  value === null || value === undefined ? '–' : value.toLocaleString('de-DE', { minimumFractionDigits: 1, maximumFractionDigits: 1 });

/** the API's file and export addresses are relative to /api/ (or already absolute paths) */
export const apiHref = (path: string) => (path.startsWith('/') || /^https?:/.test(path) ? path : `/api/${path}`);

export const documentationApiPath = (seasonIdentifier: string, facilityId?: number) =>
  `/api/admin/documentation/${encodeURIComponent(seasonIdentifier)}${facilityId === undefined ? '' : `/${facilityId}`}`;

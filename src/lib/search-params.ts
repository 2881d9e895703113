/**
 * Query string of a list call or an export link: only the parameters that are set, in a stable order, so the same
 * filter gives the same URL (and the same React Query key).
 */
export function toSearchParams(values: Record<string, string | number | boolean | null | undefined>): URLSearchParams {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(values)) {
    if (value === undefined || value === null || value === '') continue;
    params.set(key, String(value));
  }
  return params;
}

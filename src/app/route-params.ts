import { notFound } from '@tanstack/react-router';
import { isHTTPError } from 'ky';
import { maxInt4 } from '../shared/contracts/limits';

const ID = /^[1-9]\d{0,9}$/;
const SEASON_IDENTIFIER = /^\d{4}-\d{2}$/;

/** seed §2: id route parameters are positive integers in the column's range, or null when they can't name a record. */
export function parseId(raw: string | undefined): number | null {
  if (raw === undefined || !ID.test(raw)) return null;
  const id = Number(raw);
  return id <= maxInt4 ? id : null;
}

/** A route parameter that can't name a record shows the not-found page (never the raw value). */
export function requireId(raw: string | undefined): number {
  const id = parseId(raw);
  if (id === null) throw notFound();
  return id;
}

/** A season in an address is its identifier (`2026-27`); anything else shows the not-found page. */
export function requireSeasonIdentifier(raw: string | undefined): string {
  if (raw === undefined || !SEASON_IDENTIFIER.test(raw)) throw notFound();
  return raw;
}

/** Builds the `params` option of a route with integer ids, e.g. `idParams('trainingEventId')`. */
export function idParams<K extends string>(...keys: K[]) {
  return {
    parse: (raw: Record<K, string>) => Object.fromEntries(keys.map((key) => [key, requireId(raw[key])])) as Record<K, number>,
    stringify: (params: Record<K, number>) => Object.fromEntries(keys.map((key) => [key, String(params[key])])) as Record<K, string>,
  };
}

/** The `params` option of a route below `/{seasonIdentifier}` (the documentation forms of a season). */
export const seasonParams = {
  parse: (raw: { seasonIdentifier: string }) => ({ seasonIdentifier: requireSeasonIdentifier(raw.seasonIdentifier) }),
  stringify: (params: { seasonIdentifier: string }) => ({ seasonIdentifier: params.seasonIdentifier }),
};

const facilityIdParams = idParams('facilityId');

/** … and of one KiTa's page below it (`/{seasonIdentifier}/{facilityId}`). */
export const seasonFacilityParams = {
  parse: (raw: { seasonIdentifier: string; facilityId: string }) => ({ ...seasonParams.parse(raw), ...facilityIdParams.parse(raw) }),
  stringify: (params: { seasonIdentifier: string; facilityId: number }) => ({
    ...seasonParams.stringify(params),
    ...facilityIdParams.stringify(params),
  }),
};

/**
 * For loaders of record pages: a 404 from the API means the record does not exist (or no longer does), so the
 * route shows its not-found component at once, with a way back, instead of the error page.
 */
export async function notFoundOn404<T>(load: Promise<T>): Promise<T> {
  try {
    return await load;
  } catch (error) {
    if (isHTTPError(error) && error.response.status === 404) throw notFound();
    throw error;
  }
}

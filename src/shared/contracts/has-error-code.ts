import type { ErrorCode } from './error-codes';

/**
 * true when an error reason carries the given code (the client's typed switch). A module of its own: error-codes.ts
 * gathers every module's catalogue when it is imported (9 KB gzip), and a form that only asks for a code (every page
 * with a form, through use-schema-form) must not load the catalogue with it.
 */
export const hasErrorCode = (reason: { code?: string } | null | undefined, code: ErrorCode): boolean => reason?.code === code;

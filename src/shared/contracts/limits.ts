/**
 * Number limits shared by the server's schemas and the client's address parsers, in a module without zod (the
 * client's route definitions load with every page, ADR 0006).
 */

/** the range of the `integer` columns (serial ids, versions): a larger number would fail in the database */
export const maxInt4 = 2_147_483_647;

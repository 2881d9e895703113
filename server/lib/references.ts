import type { SQL } from 'drizzle-orm';

/**
 * A module's answer to "does anything of yours refer to this KiTa / season?" (legacy-imports' undo keeps what gained
 * other data): a boolean SQL condition on the id expression `id`, written by the module over its own tables, so the
 * one asking never names another module's table.
 */
export type References = { facility?: (id: SQL) => SQL; season?: (id: SQL) => SQL };

const IDENTIFIER = /^(\d{4})-(\d{2})$/;

/**
 * SPEC §1 wording: a season reads "2026/27" in text; its identifier `2026-27` appears only in addresses and files.
 * Anything that is not an identifier comes back unchanged.
 */
export function seasonText(identifier: string): string {
  const match = IDENTIFIER.exec(identifier);
  return match ? `${match[1]}/${match[2]}` : identifier;
}

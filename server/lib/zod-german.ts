/**
 * Turns zod issues into German field texts. Messages written in the contracts are German already and win;
 * zod's English defaults are replaced by a generic German text per issue code.
 */
type Issue = {
  keyword: string;
  instancePath: string;
  message?: string;
  params?: Record<string, unknown>;
};

// zod 4's default texts start like this; anything else was written by us
export const englishDefault = /^(Invalid|Too (small|big)|Expected|Unrecognized|Required|Number must|String must)/;

function germanFor(issue: Issue): string {
  const p = issue.params ?? {};
  switch (issue.keyword) {
    case 'invalid_type':
      // zod 4 leaves the input out of issues; its default text names what it received
      return /received undefined/.test(issue.message ?? '') ? 'Pflichtfeld.' : 'Ungültiger Wert.';
    case 'too_small':
      if (p.origin === 'string') return Number(p.minimum) <= 1 ? 'Pflichtfeld.' : `Zu kurz (mindestens ${String(p.minimum)} Zeichen).`;
      if (p.origin === 'array' || p.origin === 'set') return `Bitte mindestens ${String(p.minimum)} auswählen.`;
      return `Zu klein (mindestens ${String(p.minimum)}).`;
    case 'too_big':
      if (p.origin === 'string') return `Zu lang (höchstens ${String(p.maximum)} Zeichen).`;
      if (p.origin === 'array' || p.origin === 'set') return `Bitte höchstens ${String(p.maximum)} auswählen.`;
      return `Zu groß (höchstens ${String(p.maximum)}).`;
    case 'invalid_format':
      if (p.format === 'email') return 'Ungültige E-Mail-Adresse.';
      if (p.format === 'url') return 'Ungültige Internetadresse.';
      if (p.format === 'uuid') return 'Ungültige Kennung.';
      return 'Ungültiges Format.';
    case 'invalid_value':
      return 'Bitte wähle einen der vorgegebenen Werte.';
    case 'unrecognized_keys':
      return 'Unbekanntes Feld.';
    case 'not_multiple_of':
      return 'Ungültiger Wert.';
    default:
      return 'Ungültiger Wert.';
  }
}

/** Keys are dotted paths (`address.street`); a body-level problem is keyed `_`. */
export function germanFields(issues: Issue[], prefix = ''): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of issues) {
    const path = issue.instancePath.replace(/^\//, '').split('/').filter(Boolean).join('.');
    const key = [prefix, path].filter(Boolean).join('.') || '_';
    if (fields[key]) continue; // first problem per field is enough for the form
    const own = issue.message && !englishDefault.test(issue.message) ? issue.message : undefined;
    fields[key] = own ?? germanFor(issue);
  }
  return fields;
}

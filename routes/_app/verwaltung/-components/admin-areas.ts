import { isJuryPath } from '../../../../src/features/access/access-rules';
import type { User } from '../../../../src/shared/contracts/auth';

/** The admin areas of seed §2, for the start page of /verwaltung. */
export const ADMIN_AREAS = [
  { to: '/verwaltung/kita-jahre', label: 'KiTa-Jahre', text: 'KiTa-Jahre anlegen, Anmeldung öffnen und schließen' },
  { to: '/verwaltung/fortbildungen', label: 'Fortbildungen', text: 'Fortbildungstermine und -module' },
  { to: '/verwaltung/hospitationen', label: 'Hospitationen', text: 'Hospitationen und ihre Anmeldungen' },
  { to: '/verwaltung/team-workshops', label: 'Team-Workshops', text: 'Anträge der KiTas annehmen, ablehnen und terminieren' },
  {
    to: '/verwaltung/auszeichnungsverantaltungen',
    label: 'Auszeichnungsveranstaltungen',
    text: 'Veranstaltungen, Workshops und Anmeldungen',
  },
  { to: '/verwaltung/urkunden', label: 'Urkunden', text: 'Urkunden der ausgezeichneten KiTas: Vorlage, Prüfcodes, Druck-PDF' },
  { to: '/verwaltung/kitas', label: 'KiTas', text: 'Alle KiTas und ihre Stammdaten' },
  { to: '/verwaltung/personen', label: 'Personen', text: 'Personal und Benutzerkonten' },
  { to: '/verwaltung/dokuboegen', label: 'Dokumentationsbögen', text: 'Dokumentationen prüfen und bewerten' },
  {
    to: '/verwaltung/auswertung',
    label: 'Auswertung',
    text: 'Die Zahlen eines KiTa-Jahres für den Sachbericht: Diagramme, Tabellen, XLSX und Druck',
  },
  { to: '/verwaltung/email-adressen', label: 'E-Mail-Adressen', text: 'Adresslisten zusammenstellen und exportieren' },
  { to: '/verwaltung/active-campaign-integration', label: 'ActiveCampaign-Integration', text: 'Anbindung an ActiveCampaign' },
  {
    to: '/verwaltung/datenpflege/migration-alte-manuelle-daten',
    label: 'Datenpflege',
    text: 'Alte manuelle Anmeldungen und Auszeichnungen übernehmen',
  },
  { to: '/verwaltung/datenpflege/aufbewahrung', label: 'Aufbewahrung und Löschung', text: 'Fristen, fällige Löschungen und der letzte Lauf' },
] as const;

/** The areas this user may open: all for admins, the documentation forms for jury members (issue 12). */
export function adminAreasFor(user: User | null) {
  if (user?.is_admin) return ADMIN_AREAS;
  return user?.isJury ? ADMIN_AREAS.filter((area) => isJuryPath(area.to)) : [];
}

import { List, Text } from '@mantine/core';
import { formatDateTime } from '../../lib/locale';
import { type AuditAction } from '../../shared/contracts/audit-actions';
import { type AuditEntryDto } from '../../shared/contracts/common';
import { fieldLabel } from '../../shared/field-labels';
import { DataTable, type DataTableColumn } from '../data-table/data-table';
import { useLocalPaging } from '../data-table/use-local-paging';

/**
 * German names of the audit actions (every catalogue entry has one, so a new action can't go unnamed);
 * names the catalogue doesn't know appear as written.
 */
const ACTIONS: Record<AuditAction, string> = {
  'facility.create': 'KiTa angelegt',
  'facility.update': 'Stammdaten geändert',
  'facility.admin_update': 'Stammdaten geändert (Verwaltung)',
  'facility.merge_into': 'Duplikat hierher zusammengeführt',
  'facility.merged_away': 'In andere KiTa zusammengeführt',
  'facility.remove_member': 'Zugang entfernt',
  'join_request.create': 'Beitrittsanfrage gestellt',
  'join_request.approve': 'Beitrittsanfrage angenommen',
  'join_request.decline': 'Beitrittsanfrage abgelehnt',
  'person.create': 'Person angelegt',
  'person.update': 'Person geändert',
  'person.remove': 'Person entfernt',
  'person.invite': 'Zu einem Konto eingeladen',
  'person.link_account': 'Mit Konto verknüpft',
  'season.create': 'KiTa-Jahr angelegt',
  'season.update': 'KiTa-Jahr geändert',
  'season.enrolment_open': 'Anmeldung geöffnet',
  'season.enrolment_close': 'Anmeldung geschlossen',
  'season.make_current': 'Zum aktuellen KiTa-Jahr gemacht',
  'season_enrolment.create': 'Zum KiTa-Jahr angemeldet',
  'season_enrolment.create_on_behalf': 'Zum KiTa-Jahr angemeldet (Verwaltung)',
  'season_enrolment.update': 'Anmeldung geändert',
  'season_enrolment.update_on_behalf': 'Anmeldung geändert (Verwaltung)',
  'season_enrolment.withdraw': 'Vom KiTa-Jahr abgemeldet',
  'season_enrolment.withdraw_on_behalf': 'Vom KiTa-Jahr abgemeldet (Verwaltung)',
  'account.create_first_admin': 'Erstes Admin-Konto angelegt',
  'account.register': 'Registriert',
  'account.activate': 'Konto aktiviert',
  'account.reset_password': 'Passwort zurückgesetzt',
  'account.update_profile': 'Name geändert',
  'account.request_email_change': 'Neue E-Mail-Adresse angefragt',
  'account.change_email': 'E-Mail-Adresse geändert',
  'account.change_password': 'Passwort geändert',
  'account.update_consents': 'Einwilligungen geändert',
  'account.export_data': 'Eigene Daten exportiert',
  'account.delete': 'Konto gelöscht',
  'account.enable_totp': 'Zweiten Faktor eingerichtet',
  'account.disable_totp': 'Zweiten Faktor ausgeschaltet',
  'account.renew_recovery_codes': 'Wiederherstellungscodes erneuert',
  'account.use_recovery_code': 'Wiederherstellungscode benutzt',
  'account.create': 'Konto angelegt (Verwaltung)',
  'account.resend_activation': 'Aktivierungslink erneut gesendet',
  'account.deactivate': 'Konto deaktiviert',
  'account.reactivate': 'Konto reaktiviert',
  'account.grant_admin': 'Verwaltungsrechte gegeben',
  'account.revoke_admin': 'Verwaltungsrechte entzogen',
  'account.grant_jury': 'In die Jury aufgenommen',
  'account.revoke_jury': 'Aus der Jury genommen',
  'session.start': 'Sitzung begonnen',
  'session.end': 'Sitzung beendet',
  'session.end_others': 'Andere Sitzungen beendet',
  'session.end_all': 'Sitzungen beendet',
  'privacy_policy.publish': 'Datenschutzerklärung veröffentlicht',
  'team_workshop_application.create': 'Team-Workshop beantragt',
  'team_workshop_application.update': 'Team-Workshop-Antrag geändert',
  'team_workshop_application.withdraw': 'Team-Workshop-Antrag zurückgezogen',
  'team_workshop_application.accept': 'Team-Workshop-Antrag angenommen',
  'team_workshop_application.decline': 'Team-Workshop-Antrag abgelehnt',
  'team_workshop_application.schedule': 'Team-Workshop terminiert',
  'season_enrolment.approve_for_award': 'Zur Auszeichnung zugelassen',
  'season_enrolment.revoke_award_approval': 'Zulassung zur Auszeichnung zurückgenommen',
  'training_module.create': 'Fortbildungsmodul angelegt',
  'training_module.update': 'Fortbildungsmodul geändert',
  'training_module.delete': 'Fortbildungsmodul gelöscht',
  'awarding_event.create': 'Auszeichnungsveranstaltung angelegt',
  'awarding_event.update': 'Auszeichnungsveranstaltung geändert',
  'awarding_event.publish': 'Auszeichnungsveranstaltung veröffentlicht',
  'awarding_event.cancel': 'Auszeichnungsveranstaltung abgesagt',
  'offering.create': 'Termin angelegt',
  'offering.update': 'Termin geändert',
  'offering.publish': 'Termin veröffentlicht',
  'offering.cancel': 'Termin abgesagt',
  'offering.copy': 'Termin kopiert',
  'offering_enrolment.create': 'Zu einem Termin angemeldet',
  'offering_enrolment.create_on_behalf': 'Zu einem Termin angemeldet (Verwaltung)',
  'offering_enrolment.cancel': 'Anmeldung zu einem Termin storniert',
  'offering_enrolment.cancel_by_admin': 'Anmeldung zu einem Termin storniert (Verwaltung)',
  'offering_enrolment.cancel_with_offering': 'Anmeldung storniert, weil der Termin abgesagt wurde',
  'offering_enrolment.confirm': 'Anmeldung bestätigt (Verwaltung)',
  'offering_enrolment.mark_attended': 'Teilnahme eingetragen',
  'offering_enrolment.move': 'Auf einen anderen Termin umgebucht',
  'offering_enrolment.promote': 'Von der Warteliste nachgerückt',
  'documentation_template.update': 'Vorlage des Dokumentationsbogens geändert',
  'documentation_template.copy': 'Vorlage des Dokumentationsbogens übernommen',
  'documentation_form.create': 'Dokumentationsbogen begonnen',
  'documentation_form.submit': 'Dokumentationsbogen eingereicht',
  'documentation_form.approve': 'Dokumentationsbogen angenommen',
  'documentation_form.return': 'Dokumentationsbogen zurückgegeben',
  'documentation_form.reject': 'Dokumentationsbogen abgelehnt',
  'documentation_form.edit_by_admin': 'Dokumentationsbogen von der Verwaltung geändert',
  'documentation_form.upload_file': 'Datei zum Dokumentationsbogen hochgeladen',
  'documentation_form.delete_file': 'Datei des Dokumentationsbogens gelöscht',
  'documentation_form.review': 'Bewertung der Jury abgegeben',
  'documentation_form.add_note': 'Interne Notiz zum Dokumentationsbogen',
  'facility.create_by_import': 'KiTa durch einen Import alter Daten angelegt',
  'facility.delete_by_import_undo': 'KiTa mit ihrem Import entfernt',
  'season.create_by_import': 'KiTa-Jahr durch einen Import alter Daten angelegt',
  'season.delete_by_import_undo': 'KiTa-Jahr mit seinem Import entfernt',
  'legacy_import.upload': 'Alte Daten hochgeladen',
  'legacy_import.update_mapping': 'Spaltenzuordnung des Imports geändert',
  'legacy_import.fix_match': 'KiTa einer Importzeile von Hand zugeordnet',
  'legacy_import.commit': 'Alte Daten importiert',
  'legacy_import.undo': 'Import rückgängig gemacht',
  'legacy_import.discard': 'Vorschau eines Imports verworfen',
  'email_list.create': 'E-Mail-Liste gespeichert',
  'email_list.update': 'E-Mail-Liste geändert',
  'email_list.delete': 'E-Mail-Liste gelöscht',
  'email_list.copy': 'E-Mail-Liste ins nächste KiTa-Jahr kopiert',
  'email_list.export': 'E-Mail-Adressen exportiert',
  'active_campaign_settings.update': 'ActiveCampaign-Einstellungen geändert',
  'active_campaign_run.start': 'ActiveCampaign-Synchronisierung gestartet',
  'active_campaign_list.create': 'ActiveCampaign-Liste angelegt',
  // issue 38: the season's end
  'season.prepare_next': 'Nächstes KiTa-Jahr vorbereitet',
  'retention.run': 'Aufbewahrungsfristen angewendet',
  'account.delete_by_retention': 'Konto gelöscht (Aufbewahrungsfrist)',
  'account.warn_by_retention': 'Vor Löschung wegen Inaktivität gewarnt',
};

const actionLabel = (action: string) => (ACTIONS as Record<string, string>)[action] ?? action;

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

function show(value: unknown): string {
  if (value === null || value === undefined || value === '') return '–';
  if (typeof value === 'boolean') return value ? 'ja' : 'nein';
  if (typeof value === 'string' && /^\d{4}-\d{2}-\d{2}(T.*)?$/.test(value))
    return value.length === 10 ? formatDateTime(value).slice(0, 10) : formatDateTime(value);
  if (Array.isArray(value)) return value.map(show).join(', ');
  return typeof value === 'object' ? JSON.stringify(value) : String(value);
}

/** "field: before → after" for every field the entry names, so an admin sees exactly what changed. */
export function AuditChanges({ before, after, entityType }: { before: unknown; after: unknown; entityType?: string }) {
  const b = isRecord(before) ? before : {};
  const a = isRecord(after) ? after : {};
  const keys = [...new Set([...Object.keys(b), ...Object.keys(a)])];
  if (keys.length === 0) return <Text size="sm">–</Text>;
  return (
    <List size="sm" spacing={2} listStyleType="none">
      {keys.map((key) => (
        <List.Item key={key}>
          <Text span fw={600} size="sm">
            {fieldLabel(key, entityType)}
          </Text>
          {': '}
          {key in b && key in a ? `${show(b[key])} → ${show(a[key])}` : key in a ? show(a[key]) : `${show(b[key])} (vorher)`}
        </List.Item>
      ))}
    </List>
  );
}

const columns: DataTableColumn<AuditEntryDto>[] = [
  { key: 'at', header: 'Wann', render: (e) => formatDateTime(e.at), width: 150 },
  { key: 'actor', header: 'Wer', render: (e) => e.actor?.name ?? 'unbekannt', width: 180 },
  { key: 'action', header: 'Was', render: (e) => actionLabel(e.action), width: 220 },
  { key: 'changes', header: 'Vorher → nachher', render: (e) => <AuditChanges before={e.before} after={e.after} entityType={e.entityType} /> },
];

/**
 * The record's history (audit log), newest first as the server sends it; all entries on one page until the
 * admin picks fewer rows per page (paged here: the server sends the whole history).
 */
export function AuditHistory({ entries, caption = 'Verlauf' }: { entries: AuditEntryDto[]; caption?: string }) {
  const paging = useLocalPaging(entries, 0);
  return <DataTable caption={caption} columns={columns} {...paging} emptyText="Noch keine Änderungen aufgezeichnet." minWidth={800} />;
}

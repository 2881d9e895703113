import { List, Text } from '@mantine/core';
import { formatDateTime } from '../../lib/locale';
import { type AuditEntryDto } from '../../shared/contracts/common';
import { fieldLabel } from '../../shared/field-labels';
import { DataTable, type DataTableColumn } from '../data-table/data-table';
import { useLocalPaging } from '../data-table/use-local-paging';

/** German names of the audit actions the admin screens show; unknown ones appear as written. */
const ACTIONS: Record<string, string> = {
  'facility.create': 'KiTa angelegt',
  'facility.update': 'Stammdaten geändert',
  'facility.admin_update': 'Stammdaten geändert (Verwaltung)',
  'facility.merge_into': 'Duplikat hierher zusammengeführt',
  'facility.merged_away': 'In andere KiTa zusammengeführt',
  'facility.member.remove': 'Zugang entfernt',
  'facility.join_request.create': 'Beitrittsanfrage gestellt',
  'facility.join_request.approve': 'Beitrittsanfrage angenommen',
  'facility.join_request.decline': 'Beitrittsanfrage abgelehnt',
  'person.create': 'Person angelegt',
  'person.update': 'Person geändert',
  'person.remove': 'Person entfernt',
  'person.invite': 'Zu einem Konto eingeladen',
  'person.link_account': 'Mit Konto verknüpft',
  'season_enrolment.create': 'Zum KiTa-Jahr angemeldet',
  'season_enrolment.create_on_behalf': 'Zum KiTa-Jahr angemeldet (Verwaltung)',
  'season_enrolment.update': 'Anmeldung geändert',
  'season_enrolment.update_on_behalf': 'Anmeldung geändert (Verwaltung)',
  'season_enrolment.withdraw': 'Vom KiTa-Jahr abgemeldet',
  'season_enrolment.withdraw_on_behalf': 'Vom KiTa-Jahr abgemeldet (Verwaltung)',
  admin_create_user: 'Konto angelegt (Verwaltung)',
  admin_resend_activation: 'Aktivierungslink erneut gesendet',
  admin_deactivate_user: 'Konto deaktiviert',
  admin_reactivate_user: 'Konto reaktiviert',
  admin_end_sessions: 'Sitzungen beendet',
  admin_grant_admin: 'Verwaltungsrechte gegeben',
  admin_revoke_admin: 'Verwaltungsrechte entzogen',
};

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

function show(value: unknown): string {
  if (value === null || value === undefined || value === '') return '–';
  if (typeof value === 'boolean') return value ? 'ja' : 'nein';
  if (typeof value === 'string' && /^\d{4}-\d{2}-\d{2}(T.*)?$/.test(value)) return value.length === 10 ? formatDateTime(value).slice(0, 10) : formatDateTime(value);
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
  { key: 'action', header: 'Was', render: (e) => ACTIONS[e.action] ?? e.action, width: 220 },
  { key: 'changes', header: 'Vorher → nachher', render: (e) => <AuditChanges before={e.before} after={e.after} entityType={e.entity_type} /> },
];

/**
 * The record's history (audit log), newest first as the server sends it; all entries on one page until the
 * admin picks fewer rows per page (paged here: the server sends the whole history).
 */
export function AuditHistory({ entries, caption = 'Verlauf' }: { entries: AuditEntryDto[]; caption?: string }) {
  const paging = useLocalPaging(entries, 0);
  return (
    <DataTable
      caption={caption}
      columns={columns}
      {...paging}
      emptyText="Noch keine Änderungen aufgezeichnet."
      minWidth={800}
    />
  );
}

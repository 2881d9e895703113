import { List, Text } from '@mantine/core';
import { formatDateTime } from '../../lib/locale';
import { auditActionLabel } from '../../shared/contracts/audit-actions';
import { type AuditEntryDto } from '../../shared/contracts/common';
import { fieldLabel } from '../../shared/field-labels';
import { DataTable, type DataTableColumn } from '../data-table/data-table';
import { useLocalPaging } from '../data-table/use-local-paging';

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
  { key: 'action', header: 'Was', render: (e) => auditActionLabel(e.action), width: 220 },
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

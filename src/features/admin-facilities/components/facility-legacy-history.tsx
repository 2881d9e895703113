import { Title } from '@mantine/core';
import { DataTable, type DataTableColumn } from '../../../components/data-table/data-table';
import { AnchorLink } from '../../../components/links/anchor-link';
import { formatDate } from '../../../lib/locale';
import type { LegacyHistory } from '../../../shared/contracts/legacy-imports';
import { useFacilityLegacyHistory } from '../api/get-legacy-history';

type Item = LegacyHistory['items'][number];

const columns: DataTableColumn<Item>[] = [
  { key: 'seasonLabel', header: 'KiTa-Jahr' },
  { key: 'enrolled', header: 'angemeldet', render: (i) => (i.enrolled ? 'ja' : 'nein') },
  { key: 'awarded', header: 'ausgezeichnet', render: (i) => (i.awarded ? 'ja' : 'nein') },
  {
    key: 'importedAt',
    header: 'Quelle',
    render: (i) => (
      <AnchorLink to="/verwaltung/datenpflege/migration-alte-manuelle-daten/listenansicht" search={{ importId: i.importId }} fz="inherit">
        aus Import vom {formatDate(i.importedAt)}
      </AnchorLink>
    ),
  },
];

/** issue 24: the KiTa's years before the portal, from imported legacy data; nothing shows while there is none */
export function FacilityLegacyHistory({ facilityId }: { facilityId: number }) {
  const history = useFacilityLegacyHistory(facilityId);
  const items = history.data?.items ?? [];
  if (items.length === 0) return null;
  return (
    <>
      <Title order={2} size="h4" mt="xl" mb="xs">
        Frühere KiTa-Jahre (alte Daten)
      </Title>
      <DataTable
        caption="Frühere KiTa-Jahre aus importierten alten Daten"
        columns={columns}
        rows={items}
        total={items.length}
        page={1}
        pageSize={0}
        getRowKey={(i) => i.seasonIdentifier}
      />
    </>
  );
}

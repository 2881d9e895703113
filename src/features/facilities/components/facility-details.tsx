import { Anchor, DataList, SimpleGrid } from '@mantine/core';
import { DataListItem } from '../../../components/data-list/data-list-item';
import { formatAddress } from '../../../lib/locale';
import type { Facility } from '../../../shared/contracts/facilities';
import { shownOrNotGiven } from '../../../shared/contracts/facility-lists';
import { FACILITY_FIELD_LABELS as L } from './facility-field-labels';

const dash = (value: string | number | null) => (value === null || value === '' ? '—' : String(value));

/** Read-only master data in two columns (label left, value right). */
export function FacilityDetails({ facility }: { facility: Facility }) {
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} spacing="xl">
      <DataList labelWidth="12rem" withDivider>
        <DataListItem label={L.label} value={facility.label} />
        <DataListItem label={L.kind} value={shownOrNotGiven(facility.kind)} />
        <DataListItem label="Anschrift" value={formatAddress(facility)} />
        <DataListItem label={L.region} value={facility.region} />
        <DataListItem
          label="Träger"
          value={
            facility.operatorName ? `${facility.operatorName} (${shownOrNotGiven(facility.operatorKind)})` : shownOrNotGiven(facility.operatorKind)
          }
        />
      </DataList>
      <DataList labelWidth="12rem" withDivider>
        <DataListItem label={L.phone} value={dash(facility.phone)} />
        <DataListItem
          label={L.email}
          value={
            facility.email ? (
              <Anchor href={`mailto:${facility.email}`} fz="inherit">
                {facility.email}
              </Anchor>
            ) : (
              '—'
            )
          }
        />
        <DataListItem
          label={L.website}
          value={
            facility.website ? (
              <Anchor href={facility.website} target="_blank" rel="noopener noreferrer" fz="inherit" style={{ wordBreak: 'break-all' }}>
                {facility.website}
              </Anchor>
            ) : (
              '—'
            )
          }
        />
        <DataListItem label={L.childrenCount} value={dash(facility.childrenCount)} />
        <DataListItem label={L.staffCount} value={dash(facility.staffCount)} />
      </DataList>
    </SimpleGrid>
  );
}

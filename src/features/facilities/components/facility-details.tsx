import { Anchor, DataList, SimpleGrid } from '@mantine/core';
import type { ReactNode } from 'react';
import type { Facility } from '../../../shared/contracts/facilities';
import { FACILITY_FIELD_LABELS as L } from './facility-field-labels';

const dash = (value: string | number | null) => (value === null || value === '' ? '—' : String(value));

/** Read-only master data in two columns (label left, value right). */
export function FacilityDetails({ facility }: { facility: Facility }) {
  const item = (label: string, value: ReactNode) => (
    <DataList.Item>
      <DataList.ItemLabel>{label}</DataList.ItemLabel>
      <DataList.ItemValue>{value}</DataList.ItemValue>
    </DataList.Item>
  );
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} spacing="xl">
      <DataList labelWidth="12rem" withDivider>
        {item(L.label, facility.label)}
        {item(L.kind, facility.kind)}
        {item('Anschrift', `${facility.street}, ${facility.postalCode} ${facility.city}`)}
        {item(L.region, facility.region)}
        {item('Träger', facility.operatorName ? `${facility.operatorName} (${facility.operatorKind})` : dash(facility.operatorKind))}
      </DataList>
      <DataList labelWidth="12rem" withDivider>
        {item(L.phone, dash(facility.phone))}
        {item(
          L.email,
          facility.email ? (
            <Anchor href={`mailto:${facility.email}`} fz="inherit">
              {facility.email}
            </Anchor>
          ) : (
            '—'
          ),
        )}
        {item(
          L.website,
          facility.website ? (
            <Anchor href={facility.website} target="_blank" rel="noopener noreferrer" fz="inherit" style={{ wordBreak: 'break-all' }}>
              {facility.website}
            </Anchor>
          ) : (
            '—'
          ),
        )}
        {item(L.childrenCount, dash(facility.childrenCount))}
        {item(L.staffCount, dash(facility.staffCount))}
      </DataList>
    </SimpleGrid>
  );
}

import { Stack, Table, Text, Title } from '@mantine/core';
import { useId } from 'react';
import { formatTimeSpan } from '../../../lib/locale';
import { useHospitationVisits } from '../api/get-hospitation-visits';
import { stateText } from './offering-texts';
import { TableScrollRegion } from '../../../components/data-table/table-scroll-region';

/** "Bei uns zu Gast": a host KiTa sees who visits it; nothing at all for KiTas that host no hospitation. */
export function HospitationVisits({ facilityId }: { facilityId: number }) {
  const { data } = useHospitationVisits(facilityId);
  const captionId = useId();
  if (!data || data.hospitations.length === 0) return null;
  return (
    <Stack gap="sm" component="section" aria-labelledby="bei-uns-zu-gast">
      <Title order={2} fz="h3" id="bei-uns-zu-gast">
        Bei uns zu Gast
      </Title>
      {data.hospitations.map((h) => (
        <Stack key={h.offeringId} gap={4}>
          <TableScrollRegion minWidth={480} labelledBy={`${captionId}-${h.offeringId}`}>
            <Table striped captionSide="top">
              <Table.Caption id={`${captionId}-${h.offeringId}`} style={{ textAlign: 'left' }}>
                <Text span fw={600}>
                  {h.title}
                </Text>{' '}
                – {formatTimeSpan(h.startsAt, h.endsAt)}
                {h.state === 'cancelled' ? ' (abgesagt)' : ''}, {h.capacity} Plätze
              </Table.Caption>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">KiTa</Table.Th>
                  <Table.Th scope="col">Person</Table.Th>
                  <Table.Th scope="col">Status</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {h.visitors.length === 0 ? (
                  <Table.Tr>
                    <Table.Td colSpan={3}>Noch niemand angemeldet.</Table.Td>
                  </Table.Tr>
                ) : (
                  h.visitors.map((v, i) => (
                    <Table.Tr key={i}>
                      <Table.Td>{v.facilityLabel}</Table.Td>
                      <Table.Td>{v.personName}</Table.Td>
                      <Table.Td>{stateText(v.state, v.waitlistPosition)}</Table.Td>
                    </Table.Tr>
                  ))
                )}
              </Table.Tbody>
            </Table>
          </TableScrollRegion>
        </Stack>
      ))}
    </Stack>
  );
}

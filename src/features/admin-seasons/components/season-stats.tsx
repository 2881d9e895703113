import { Group, Loader, SimpleGrid, Table, Text, Title } from '@mantine/core';
import { type SeasonChoice } from '../../../shared/contracts/admin-seasons';
import { useSeasonStats } from '../api/get-season-stats';
import { seasonText } from '../../../shared/season-text';
import { shownOrNotGiven } from '../../../shared/contracts/facility-lists';

function CountTable({ caption, head, rows }: { caption: string; head: string; rows: { name: string; count: number }[] }) {
  return (
    <Table captionSide="top" withTableBorder striped>
      <Table.Caption>{caption}</Table.Caption>
      <Table.Thead>
        <Table.Tr>
          <Table.Th scope="col">{head}</Table.Th>
          <Table.Th scope="col" ta="right">
            KiTas
          </Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {rows.length === 0 ? (
          <Table.Tr>
            <Table.Td colSpan={2}>Noch keine Anmeldungen.</Table.Td>
          </Table.Tr>
        ) : (
          rows.map((row) => (
            <Table.Tr key={row.name}>
              <Table.Td>{row.name}</Table.Td>
              <Table.Td ta="right">{row.count}</Table.Td>
            </Table.Tr>
          ))
        )}
      </Table.Tbody>
    </Table>
  );
}

/** The season's numbers at a glance: enrolled KiTas by region and by kind. */
export function SeasonStatsPanel({ season }: { season: Pick<SeasonChoice, 'id' | 'identifier'> }) {
  const { data, isPending, isError } = useSeasonStats(season.id);
  return (
    <section aria-labelledby="season-stats-heading">
      <Title order={2} size="h3" id="season-stats-heading" mb="xs">
        Zahlen für {seasonText(season.identifier)}
      </Title>
      {isPending && (
        <Group gap="xs" role="status">
          <Loader size="xs" /> <Text size="sm">Zahlen werden geladen …</Text>
        </Group>
      )}
      {isError && <Text c="red">Die Zahlen konnten nicht geladen werden.</Text>}
      {data && (
        <>
          <Text mb="sm">
            {data.enrolled} KiTas angemeldet, {data.withdrawn} abgemeldet.
          </Text>
          <SimpleGrid cols={{ base: 1, md: 2 }}>
            <CountTable
              caption="Nach Regierungsbezirk"
              head="Regierungsbezirk"
              rows={data.byRegion.map((r) => ({ name: r.region, count: r.count }))}
            />
            <CountTable
              caption="Nach Art der Einrichtung"
              head="Art"
              rows={data.byKind.map((k) => ({ name: shownOrNotGiven(k.kind), count: k.count }))}
            />
          </SimpleGrid>
        </>
      )}
    </section>
  );
}

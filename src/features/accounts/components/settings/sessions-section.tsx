import { Badge, Button, Group, Loader, Table, Text } from '@mantine/core';
import { useId } from 'react';
import { reportError } from '../../../../lib/api-client';
import { TableScrollRegion } from '../../../../components/data-table/table-scroll-region';
import { notify } from '../../../../lib/notifications';
import type { SessionInfo } from '../../../../shared/contracts/accounts';
import { useEndOtherSessionsMutation } from '../../api/end-other-sessions';
import { useSessions } from '../../api/get-sessions';
import { formatDateTime } from '../../format';
import { SettingsSection } from './settings-section';

/** A readable device name from the User-Agent; the full string stays in the title for the curious. */
export function describeDevice(userAgent: string | null): string {
  if (!userAgent) return 'Unbekanntes Gerät';
  const browser = /Edg\//.test(userAgent)
    ? 'Edge'
    : /Firefox\//.test(userAgent)
      ? 'Firefox'
      : /Chrome\/|Chromium\//.test(userAgent)
        ? 'Chrome'
        : /Safari\//.test(userAgent)
          ? 'Safari'
          : 'Browser';
  const system = /Windows/.test(userAgent)
    ? 'Windows'
    : /Android/.test(userAgent)
      ? 'Android'
      : /iPhone|iPad/.test(userAgent)
        ? 'iOS'
        : /Mac OS X/.test(userAgent)
          ? 'macOS'
          : /Linux/.test(userAgent)
            ? 'Linux'
            : '';
  return system ? `${browser} unter ${system}` : browser;
}

function Row({ session }: { session: SessionInfo }) {
  return (
    <Table.Tr>
      <Table.Td title={session.userAgent ?? undefined}>
        <Group gap="xs">
          {describeDevice(session.userAgent)}
          {session.current && (
            <Badge color="green" variant="light">
              Diese Sitzung
            </Badge>
          )}
        </Group>
      </Table.Td>
      <Table.Td>{session.ip ?? '–'}</Table.Td>
      <Table.Td>{formatDateTime(session.createdAt)}</Table.Td>
      <Table.Td>{formatDateTime(session.lastSeenAt)}</Table.Td>
    </Table.Tr>
  );
}

export function SessionsSection() {
  const sessions = useSessions();
  const endOthers = useEndOtherSessionsMutation();
  const others = (sessions.data?.items ?? []).filter((s) => !s.current).length;
  const captionId = useId();

  return (
    <SettingsSection title="Aktive Sitzungen">
      <Text size="sm">Hier bist du gerade angemeldet. Kennst du eine Sitzung nicht, beende alle anderen und ändere dein Passwort.</Text>
      {sessions.isPending && <Loader size="sm" role="status" aria-label="Sitzungen werden geladen" />}
      {sessions.isError && <Text c="red.8">Die Sitzungen konnten nicht geladen werden.</Text>}
      {sessions.data && (
        <TableScrollRegion minWidth={520} labelledBy={captionId}>
          <Table striped captionSide="top">
            <Table.Caption id={captionId}>Deine aktiven Sitzungen</Table.Caption>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Gerät</Table.Th>
                <Table.Th>IP-Adresse</Table.Th>
                <Table.Th>Angemeldet seit</Table.Th>
                <Table.Th>Zuletzt aktiv</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {sessions.data.items.map((session) => (
                <Row key={session.id} session={session} />
              ))}
            </Table.Tbody>
          </Table>
        </TableScrollRegion>
      )}
      <Group>
        <Button
          variant="default"
          disabled={others === 0}
          loading={endOthers.isPending}
          onClick={() =>
            void endOthers.mutateAsync().then(
              (answer) => notify({ message: answer.msg }),
              (error: unknown) => reportError(error, 'Die anderen Sitzungen konnten nicht beendet werden.'),
            )
          }
        >
          Alle anderen beenden
        </Button>
      </Group>
    </SettingsSection>
  );
}

import { Stack, Text, Title } from '@mantine/core';
import { JoinRequestsTable } from '../../../components/join-requests/join-requests-table';
import { useDecideJoinRequest } from '../api/decide-join-request';
import { useJoinRequests } from '../api/get-join-requests';

/** Open requests of people who want access to the KiTa (from the duplicate hint on /neue-kita). */
export function JoinRequestsSection({ facilityId }: { facilityId: number }) {
  const { data } = useJoinRequests(facilityId);
  const pending = data.filter((r) => r.state === 'pending');
  const decide = useDecideJoinRequest(facilityId);

  return (
    <Stack gap="sm">
      <Title order={2} size="h3">
        Offene Zugangsanfragen
      </Title>
      {pending.length === 0 ? <Text size="sm">Keine offenen Anfragen.</Text> : <JoinRequestsTable requests={pending} decide={decide} />}
    </Stack>
  );
}

import { Paper, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { JoinRequestsTable } from '../../../components/join-requests/join-requests-table';
import type { JoinRequest } from '../../../shared/contracts/facilities';
import { useDecideJoinRequestAsAdmin } from '../api/decide-join-request';

type Props = { facilityId: number; requests: JoinRequest[] };

/**
 * The KiTa's open join requests, above the tabs because they wait for someone to act (a KiTa without members has
 * only the admins to decide). Nothing is shown when none were open on arrival; once shown, the box stays after the
 * last decision (saying so) instead of vanishing under the admin's pointer. Decided requests are in the history.
 */
export function FacilityJoinRequests({ facilityId, requests }: Props) {
  const decide = useDecideJoinRequestAsAdmin(facilityId);
  const pending = requests.filter((r) => r.state === 'pending');
  const [shown] = useState(pending.length > 0);
  if (!shown) return null;
  return (
    <Paper component="section" aria-labelledby="facility-join-requests" withBorder p="md" mb="lg">
      <Stack gap="xs">
        <Title id="facility-join-requests" order={2} size="h4">
          Offene Zugangsanfragen
        </Title>
        {pending.length === 0 ? (
          <Text size="sm">Keine offenen Anfragen mehr.</Text>
        ) : (
          <>
            <Text size="sm" c="dimmed">
              Wen du annimmst, bekommt Zugriff auf die KiTa und steht danach bei den Mitgliedern.
            </Text>
            <JoinRequestsTable requests={pending} decide={decide} />
          </>
        )}
      </Stack>
    </Paper>
  );
}

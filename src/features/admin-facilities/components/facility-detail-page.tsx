import { Alert, Button, Group, Stack, Tabs, Text } from '@mantine/core';
import { useState } from 'react';
import { AuditHistory } from '../../../components/audit-history/audit-history';
import { PageHeading } from '../../../components/layout/page-heading';
import { AnchorLink } from '../../../components/links/anchor-link';
import { useQueryClient } from '@tanstack/react-query';
import { FacilityForm } from '../../../components/entity-forms/facility-form';
import { notify } from '../../../lib/notifications';
import { adminFacilityQueryOptions, useAdminFacility } from '../api/get-facility';
import { useUpdateAdminFacility } from '../api/update-facility';
import { FacilityEnrolments } from './facility-enrolments';
import { useFacilityLegacyHistory } from '../api/get-legacy-history';
import { FacilityLegacyHistory } from './facility-legacy-history';
import { FacilityProgramme } from './facility-programme';
import { FacilityTeamWorkshops } from './facility-team-workshops';
import { FacilityJoinRequests } from './facility-join-requests';
import { FacilityMasterView } from './facility-master-view';
import { MembersTable, PersonsTable } from './facility-people-tables';
import { MergeDialog } from './merge-dialog';
import { useEditMode } from '../../../components/forms/use-edit-mode';

type Props = {
  facilityId: number;
  currentSeason: { id: number; identifier: string } | null;
  onMerged: (targetId: number) => void;
};

/** /verwaltung/kitas/{id}: open join requests, master data (edit), members, staff, enrolments over the years (season, team workshops, programme), history; merge. */
export function FacilityDetailPage({ facilityId, currentSeason, onMerged }: Props) {
  const { data: detail } = useAdminFacility(facilityId);
  const { editing, setEditing, openerRef } = useEditMode();
  const [merging, setMerging] = useState(false);
  const update = useUpdateAdminFacility();
  const queryClient = useQueryClient();
  const f = detail.facility;
  const closed = detail.mergedIntoId !== null;
  // the KiTa-Jahre before the portal that imported legacy data records as enrolled: counted with the portal's, so the
  // tab, the table's empty text and the history below tell one story (issue 34: "Anmeldungen (0) – Noch nie angemeldet"
  // stood above the imported seasons)
  const earlierSeasons = useFacilityLegacyHistory(f.id).data?.items.filter((i) => i.enrolled).length ?? 0;

  return (
    <>
      <Group justify="space-between" align="flex-start">
        <div>
          <PageHeading>{f.label}</PageHeading>
          <Text c="dimmed" mt={-12} mb="md">{`KiTa Nr. ${f.id} · ${f.postalCode} ${f.city}`}</Text>
        </div>
        <Group gap="xs">
          <AnchorLink to="/verwaltung/kitas">Zur Liste aller KiTas</AnchorLink>
          {!closed && (
            <Button variant="default" onClick={() => setMerging(true)}>
              Mit Duplikat zusammenführen
            </Button>
          )}
        </Group>
      </Group>
      {detail.mergedIntoId !== null && (
        <Alert color="gray" mb="md" title="Zusammengeführt">
          Diese KiTa wurde mit einer anderen zusammengeführt:{' '}
          <AnchorLink to="/verwaltung/kitas/$facilityId" params={{ facilityId: detail.mergedIntoId }}>
            {`KiTa Nr. ${detail.mergedIntoId}`}
          </AnchorLink>
        </Alert>
      )}
      {!closed && <FacilityJoinRequests facilityId={f.id} requests={detail.joinRequests} />}
      <Tabs defaultValue="stammdaten" keepMounted={false}>
        <Tabs.List mb="md">
          <Tabs.Tab value="stammdaten">Stammdaten</Tabs.Tab>
          <Tabs.Tab value="personen">{`Mitglieder und Personal (${detail.members.length}/${detail.persons.length})`}</Tabs.Tab>
          <Tabs.Tab value="anmeldungen">{`Anmeldungen (${detail.enrolments.length + earlierSeasons})`}</Tabs.Tab>
          <Tabs.Tab value="verlauf">Verlauf</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="stammdaten">
          {editing ? (
            <FacilityForm
              facility={f}
              aria-label="Stammdaten bearbeiten"
              submitLabel="Stammdaten speichern"
              onCancel={() => setEditing(false)}
              onReload={async () => (await queryClient.fetchQuery({ ...adminFacilityQueryOptions(f.id), staleTime: 0 })).facility}
              onSubmit={async (input, version) => {
                await update.mutateAsync({ id: f.id, input: { ...input, version: version ?? f.version } });
                notify({ message: 'Die Stammdaten sind gespeichert.' });
                setEditing(false);
              }}
            />
          ) : (
            <Stack gap="sm">
              <FacilityMasterView facility={f} />
              {!closed && (
                <Group>
                  <Button ref={openerRef} variant="default" onClick={() => setEditing(true)}>
                    Stammdaten bearbeiten
                  </Button>
                </Group>
              )}
            </Stack>
          )}
        </Tabs.Panel>
        <Tabs.Panel value="personen">
          <Stack gap="xl">
            <AnchorLink to="/verwaltung/personen" search={{ facilityId: f.id, includeRemoved: 'yes' }}>
              Personal dieser KiTa in der Personenliste öffnen
            </AnchorLink>
            <MembersTable members={detail.members} />
            <PersonsTable persons={detail.persons} />
          </Stack>
        </Tabs.Panel>
        <Tabs.Panel value="anmeldungen">
          <FacilityEnrolments detail={detail} currentSeason={currentSeason} earlierSeasons={earlierSeasons} />
          <FacilityTeamWorkshops detail={detail} />
          <FacilityProgramme facilityId={f.id} />
          <FacilityLegacyHistory facilityId={f.id} />
        </Tabs.Panel>
        <Tabs.Panel value="verlauf">
          <AuditHistory entries={detail.history} caption="Verlauf der KiTa (neueste zuerst)" />
        </Tabs.Panel>
      </Tabs>
      <MergeDialog detail={detail} opened={merging} onClose={() => setMerging(false)} onMerged={onMerged} />
    </>
  );
}

import { Badge, Button, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { type ReactNode } from 'react';
import { AuditHistory } from '../../../components/audit-history/audit-history';
import { PageHeading } from '../../../components/layout/page-heading';
import { AnchorLink } from '../../../components/links/anchor-link';
import { formatDateTime } from '../../../lib/locale';
import { type AdminPersonDetail } from '../../../shared/contracts/admin-persons';
import { useAdminPerson } from '../api/get-person';
import { PersonForm } from '../../../components/entity-forms/person-form';
import { notify } from '../../../lib/notifications';
import { useUpdateAdminPerson } from '../api/update-person';
import { useEditMode } from '../../../components/forms/use-edit-mode';

type Props = {
  personId: number;
  /** the account part comes from the accounts feature; the route puts it in */
  renderAccount: (detail: AdminPersonDetail) => ReactNode;
};

/** /verwaltung/personen/{id}: the staff entry (edit), its KiTa, its account with the account actions, history. */
export function PersonDetailPage({ personId, renderAccount }: Props) {
  const { data: detail } = useAdminPerson(personId);
  const { editing, setEditing, openerRef } = useEditMode();
  const update = useUpdateAdminPerson();
  const p = detail.person;

  return (
    <>
      <Group justify="space-between" align="flex-start">
        <PageHeading>{`${p.firstName} ${p.lastName}`}</PageHeading>
        <AnchorLink to="/verwaltung/personen">Zur Liste aller Personen</AnchorLink>
      </Group>
      <Stack gap="xl">
        <section aria-labelledby="person-data">
          <Title order={2} size="h3" id="person-data" mb="xs">
            Personal-Eintrag
          </Title>
          {editing ? (
            <PersonForm
              person={p}
              aria-label="Person bearbeiten"
              submitLabel="Person speichern"
              onCancel={() => setEditing(false)}
              onSubmit={async (input) => {
                await update.mutateAsync({ id: p.id, input: { ...input, version: p.version } });
                notify({ message: 'Die Person ist gespeichert.' });
                setEditing(false);
              }}
            />
          ) : (
            <Stack gap="xs">
              <SimpleGrid cols={{ base: 1, md: 3 }}>
                <Text>{`${p.salutation} ${p.firstName} ${p.lastName}`}</Text>
                <Text>{p.position}</Text>
                <Text>
                  {'KiTa: '}
                  <AnchorLink to="/verwaltung/kitas/$facilityId" params={{ facilityId: detail.facility.id }}>
                    {detail.facility.label}
                  </AnchorLink>
                </Text>
                <Text>{`E-Mail: ${p.email || '–'}`}</Text>
                <Text>{`Telefon: ${p.phone || '–'}`}</Text>
                {p.removedAt && <Badge color="gray" variant="light">{`aus dem Personal entfernt am ${formatDateTime(p.removedAt)}`}</Badge>}
              </SimpleGrid>
              <Text
                size="sm"
                c="dimmed"
              >{`Zuletzt geändert am ${formatDateTime(p.updatedAt)}${p.updatedBy ? ` von ${p.updatedBy.name}` : ''}.`}</Text>
              <Group>
                <Button ref={openerRef} variant="default" onClick={() => setEditing(true)}>
                  Person bearbeiten
                </Button>
              </Group>
            </Stack>
          )}
        </section>
        <section aria-labelledby="person-account">
          <Title order={2} size="h3" id="person-account" mb="xs">
            Benutzerkonto
          </Title>
          {renderAccount(detail)}
          {detail.account && detail.account.facilities.length > 0 && (
            <Text size="sm" mt="xs">
              {'Mitglied in: '}
              {detail.account.facilities.map((f, i) => (
                <span key={f.id}>
                  {i > 0 && ', '}
                  <AnchorLink to="/verwaltung/kitas/$facilityId" params={{ facilityId: f.id }}>
                    {f.label}
                  </AnchorLink>
                </span>
              ))}
            </Text>
          )}
        </section>
        <AuditHistory entries={detail.history} caption="Verlauf der Person (neueste zuerst)" />
      </Stack>
    </>
  );
}

import { Tabs } from '@mantine/core';
import { useNavigate } from '@tanstack/react-router';
import { PageHeading } from '../../../../../src/components/layout/page-heading';
import { PlannedNotice } from '../../../../../src/components/layout/placeholder-page';

type Tab = 'termine' | 'module';

/** seed §2: training events and modules are one screen with two tabs; each tab has its own address. */
export function TrainingAdminScreen({ tab }: { tab: Tab }) {
  const navigate = useNavigate();
  return (
    <>
      <PageHeading>Fortbildungen</PageHeading>
      <Tabs
        value={tab}
        onChange={(value) =>
          void navigate({ to: value === 'module' ? '/verwaltung/fortbildungen/module' : '/verwaltung/fortbildungen' })
        }
      >
        <Tabs.List aria-label="Fortbildungen verwalten">
          <Tabs.Tab value="termine">Termine</Tabs.Tab>
          <Tabs.Tab value="module">Module</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="termine" pt="md">
          <PlannedNotice
            planned="Fortbildungstermine anlegen, veröffentlichen, absagen und ihre Anmeldungen mit Warteliste verwalten."
            meanwhile="Anmeldungen zu Fortbildungen nimmt das Programmbüro bis dahin per E-Mail entgegen."
          />
        </Tabs.Panel>
        <Tabs.Panel value="module" pt="md">
          <PlannedNotice planned="die Module anlegen, zu denen die Fortbildungstermine gehören." meanwhile="Plane die Module bis dahin außerhalb des Portals." />
        </Tabs.Panel>
      </Tabs>
    </>
  );
}

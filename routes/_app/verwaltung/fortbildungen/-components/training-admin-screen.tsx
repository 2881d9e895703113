import { Tabs } from '@mantine/core';
import { useNavigate } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { PageHeading } from '../../../../../src/components/layout/page-heading';

type Tab = 'termine' | 'module';

/** seed §2: training events and modules are one screen with two tabs; each tab has its own address. */
export function TrainingAdminScreen({ tab, children }: { tab: Tab; children: ReactNode }) {
  const navigate = useNavigate();
  return (
    <>
      <PageHeading>Fortbildungen</PageHeading>
      <Tabs
        value={tab}
        onChange={(value) => void navigate({ to: value === 'module' ? '/verwaltung/fortbildungen/module' : '/verwaltung/fortbildungen' })}
      >
        <Tabs.List aria-label="Fortbildungen verwalten">
          <Tabs.Tab value="termine">Termine</Tabs.Tab>
          <Tabs.Tab value="module">Module</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="termine" pt="md">
          {tab === 'termine' && children}
        </Tabs.Panel>
        <Tabs.Panel value="module" pt="md">
          {tab === 'module' && children}
        </Tabs.Panel>
      </Tabs>
    </>
  );
}

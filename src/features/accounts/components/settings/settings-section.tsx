import { Paper, Stack, Title } from '@mantine/core';
import { useId, type ReactNode } from 'react';

/** One block of /einstellungen: a landmark region named by its h2, so screen readers can jump between them. */
export function SettingsSection({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <Paper component="section" aria-labelledby={id} withBorder p="lg" radius="md">
      <Stack gap="md">
        <Title order={2} size="h3" id={id}>
          {title}
        </Title>
        {children}
      </Stack>
    </Paper>
  );
}

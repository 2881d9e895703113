import { Alert, Button, Checkbox, CopyButton, Group, List, Stack, Text } from '@mantine/core';
import { useState } from 'react';

type Props = { codes: string[]; onConfirm: () => void; confirmLabel?: string };

/**
 * Recovery codes are shown exactly once (the server keeps only hashes): the user must say they stored them
 * before going on.
 */
export function RecoveryCodesNotice({ codes, onConfirm, confirmLabel = 'Weiter' }: Props) {
  const [saved, setSaved] = useState(false);
  return (
    <Stack gap="md">
      <Alert color="blue" title="Deine Wiederherstellungscodes" role="status">
        Mit jedem dieser Codes kannst du dich einmal anmelden, wenn du dein Telefon nicht zur Hand hast. Sie werden nur jetzt angezeigt – speichere
        oder drucke sie und bewahre sie sicher auf.
      </Alert>
      <List aria-label="Wiederherstellungscodes" listStyleType="none" spacing={4} ff="monospace" fz="lg">
        {codes.map((code) => (
          <List.Item key={code}>{code}</List.Item>
        ))}
      </List>
      <Group>
        <CopyButton value={codes.join('\n')}>
          {({ copied, copy }) => (
            <Button variant="default" onClick={copy}>
              {copied ? 'Kopiert' : 'Codes kopieren'}
            </Button>
          )}
        </CopyButton>
      </Group>
      <Checkbox label="Ich habe die Codes sicher gespeichert" checked={saved} onChange={(event) => setSaved(event.currentTarget.checked)} />
      <Text size="sm">Erst danach geht es weiter.</Text>
      <Button onClick={onConfirm} disabled={!saved} style={{ alignSelf: 'flex-start' }}>
        {confirmLabel}
      </Button>
    </Stack>
  );
}

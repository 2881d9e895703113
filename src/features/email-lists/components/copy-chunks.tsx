import { Button, Group, NativeSelect, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { reportError } from '../../../lib/api-client';
import { notify } from '../../../lib/notifications';
import type { EmailListQuery } from '../../../shared/contracts/email-lists';
import { previewEmailList } from '../api/preview-email-list';

const chunkSizes = ['25', '50', '100', '250', '500'];
const separators = { ', ': 'Komma (die meisten Programme)', '; ': 'Semikolon (Outlook)' } as const;

/**
 * "Adressen kopieren": the addresses in blocks of a chosen size for an e-mail program's BCC field (providers limit
 * the recipients of one mail), each block its own button. A block is fetched when its button is pressed, so the
 * clipboard always holds the addresses of the criteria on screen.
 */
export function CopyChunks({ query, count }: { query: EmailListQuery; count: number }) {
  const [size, setSize] = useState('50');
  const [separator, setSeparator] = useState<keyof typeof separators>(', ');
  const [busy, setBusy] = useState<number | null>(null);
  const chunk = Number(size);
  const blocks = Math.ceil(count / chunk);
  const copy = async (index: number) => {
    setBusy(index);
    try {
      const { addresses } = await previewEmailList(query, { offset: index * chunk, limit: chunk });
      await navigator.clipboard.writeText(addresses.map((a) => a.email).join(separator));
      notify({ message: `${addresses.length} Adressen in die Zwischenablage kopiert (Block ${index + 1} von ${blocks}).` });
    } catch (error) {
      reportError(error, 'Die Adressen konnten nicht kopiert werden.');
    } finally {
      setBusy(null);
    }
  };
  return (
    <Stack gap="xs">
      <Group align="flex-end">
        <NativeSelect label="Adressen je Block" value={size} onChange={(e) => setSize(e.currentTarget.value)} data={chunkSizes} w={160} />
        <NativeSelect
          label="Trennzeichen"
          value={separator}
          onChange={(e) => setSeparator(e.currentTarget.value as keyof typeof separators)}
          data={Object.entries(separators).map(([value, label]) => ({ value, label }))}
          w={260}
        />
      </Group>
      {blocks === 0 ? (
        <Text size="sm">Keine Adressen zum Kopieren.</Text>
      ) : (
        <Group gap="xs">
          {Array.from({ length: blocks }, (_, i) => {
            const from = i * chunk + 1;
            const to = Math.min(count, (i + 1) * chunk);
            return (
              <Button key={i} size="xs" variant="light" loading={busy === i} onClick={() => void copy(i)}>
                {`Adressen ${from}–${to} kopieren`}
              </Button>
            );
          })}
        </Group>
      )}
    </Stack>
  );
}

import { Stack, Text, Title } from '@mantine/core';
import { formatDateTime } from '../../../lib/locale';
import type { AdminDocumentationDetail } from '../../../shared/contracts/admin-documentation';
import { documentationStateLabels } from '../../../shared/contracts/documentation';

/** Every change of state, oldest first, with who did it and the comment the KiTa got. */
export function StateHistory({ history }: { history: AdminDocumentationDetail['history'] }) {
  return (
    <Stack gap="sm">
      <Title order={2} fz="h3">
        Verlauf
      </Title>
      {history.length === 0 ? (
        <Text size="sm" c="dimmed">
          Noch keine Statusänderung.
        </Text>
      ) : (
        <Stack gap="xs" component="ol" style={{ paddingInlineStart: '1.25rem', margin: 0 }}>
          {history.map((h, i) => (
            <li key={`${h.at}-${i}`}>
              <Text size="sm" fw={600} span>
                {documentationStateLabels[h.state]}
              </Text>
              <Text size="xs" c="dimmed">{`${formatDateTime(h.at)}${h.by ? ` · ${h.by}` : ''}`}</Text>
              {h.comment && (
                <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                  {h.comment}
                </Text>
              )}
            </li>
          ))}
        </Stack>
      )}
    </Stack>
  );
}

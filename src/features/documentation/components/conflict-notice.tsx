import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { formatDate, formatTime } from '../../../lib/locale';
import type { AnswerValue } from '../../../shared/contracts/documentation';
import type { Question } from '../../../shared/contracts/documentation-template';
import type { Conflict } from '../hooks/pending-answers';

/** an answer as plain German text, for comparing two versions */
export function answerText(q: Question, value: AnswerValue | undefined): string {
  if (value === undefined || value === null || value === '' || (Array.isArray(value) && value.length === 0)) return '(leer)';
  if (Array.isArray(value)) return value.map((v) => (q.kind === 'multi_choice' ? (q.options.find((o) => o.value === v)?.label ?? v) : v)).join(', ');
  if (typeof value === 'object') return value.consent ? 'Einwilligung bestätigt' : 'Einwilligung nicht bestätigt';
  if (q.kind === 'single_choice') return q.options.find((o) => o.value === value)?.label ?? String(value);
  if (q.kind === 'date' && typeof value === 'string') return formatDate(value) || value;
  return String(value);
}

type Props = { question: Question; conflict: Conflict; mine: AnswerValue; onTakeTheirs: () => void; onKeepMine: () => void };

/** a colleague changed this answer after the user had started on it: both versions, the user decides */
export function ConflictNotice({ question, conflict, mine, onTakeTheirs, onKeepMine }: Props) {
  const who = conflict.savedBy ?? 'Jemand aus eurem Team';
  const when = conflict.savedAt ? ` am ${formatDate(conflict.savedAt)} um ${formatTime(conflict.savedAt)} Uhr` : '';
  return (
    <Alert color="yellow" variant="light" mt="xs" title="Diese Antwort wurde inzwischen geändert" role="alert">
      <Stack gap="xs">
        <Text size="sm">
          {who} hat diese Antwort{when} geändert, während du sie bearbeitet hast. Deine Fassung ist noch nicht gespeichert. Welche soll gelten?
        </Text>
        <div>
          <Text size="sm" fw={600}>
            Neuere Fassung{conflict.savedBy ? ` von ${conflict.savedBy}` : ''}:
          </Text>
          <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }} data-version="theirs">
            {answerText(question, conflict.theirs)}
          </Text>
        </div>
        <div>
          <Text size="sm" fw={600}>
            Deine Fassung:
          </Text>
          <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }} data-version="mine">
            {answerText(question, mine)}
          </Text>
        </div>
        <Group gap="sm">
          <Button size="xs" variant="default" onClick={onTakeTheirs}>
            Neuere Fassung übernehmen
          </Button>
          <Button size="xs" onClick={onKeepMine}>
            Meine Fassung behalten
          </Button>
        </Group>
      </Stack>
    </Alert>
  );
}

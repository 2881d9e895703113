import { Alert, List, Stack, Text, Title } from '@mantine/core';
import { SeasonStepHeading } from '../../../components/season-step/season-step-view';
import { formatDate, formatDateTime } from '../../../lib/locale';
import { documentationStateLabels, type DocumentationForm, type DocumentationState } from '../../../shared/contracts/documentation';

const stateColors: Record<DocumentationState, string> = { draft: 'gray', submitted: 'blue', returned: 'grape', approved: 'green', rejected: 'red' };

/** the season, the state in German, the jury's comment while returned, why the form is read-only, and the history */
export function FormStateHeader({ form, asAdmin = false }: { form: DocumentationForm; asAdmin?: boolean }) {
  return (
    <Stack gap="md">
      <SeasonStepHeading season={form.seasonLabel} status={{ label: documentationStateLabels[form.state], color: stateColors[form.state] }} />
      <Text size="sm" c="dimmed">
        {form.facilityLabel}
        {form.deadline ? ` · Einreichen bis ${formatDate(form.deadline)}` : ''}
      </Text>
      {form.state === 'returned' && !asAdmin && (
        <Alert color="orange" variant="light" title="Die Jury hat deinen Dokumentationsbogen zurückgegeben">
          <Text size="sm" style={{ whiteSpace: 'pre-line' }}>
            {form.returnComment || 'Ohne Kommentar.'}
          </Text>
          <Text size="sm" mt="xs">
            Du kannst den Bogen jetzt ergänzen und wieder einreichen.
          </Text>
        </Alert>
      )}
      {form.state === 'submitted' && form.submittedAt && !asAdmin && (
        <Alert color="green" variant="light" title="Eingereicht" tabIndex={-1} data-submitted-notice>
          Eingereicht am {formatDateTime(form.submittedAt)}; du bekommst eine Bestätigung per E-Mail mit dem Bogen als PDF.
        </Alert>
      )}
      {!form.editable && form.notEditableReason && (
        <Alert color="gray" variant="light" role="note" title="Bearbeiten nicht möglich">
          {form.notEditableReason}
        </Alert>
      )}
    </Stack>
  );
}

export function FormHistory({ history }: { history: DocumentationForm['history'] }) {
  if (history.length === 0) return null;
  return (
    <Stack gap="xs" component="section" aria-labelledby="doc-history">
      <Title order={2} size="h4" id="doc-history">
        Verlauf
      </Title>
      <List spacing="xs">
        {history.map((h, i) => (
          <List.Item key={i}>
            <Text size="sm">
              {documentationStateLabels[h.state]} am {formatDateTime(h.at)}
              {h.by ? ` von ${h.by}` : ''}
            </Text>
            {h.comment && (
              <Text size="sm" c="dimmed" style={{ whiteSpace: 'pre-line' }}>
                {h.comment}
              </Text>
            )}
          </List.Item>
        ))}
      </List>
    </Stack>
  );
}

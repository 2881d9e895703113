import { Stack, Text, Textarea, Title } from '@mantine/core';
import { FormActions } from '../../../components/forms/form-actions';
import { FormAlert } from '../../../components/forms/form-alert';
import { formatDateTime } from '../../../lib/locale';
import { useSchemaForm } from '../../../lib/use-schema-form';
import { noteInputSchema, type AdminDocumentationDetail } from '../../../shared/contracts/admin-documentation';
import { useAddNote } from '../api/add-note';

/** Notes of admins and the jury about one form; the KiTa never sees them. */
export function NotesPanel({ detail }: { detail: AdminDocumentationDetail }) {
  const add = useAddNote(detail.seasonIdentifier, detail.facilityId);
  const form = useSchemaForm({ schema: noteInputSchema, initialValues: { text: '' } });
  const onSubmit = form.onSubmit(async ({ text }) => {
    await add.mutateAsync(text);
    form.reset({ text: '' });
  });
  return (
    <Stack gap="sm">
      <Title order={2} fz="h3">
        Interne Notizen – nur für Verwaltung und Jury
      </Title>
      {detail.notes.length === 0 ? (
        <Text size="sm" c="dimmed">
          Noch keine Notizen.
        </Text>
      ) : (
        <Stack gap="xs" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {detail.notes.map((n) => (
            <li key={n.id}>
              <Text size="xs" c="dimmed">{`${formatDateTime(n.createdAt)}${n.author ? ` · ${n.author}` : ''}`}</Text>
              <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                {n.text}
              </Text>
            </li>
          ))}
        </Stack>
      )}
      <form onSubmit={(event) => void onSubmit(event)} noValidate ref={form.formRef} aria-label="Notiz hinzufügen">
        <Stack gap="xs">
          <Textarea label="Neue Notiz" rows={2} {...form.input('text')} />
          <FormAlert failure={form.failure} />
          <FormActions submitLabel="Notiz hinzufügen" submitting={form.submitting} />
        </Stack>
      </form>
    </Stack>
  );
}

import { Button, Group, Modal, Stack, TextInput } from '@mantine/core';
import { FormAlert } from '../../../components/forms/form-alert';
import { notify } from '../../../lib/notifications';
import { useSchemaForm } from '../../../lib/use-schema-form';
import { emailListNameSchema, type EmailListQuery, type SavedEmailList } from '../../../shared/contracts/email-lists';
import { useSaveEmailList } from '../api/save-email-list';

/**
 * "Liste speichern": the criteria on screen under a name. An opened list is saved in place ("Speichern", with the
 * version read) or as a new one ("Als neue Liste speichern").
 */
export function SaveListDialog({
  opened,
  onClose,
  query,
  current,
  onSaved,
}: {
  opened: boolean;
  onClose: () => void;
  query: EmailListQuery;
  current: SavedEmailList | null;
  onSaved: (list: SavedEmailList) => void;
}) {
  const save = useSaveEmailList();
  const form = useSchemaForm({ schema: emailListNameSchema, initialValues: { name: current?.name ?? '' } });
  const submit = (asNew: boolean) =>
    form.onSubmit(async ({ name }) => {
      const list = await save.mutateAsync({ input: { ...query, name }, existing: current && !asNew ? current : undefined });
      notify({ message: `Die Liste „${list.name}“ ist gespeichert.` });
      onSaved(list);
      onClose();
    });
  return (
    <Modal opened={opened} onClose={onClose} title="Liste speichern" centered closeButtonProps={{ 'aria-label': 'Schließen' }}>
      <form onSubmit={(event) => void submit(false)(event)} noValidate ref={form.formRef}>
        <Stack>
          <TextInput label="Name" required data-autofocus {...form.input('name')} />
          <FormAlert failure={form.failure} />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Abbrechen
            </Button>
            {current && (
              <Button variant="light" onClick={() => void submit(true)()} loading={form.submitting}>
                Als neue Liste speichern
              </Button>
            )}
            <Button type="submit" loading={form.submitting}>
              Speichern
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

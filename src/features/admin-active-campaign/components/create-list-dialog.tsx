import { Modal, Stack, Text, TextInput } from '@mantine/core';
import { FormActions } from '../../../components/forms/form-actions';
import { FormAlert } from '../../../components/forms/form-alert';
import { notify } from '../../../lib/notifications';
import { useSchemaForm } from '../../../lib/use-schema-form';
import { acListCreateSchema, type AcList } from '../../../shared/contracts/active-campaign';
import { useCreateAcList } from '../api/create-list';

const nameSchema = acListCreateSchema.pick({ name: true });

type Props = {
  opened: boolean;
  onClose: () => void;
  /** the account the connection test reached: URL and key as typed (an empty key: the stored one) */
  connection: { url?: string | undefined; key?: string | undefined };
  onCreated: (list: AcList) => void;
};

/** "Neue Liste anlegen": a list in the ActiveCampaign account; afterwards it is the chosen "Liste" */
export function CreateListDialog({ opened, onClose, connection, onCreated }: Props) {
  const form = useSchemaForm({ schema: nameSchema, initialValues: { name: '' } });
  const create = useCreateAcList();

  const close = () => {
    form.reset({ name: '' });
    onClose();
  };

  const submit = form.onSubmit(async (data) => {
    const list = await create.mutateAsync({ ...connection, ...data });
    onCreated(list);
    notify({ message: `Die Liste „${list.name}“ ist in ActiveCampaign angelegt und unter „Liste“ ausgewählt. Speichere, um sie zu übernehmen.` });
    close();
  });

  return (
    <Modal opened={opened} onClose={close} title="Neue Liste anlegen" closeButtonProps={{ 'aria-label': 'Schließen' }}>
      <form onSubmit={(event) => void submit(event)} noValidate ref={form.formRef}>
        <Stack gap="sm">
          <FormAlert failure={form.failure} />
          <Text size="sm">Die Liste wird sofort in deinem ActiveCampaign-Konto angelegt.</Text>
          <TextInput label="Name der Liste" required data-autofocus maxLength={255} {...form.input('name')} />
          <FormActions submitLabel="Liste anlegen" submitting={create.isPending} onCancel={close} />
        </Stack>
      </form>
    </Modal>
  );
}

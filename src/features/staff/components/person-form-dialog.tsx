import { Modal } from '@mantine/core';
import { PersonForm, type PersonFormData } from '../../../components/entity-forms/person-form';
import { notify } from '../../../lib/notifications';
import { type Person } from '../../../shared/contracts/persons';
import { useCreatePerson } from '../api/create-person';
import { useUpdatePerson } from '../api/update-person';

type Props = {
  facilityId: number;
  /** null: add a new person */
  person: Person | null;
  onClose: () => void;
};

const name = (p: { firstName: string; lastName: string }) => `${p.firstName} ${p.lastName}`;

/** Add or edit one staff member in a dialog; a 409 keeps the input and says so in German. */
export function PersonFormDialog({ facilityId, person, onClose }: Props) {
  const create = useCreatePerson(facilityId);
  const update = useUpdatePerson(facilityId);

  async function save(input: PersonFormData) {
    if (person) {
      await update.mutateAsync({ personId: person.id, input: { ...input, version: person.version } });
      notify({ message: `Die Angaben zu ${name(input)} sind gespeichert.` });
    } else {
      await create.mutateAsync(input);
      notify({ message: `${name(input)} steht jetzt im Personal.` });
    }
    onClose();
  }

  return (
    <Modal
      opened
      onClose={onClose}
      title={person ? `${name(person)} bearbeiten` : 'Person hinzufügen'}
      size="lg"
      centered
      closeButtonProps={{ 'aria-label': 'Schließen' }}
    >
      <PersonForm person={person} onSubmit={save} onCancel={onClose} submitLabel={person ? 'Speichern' : 'Hinzufügen'} autoFocus />
    </Modal>
  );
}

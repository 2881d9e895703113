import { FacilityForm } from '../../../components/entity-forms/facility-form';
import { notify } from '../../../lib/notifications';
import type { Facility } from '../../../shared/contracts/facilities';
import { useUpdateFacility } from '../api/update-facility';

type Props = {
  facility: Facility;
  onSaved: (facility: Facility) => void;
  onCancel: () => void;
  /** loads the current state from the server (after a conflict) */
  onReload: () => Promise<Facility>;
};

/**
 * Edits the master data with the version it read. A stale version (409) is told in German and the input stays,
 * so nothing typed is lost; "Aktuellen Stand laden" replaces it with what the other person saved.
 */
export function EditFacilityForm({ facility, onSaved, onCancel, onReload }: Props) {
  const update = useUpdateFacility(facility.id);
  return (
    <FacilityForm
      facility={facility}
      aria-label="Stammdaten bearbeiten"
      submitLabel="Speichern"
      onCancel={onCancel}
      onReload={onReload}
      onSubmit={async (input, version) => {
        const saved = await update.mutateAsync({ ...input, version: version ?? facility.version });
        notify({ message: 'Die Stammdaten sind gespeichert.' });
        onSaved(saved);
      }}
    />
  );
}

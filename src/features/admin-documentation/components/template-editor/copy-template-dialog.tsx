import { Button, Modal, NativeSelect, Stack, Text } from '@mantine/core';
import { useState, type Ref } from 'react';
import { FormActions } from '../../../../components/forms/form-actions';
import { FormAlert } from '../../../../components/forms/form-alert';
import { notify } from '../../../../lib/notifications';
import { useSchemaForm } from '../../../../lib/use-schema-form';
import { templateCopyInputSchema } from '../../../../shared/contracts/documentation-template';
import { seasonText } from '../../../../shared/season-text';
import { useCopyTemplate } from '../../api/copy-template';

type Props = {
  seasonIdentifier: string;
  version: number | null;
  /** the other seasons to copy from */
  seasons: { identifier: string; label: string }[];
  onCopied: () => Promise<unknown>;
  /** the button that opens the dialog (the editor gives it the focus again when the copy has started the form afresh) */
  openerRef?: Ref<HTMLButtonElement>;
};

/** "Vorlage aus anderem KiTa-Jahr übernehmen": choose the season, then confirm (it replaces this season's template) */
export function CopyTemplateDialog({ seasonIdentifier, version, seasons, onCopied, openerRef }: Props) {
  const [opened, setOpened] = useState(false);
  const copy = useCopyTemplate(seasonIdentifier);
  // the contract's check ("Bitte wähle ein KiTa-Jahr."); the server's reason for the chosen season (e.g. "Dieses
  // KiTa-Jahr hat keine eigene Vorlage.") lands at the field with the focus on it, any other failure above the buttons
  const form = useSchemaForm({
    schema: templateCopyInputSchema,
    initialValues: { fromSeasonIdentifier: '' },
    toInput: (v) => ({ fromSeasonIdentifier: v.fromSeasonIdentifier, version }),
  });
  const close = () => {
    setOpened(false);
    form.reset();
  };
  const onSubmit = form.onSubmit(async (input) => {
    await copy.mutateAsync(input);
    await onCopied();
    notify({ message: `Die Vorlage von ${seasonText(input.fromSeasonIdentifier)} ist übernommen.` });
    close();
  });
  return (
    <>
      {/* the label wraps at 320 px instead of pushing the page sideways (WCAG 1.4.10) */}
      <Button
        ref={openerRef}
        variant="default"
        onClick={() => setOpened(true)}
        disabled={seasons.length === 0}
        styles={{
          root: { height: 'auto', minHeight: 'var(--button-height)', paddingBlock: 6, maxWidth: '100%' },
          label: { whiteSpace: 'normal', textAlign: 'center' },
        }}
      >
        Vorlage aus anderem KiTa-Jahr übernehmen
      </Button>
      <Modal opened={opened} onClose={close} title="Vorlage aus anderem KiTa-Jahr übernehmen" closeButtonProps={{ 'aria-label': 'Schließen' }}>
        <form onSubmit={(event) => void onSubmit(event)} noValidate ref={form.formRef} aria-label="Vorlage aus anderem KiTa-Jahr übernehmen">
          <Stack>
            <Text>
              {`Die Vorlage des gewählten KiTa-Jahres ersetzt die Vorlage von ${seasonText(seasonIdentifier)}. Was du hier noch nicht gespeichert hast, geht verloren.`}
            </Text>
            <NativeSelect
              label="KiTa-Jahr"
              required
              data-autofocus
              data={[{ value: '', label: 'bitte wählen' }, ...seasons.map((s) => ({ value: s.identifier, label: s.label }))]}
              {...form.input('fromSeasonIdentifier')}
            />
            <FormAlert failure={form.failure} />
            <FormActions submitLabel="Ja, übernehmen" submitting={copy.isPending} onCancel={close} />
          </Stack>
        </form>
      </Modal>
    </>
  );
}

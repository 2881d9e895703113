import { Button, Group, Modal, NativeSelect, Stack, Text } from '@mantine/core';
import { useRef, useState, type Ref } from 'react';
import { FormAlert } from '../../../../components/forms/form-alert';
import { getErrorReason } from '../../../../lib/api-client';
import { notify } from '../../../../lib/notifications';
import { failureOf, type FormFailure } from '../../../../lib/use-schema-form';
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
  const [from, setFrom] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [failure, setFailure] = useState<FormFailure | null>(null);
  const copy = useCopyTemplate(seasonIdentifier);
  const seasonField = useRef<HTMLSelectElement>(null);
  const close = () => {
    setOpened(false);
    setFrom('');
    setError(null);
    setFailure(null);
  };
  const submit = async () => {
    if (!from) return setError('Bitte wähle ein KiTa-Jahr.');
    setFailure(null);
    try {
      await copy.mutateAsync({ fromSeasonIdentifier: from, version });
      await onCopied();
      notify({ message: `Die Vorlage von ${seasonText(from)} ist übernommen.` });
      close();
    } catch (e) {
      // the server's word on the chosen season (e.g. "Dieses KiTa-Jahr hat keine eigene Vorlage.") belongs at the field
      const atField = getErrorReason(e)?.fields?.fromSeasonIdentifier;
      if (atField) {
        setError(atField);
        seasonField.current?.focus();
      } else setFailure(failureOf(e));
    }
  };
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
        <Stack>
          <Text>
            {`Die Vorlage des gewählten KiTa-Jahres ersetzt die Vorlage von ${seasonText(seasonIdentifier)}. Was du hier noch nicht gespeichert hast, geht verloren.`}
          </Text>
          <NativeSelect
            ref={seasonField}
            label="KiTa-Jahr"
            required
            data-autofocus
            data={[{ value: '', label: 'bitte wählen' }, ...seasons.map((s) => ({ value: s.identifier, label: s.label }))]}
            value={from}
            error={error}
            onChange={(e) => {
              setFrom(e.currentTarget.value);
              setError(null);
            }}
          />
          <FormAlert failure={failure} />
          <Group justify="flex-end">
            <Button variant="default" onClick={close} disabled={copy.isPending}>
              Abbrechen
            </Button>
            <Button onClick={() => void submit()} loading={copy.isPending}>
              Ja, übernehmen
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}

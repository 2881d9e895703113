import { Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { useState } from 'react';
import { FormActions } from '../../../components/forms/form-actions';
import { FormAlert } from '../../../components/forms/form-alert';
import { notify } from '../../../lib/notifications';
import { useSchemaForm } from '../../../lib/use-schema-form';
import { decisionInputSchema, type AdminDocumentationDetail, type DecisionInput } from '../../../shared/contracts/admin-documentation';
import { useDecideDocumentation } from '../api/decide-documentation';

type Action = DecisionInput['action'];

/** SPEC §6: the jury acts with "Annehmen", "Zurückgeben" and "Ablehnen" */
const actions: Record<Action, { button: string; title: string; text: string; comment: string; confirm: string; done: string }> = {
  approve: {
    button: 'Annehmen',
    title: 'Dokumentationsbogen annehmen',
    text: 'Die KiTa ist damit zur Auszeichnung zugelassen und bekommt eine E-Mail.',
    comment: 'Kommentar für die KiTa (freiwillig)',
    confirm: 'Ja, annehmen',
    done: 'angenommen',
  },
  return: {
    button: 'Zurückgeben',
    title: 'Dokumentationsbogen zurückgeben',
    text: 'Die KiTa kann ihren Bogen dann wieder bearbeiten und erneut einreichen. Sie bekommt eine E-Mail mit deinem Kommentar.',
    comment: 'Was soll die KiTa ändern? (die KiTa liest es)',
    confirm: 'Ja, zurückgeben',
    done: 'zurückgegeben',
  },
  reject: {
    button: 'Ablehnen',
    title: 'Dokumentationsbogen ablehnen',
    text: 'Der Bogen ist damit abgelehnt; die KiTa wird nicht ausgezeichnet. Sie bekommt eine E-Mail mit deinem Kommentar.',
    comment: 'Begründung für die KiTa (die KiTa liest sie)',
    confirm: 'Ja, ablehnen',
    done: 'abgelehnt',
  },
};

function DecisionForm({
  detail,
  action,
  onDone,
  onReload,
}: {
  detail: AdminDocumentationDetail;
  action: Action;
  onDone: () => void;
  onReload: () => void;
}) {
  const decide = useDecideDocumentation(detail.seasonIdentifier, detail.facilityId);
  const a = actions[action];
  const form = useSchemaForm({
    schema: decisionInputSchema,
    initialValues: { comment: '' },
    toInput: (v) => ({ action, comment: v.comment, version: detail.version }),
  });
  const onSubmit = form.onSubmit(async (input) => {
    await decide.mutateAsync(input);
    notify({ message: `Der Dokumentationsbogen von „${detail.facilityLabel}“ ist ${a.done}. Die KiTa bekommt eine E-Mail.` });
    onDone();
  });
  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate ref={form.formRef} aria-label={a.title}>
      <Stack>
        <Text>{a.text}</Text>
        <Textarea label={a.comment} required={action !== 'approve'} rows={3} data-autofocus {...form.input('comment')} />
        <FormAlert failure={form.failure} onReload={onReload} />
        <FormActions submitLabel={a.confirm} submitting={form.submitting} onCancel={onDone} />
      </Stack>
    </form>
  );
}

/**
 * The jury's decision: one button per action, each opening a dialog that says what happens; returning and
 * rejecting need a comment for the KiTa. A decision based on an old version answers 409 ("Jemand war schneller").
 */
export function DecisionActions({ detail, onReload }: { detail: AdminDocumentationDetail; onReload: () => Promise<unknown> }) {
  const [open, setOpen] = useState<Action | null>(null);
  return (
    <>
      <Group gap="xs">
        {(Object.keys(actions) as Action[]).map((key) => (
          <Button key={key} variant={key === 'approve' ? 'filled' : 'default'} onClick={() => setOpen(key)}>
            {actions[key].button}
          </Button>
        ))}
      </Group>
      <Modal
        opened={open !== null}
        onClose={() => setOpen(null)}
        title={open ? actions[open].title : ''}
        size="lg"
        closeButtonProps={{ 'aria-label': 'Schließen' }}
      >
        {open && (
          <DecisionForm
            key={`${open}-${detail.version}`}
            detail={detail}
            action={open}
            onDone={() => setOpen(null)}
            onReload={() => void onReload().then(() => setOpen(null))}
          />
        )}
      </Modal>
    </>
  );
}

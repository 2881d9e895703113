import { Alert, Box, Button, Group, Stack, Text } from '@mantine/core';
import { isHTTPError } from 'ky';
import { useMemo, useRef, useState } from 'react';
import { ConfirmDialog } from '../../../components/dialogs/confirm-dialog';
import { DocumentationFormFields, questionElementId } from '../../../components/documentation-form/documentation-form-fields';
import { FormErrorSummary } from '../../../components/forms/form-error-summary';
import { getErrorReason, reportError } from '../../../lib/api-client';
import { answerProblem, formProblems, type AnswerValue, type DocumentationForm } from '../../../shared/contracts/documentation';
import type { Question } from '../../../shared/contracts/documentation-template';
import { useDeleteDocumentationFile } from '../api/delete-documentation-file';
import { useDocumentation } from '../api/get-documentation';
import { useSubmitDocumentation } from '../api/submit-documentation';
import type { PrepareUpload } from '../hooks/downscale-image';
import { useAutosave } from '../hooks/use-autosave';
import { useFileUploads } from '../hooks/use-file-uploads';
import { useStickyBarClearance } from '../hooks/use-sticky-bar-clearance';
import { ConflictNotice } from './conflict-notice';
import { FormHistory, FormStateHeader } from './form-state-header';
import { SaveStatusLine } from './save-status';

export const restoredText = 'Ungespeicherte Änderungen von vorhin wurden wiederhergestellt und werden gespeichert.';

type Props = {
  facilityId: number;
  userId: number;
  /** the user's name as the server writes `savedBy` ("Vorname Nachname") */
  ownName: string | null;
  /** tests replace the photo downscaler (jsdom has no canvas) */
  prepareUpload?: PrepareUpload;
  debounceMs?: number;
  /** an admin edits the KiTa's answers (/verwaltung/dokuboegen/…/bearbeiten): saved as you type, no "Einreichen" */
  asAdmin?: boolean;
};

/** focuses a question: its input, or the first control of its fieldset */
function focusQuestion(key: string) {
  setTimeout(() => {
    const element = document.getElementById(questionElementId(key));
    const target = element?.matches('input, textarea, select, button')
      ? element
      : element?.querySelector<HTMLElement>('input:not([type=file]), textarea, button');
    target?.focus();
  }, 0);
}

/** /dokumentationsbogen: the KiTa's documentation form of the current season, autosaved, with uploads and "Einreichen" */
export function DocumentationView(props: Props) {
  const { data: form } = useDocumentation(props.facilityId);
  // remounted per season (the pending answers and their storage key belong to one form)
  return <EditableForm key={`${form.seasonId}`} form={form} {...props} />;
}

function EditableForm({ form, facilityId, userId, ownName, prepareUpload, debounceMs, asAdmin = false }: Props & { form: DocumentationForm }) {
  const autosave = useAutosave({ facilityId, userId, ownName, form, debounceMs });
  const uploads = useFileUploads(facilityId, form, prepareUpload);
  const deleteFile = useDeleteDocumentationFile(facilityId);
  const submit = useSubmitDocumentation(facilityId);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [submitTried, setSubmitTried] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [unsavedBeforeSubmit, setUnsavedBeforeSubmit] = useState(false);
  const formElement = useRef<HTMLFormElement>(null);
  const saveBar = useRef<HTMLDivElement>(null);
  const summary = useRef<HTMLDivElement>(null);
  const editable = form.editable;
  const values = editable ? autosave.values : form.answers;
  useStickyBarClearance(saveBar, formElement, editable);
  const questions = useMemo(
    () => new Map<string, Question>(form.sections.flatMap((s) => s.questions.map((q) => [q.key, q] as const))),
    [form.sections],
  );
  const fileCounts = useMemo(() => {
    const counts: Record<string, number> = {};
    for (const f of form.files) counts[f.questionKey] = (counts[f.questionKey] ?? 0) + 1;
    return counts;
  }, [form.files]);
  const mode = submitTried ? 'submit' : 'draft';

  // what the questions show: the page's own checks, and the server's refusals of an autosave
  const shown = { ...errors };
  for (const [key, entry] of Object.entries(autosave.pending)) if (entry.rejected && !shown[key]) shown[key] = entry.rejected;

  const check = (key: string, value: AnswerValue | undefined) => {
    const q = questions.get(key);
    const problem = q ? answerProblem(q, value, mode, fileCounts[key] ?? 0) : null;
    setErrors((current) => {
      if ((current[key] ?? null) === problem) return current;
      const next = { ...current };
      if (problem) next[key] = problem;
      else delete next[key];
      return next;
    });
  };

  const onChange = (key: string, value: AnswerValue) => {
    autosave.saver.change(key, value);
    // a question with a message is checked again at once, so the message goes as soon as the answer fits
    if (errors[key]) check(key, value);
  };

  function trySubmit() {
    setSubmitTried(true);
    setUnsavedBeforeSubmit(false);
    const problems = formProblems(form.sections, values, fileCounts, 'submit');
    setErrors(problems);
    if (Object.keys(problems).length > 0) focusSummary();
    else setConfirming(true);
  }

  async function confirmSubmit() {
    const saved = await autosave.saver.settle();
    if (!saved) {
      setConfirming(false);
      setUnsavedBeforeSubmit(true);
      return;
    }
    try {
      await submit.mutateAsync(autosave.saver.version());
      setConfirming(false);
      setTimeout(() => document.querySelector<HTMLElement>('[data-submitted-notice]')?.focus(), 0);
    } catch (error) {
      setConfirming(false);
      const fields = isHTTPError(error) && error.response.status === 400 ? getErrorReason(error)?.fields : undefined;
      if (fields && Object.keys(fields).length > 0) {
        setErrors(fields);
        focusSummary();
      } else reportError(error, 'Der Dokumentationsbogen konnte nicht eingereicht werden.');
    }
  }

  // after "Einreichen" with gaps the focus goes to the list of them (its links lead to each question), not into the
  // first question: a date question's calendar opened over its message and the list
  const focusSummary = () => setTimeout(() => summary.current?.focus(), 0);
  const gaps = form.sections
    .flatMap((s) => s.questions)
    .filter((q) => errors[q.key])
    .map((q) => ({
      key: q.key,
      label: q.label,
      message: errors[q.key]!,
      href: `#${questionElementId(q.key)}`,
      onSelect: () => focusQuestion(q.key),
    }));

  const waiting = Object.keys(autosave.pending).length > 0;
  return (
    <Stack gap="lg">
      <FormStateHeader form={form} asAdmin={asAdmin} />
      {editable && autosave.restored && (
        <Alert color="blue" variant="light" role="status">
          {restoredText}
        </Alert>
      )}
      {!editable && waiting && (
        <Alert color="yellow" variant="light" role="note" title="Nicht gespeicherte Änderungen auf diesem Gerät">
          Auf diesem Gerät sind noch Änderungen, die nicht gespeichert wurden. Sie bleiben hier, bis der Bogen wieder bearbeitet werden kann.
        </Alert>
      )}
      {autosave.storageFailed && (
        <Alert color="yellow" variant="light" role="alert">
          Dein Browser lässt uns Änderungen nicht zwischenspeichern. Bitte schließ die Seite erst, wenn „Gespeichert um …“ angezeigt wird.
        </Alert>
      )}
      <form
        ref={formElement}
        noValidate
        aria-label="Dokumentationsbogen"
        onSubmit={(event) => {
          event.preventDefault();
          if (editable && !asAdmin) trySubmit();
        }}
      >
        <DocumentationFormFields
          sections={form.sections}
          answers={values}
          files={form.files}
          errors={shown}
          readOnly={!editable}
          onChange={onChange}
          onBlur={(key) => check(key, values[key])}
          uploads={
            editable
              ? {
                  ...uploads,
                  onDelete: (file) =>
                    deleteFile.mutateAsync(file).catch((error: unknown) => {
                      reportError(error, `„${file.name}“ konnte nicht gelöscht werden.`);
                      throw error;
                    }),
                }
              : undefined
          }
          renderNotice={(q) => {
            const entry = autosave.pending[q.key];
            return entry?.conflict && editable ? (
              <ConflictNotice
                question={q}
                conflict={entry.conflict}
                mine={entry.value}
                onTakeTheirs={() => autosave.saver.acceptTheirs(q.key)}
                onKeepMine={() => autosave.saver.keepMine(q.key)}
              />
            ) : null;
          }}
        />
        {editable && (
          <Box
            ref={saveBar}
            data-save-bar
            pos="sticky"
            bottom={0}
            py="sm"
            mt="xl"
            bg="var(--mantine-color-body)"
            style={{ borderTop: '1px solid var(--mantine-color-default-border)', zIndex: 2 }}
          >
            <Stack gap="xs">
              {submitTried && <FormErrorSummary ref={summary} errors={errors} items={gaps} />}
              {unsavedBeforeSubmit && (
                <Alert color="red" variant="light" role="alert">
                  Es sind noch nicht alle Änderungen gespeichert. Bitte warte, bis „Gespeichert um …“ angezeigt wird, und kläre geänderte Antworten
                  von Kolleginnen und Kollegen.
                </Alert>
              )}
              <Group justify="space-between" wrap="wrap" gap="sm">
                <SaveStatusLine status={autosave.status} formSavedAt={form.savedAt} waiting={waiting} />
                {!asAdmin && <Button type="submit">Einreichen</Button>}
              </Group>
            </Stack>
          </Box>
        )}
      </form>
      <FormHistory history={form.history} />
      <ConfirmDialog
        opened={confirming}
        title="Dokumentationsbogen einreichen?"
        confirmLabel="Ja, einreichen"
        loading={submit.isPending}
        onClose={() => setConfirming(false)}
        onConfirm={() => void confirmSubmit()}
      >
        <Text>
          Nach dem Einreichen lässt sich der Bogen nicht mehr ändern, außer die Jury gibt ihn dir zurück. Du bekommst eine Bestätigung per E-Mail.
        </Text>
      </ConfirmDialog>
    </Stack>
  );
}

import { Alert, Anchor, Button, Checkbox, CloseButton, Group, Progress, Stack, Text } from '@mantine/core';
import { useRef, useState, type DragEvent } from 'react';
import { formatFileSize } from '../../lib/locale';
import type { AnswerValue, UploadedFile } from '../../shared/contracts/documentation';
import { fileTypeLabels, mimeTypesOf, type Question } from '../../shared/contracts/documentation-template';
import { ConfirmDialog } from '../dialogs/confirm-dialog';
import { ChoiceFieldset } from './choice-fieldset';
import classes from './documentation-form.module.css';
import { fileHref } from './question-ids';

type FilesQuestion = Extract<Question, { kind: 'files' }>;

/** an upload the page is running or that failed; `progress` 0..1, null while the photo is being made smaller */
export type PendingUpload = { id: string; questionKey: string; name: string; progress: number | null; error: string | null };

export type FileUploadControls = {
  /** files dropped or picked for a question; the page checks type and size, downscales and uploads */
  onAdd: (question: FilesQuestion, files: File[]) => void;
  /** called after the user confirmed the deletion; a rejected promise keeps the dialog open */
  onDelete: (file: UploadedFile) => Promise<unknown>;
  pending: PendingUpload[];
  /** hides a failed upload's message */
  onDismiss: (id: string) => void;
};

type Props = {
  id: string;
  question: FilesQuestion;
  value: AnswerValue | undefined;
  files: UploadedFile[];
  error: string | null;
  readOnly: boolean;
  onChange: (value: AnswerValue) => void;
  onBlur: () => void;
  uploads: FileUploadControls | undefined;
};

/** a files question: its files with thumbnails, a drop zone and a picker button, per-file progress and errors, the consent */
export function FilesQuestionField({ id, question: q, value, files, error, readOnly, onChange, onBlur, uploads }: Props) {
  const input = useRef<HTMLInputElement>(null);
  const [dragging, setDragging] = useState(false);
  const [deleting, setDeleting] = useState<UploadedFile | null>(null);
  const [busy, setBusy] = useState(false);
  const pending = uploads?.pending.filter((p) => p.questionKey === q.key) ?? [];
  const accept = q.fileTypes.flatMap((t) => mimeTypesOf[t]).join(',');
  const full = files.length >= q.maxFiles;
  const canAdd = !readOnly && uploads !== undefined && !full;
  const consent = typeof value === 'object' && value !== null && !Array.isArray(value) && value.consent === true;
  const hint = `Erlaubt: ${q.fileTypes.map((t) => fileTypeLabels[t]).join(', ')}; höchstens ${q.maxFiles} ${q.maxFiles === 1 ? 'Datei' : 'Dateien'}.`;

  const add = (list: FileList | null) => {
    if (!canAdd || !list || list.length === 0) return;
    uploads.onAdd(q, Array.from(list));
  };
  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    add(event.dataTransfer.files);
  };

  async function confirmDelete() {
    if (!deleting || !uploads) return;
    setBusy(true);
    try {
      await uploads.onDelete(deleting);
      setDeleting(null);
    } catch {
      // the page told the user why; the dialog stays so they may try again or cancel
    } finally {
      setBusy(false);
    }
  }

  return (
    <ChoiceFieldset id={id} label={q.label} help={q.help} hint={hint} required={q.required} error={error}>
      {(inputProps) => (
        <Stack gap="sm" mt="xs">
          {files.length > 0 && (
            <ul className={classes.thumbs} aria-label={`Hochgeladene Dateien: ${q.label}`}>
              {files.map((f) => (
                <li key={f.id}>
                  <Stack gap={4}>
                    {f.removed ? (
                      // deleted by the retention rule (SPEC §9): its place says so, with nothing behind it to open
                      <Text size="sm" c="dimmed" className={classes.fileName}>
                        {f.name}
                      </Text>
                    ) : f.contentType.startsWith('image/') ? (
                      <Anchor href={fileHref(f)} target="_blank" rel="noopener">
                        <img className={classes.thumb} src={fileHref(f)} alt={f.name} loading="lazy" />
                      </Anchor>
                    ) : (
                      // the server sends every file but a photo as a download (attachment): no empty tab for it
                      <Anchor href={fileHref(f)} download={f.name} className={classes.fileName}>
                        {f.name} (PDF)
                      </Anchor>
                    )}
                    {!f.removed && (
                      <Text size="xs" c="dimmed" className={classes.fileName}>
                        {f.contentType.startsWith('image/') ? `${f.name}, ` : ''}
                        {formatFileSize(f.size)}
                      </Text>
                    )}
                    {!readOnly && uploads && (
                      <Button size="compact-sm" variant="default" onClick={() => setDeleting(f)} aria-label={`${f.name} löschen`}>
                        Löschen
                      </Button>
                    )}
                  </Stack>
                </li>
              ))}
            </ul>
          )}
          {pending.map((p) => (
            <div key={p.id}>
              {p.error ? (
                <Alert color="red" variant="light" p="xs" title={p.name} role="alert">
                  <Group justify="space-between" wrap="nowrap" align="flex-start">
                    <Text size="sm">{p.error}</Text>
                    <CloseButton size="sm" aria-label={`Meldung zu ${p.name} ausblenden`} onClick={() => uploads?.onDismiss(p.id)} />
                  </Group>
                </Alert>
              ) : (
                <Stack gap={2}>
                  <Text size="sm" className={classes.fileName}>
                    {p.progress === null ? `${p.name}: wird vorbereitet …` : `${p.name}: wird hochgeladen …`}
                  </Text>
                  <Progress value={Math.round((p.progress ?? 0) * 100)} aria-label={`Hochladen von ${p.name}`} animated={p.progress === null} />
                </Stack>
              )}
            </div>
          ))}
          {!readOnly && (
            <div
              className={classes.dropZone}
              data-drop-zone
              data-active={dragging || undefined}
              onDragOver={(e) => {
                if (!canAdd) return;
                e.preventDefault();
                setDragging(true);
              }}
              onDragLeave={() => setDragging(false)}
              onDrop={onDrop}
            >
              <Stack gap="xs" align="center">
                <Text size="sm">{full ? `Es sind schon ${q.maxFiles} Dateien hochgeladen; lösche zuerst eine.` : 'Dateien hierher ziehen oder'}</Text>
                <Button
                  variant="light"
                  onClick={() => input.current?.click()}
                  // Enter opens the file chooser like Space (issue 19): on keydown, once (no second, synthesised click)
                  onKeyDown={(event) => {
                    if (event.key !== 'Enter' || event.repeat) return;
                    event.preventDefault();
                    input.current?.click();
                  }}
                  disabled={!canAdd}
                  onBlur={onBlur}
                  {...inputProps}
                >
                  Dateien auswählen
                </Button>
                <input
                  ref={input}
                  type="file"
                  multiple={q.maxFiles - files.length > 1}
                  accept={accept}
                  hidden
                  aria-label={`Dateien für „${q.label}“ auswählen`}
                  onChange={(e) => {
                    add(e.currentTarget.files);
                    e.currentTarget.value = '';
                  }}
                />
              </Stack>
            </div>
          )}
          {q.consentLabel && (
            <Checkbox
              label={q.consentLabel}
              checked={consent}
              readOnly={readOnly}
              onChange={(e) => {
                if (!readOnly) onChange({ consent: e.currentTarget.checked });
              }}
              onBlur={onBlur}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? `${id}-error` : undefined}
            />
          )}
          {files.length === 0 && readOnly && (
            <Text size="sm" c="dimmed">
              Keine Dateien hochgeladen.
            </Text>
          )}
          <ConfirmDialog
            opened={deleting !== null}
            title="Datei löschen?"
            confirmLabel="Ja, löschen"
            danger
            loading={busy}
            onClose={() => setDeleting(null)}
            onConfirm={() => void confirmDelete()}
          >
            {deleting ? `„${deleting.name}“ wird aus dem Dokumentationsbogen gelöscht.` : ''}
          </ConfirmDialog>
        </Stack>
      )}
    </ChoiceFieldset>
  );
}

import { Anchor, Group, Image, List, Modal, Stack, Text, Title, UnstyledButton } from '@mantine/core';
import { useState, type ReactNode } from 'react';
import { formatDate, formatFileSize } from '../../../lib/locale';
import type { AdminDocumentationDetail } from '../../../shared/contracts/admin-documentation';
import type { UploadedFile } from '../../../shared/contracts/documentation';
import type { Question } from '../../../shared/contracts/documentation-template';
import { apiHref } from './format';
import classes from './answer-view.module.css';

const none = (
  <Text component="span" c="dimmed">
    keine Angabe
  </Text>
);

/** a plain value of a question that no longer exists: shown as well as can be without its question */
function plainValue(value: unknown): ReactNode {
  if (value === null || value === undefined || value === '' || (Array.isArray(value) && value.length === 0)) return none;
  if (typeof value === 'number') return value.toLocaleString('de-DE');
  if (typeof value === 'string') return /^\d{4}-\d{2}-\d{2}$/.test(value) ? formatDate(value) : <span className={classes.longText}>{value}</span>;
  if (Array.isArray(value)) return value.map(String).join(', ');
  if (typeof value === 'object' && 'consent' in value)
    return `Einwilligung bestätigt: ${(value as { consent: unknown }).consent === true ? 'ja' : 'nein'}`;
  return JSON.stringify(value);
}

/** one answer as the KiTa gave it: choices by their labels, dates German, long texts with their line breaks */
function answerValue(q: Question, value: unknown, files: UploadedFile[], onPhoto: (file: UploadedFile) => void): ReactNode {
  switch (q.kind) {
    case 'text':
    case 'long_text':
      return typeof value === 'string' && value.trim() !== '' ? <span className={classes.longText}>{value}</span> : none;
    case 'number':
      return typeof value === 'number' ? value.toLocaleString('de-DE') : none;
    case 'date':
      return typeof value === 'string' && value !== '' ? formatDate(value) : none;
    case 'single_choice':
      return typeof value === 'string' && value !== '' ? (q.options.find((o) => o.value === value)?.label ?? value) : none;
    case 'multi_choice':
      return Array.isArray(value) && value.length > 0 ? (
        <List size="sm">
          {value.map((v) => (
            <List.Item key={String(v)}>{q.options.find((o) => o.value === v)?.label ?? String(v)}</List.Item>
          ))}
        </List>
      ) : (
        none
      );
    case 'files':
      return (
        <Stack gap="xs">
          <FileList files={files} onPhoto={onPhoto} />
          {q.consentLabel !== '' && files.length > 0 && (
            <Text size="sm">{`${q.consentLabel} – ${(value as { consent?: boolean } | null)?.consent === true ? 'bestätigt' : 'nicht bestätigt'}`}</Text>
          )}
        </Stack>
      );
  }
}

function FileList({ files, onPhoto }: { files: UploadedFile[]; onPhoto: (file: UploadedFile) => void }) {
  if (files.length === 0) return none;
  // a file the retention rule deleted keeps its place as text: nothing to show or download behind it
  const removed = files.filter((f) => f.removed);
  const photos = files.filter((f) => !f.removed && f.contentType.startsWith('image/'));
  const others = files.filter((f) => !f.removed && !f.contentType.startsWith('image/'));
  return (
    <Stack gap="xs">
      {photos.length > 0 && (
        <Group gap="xs" component="ul" className={classes.thumbs}>
          {photos.map((f) => (
            <li key={f.id}>
              <UnstyledButton onClick={() => onPhoto(f)} aria-label={`Foto „${f.name}“ größer ansehen`} className={classes.thumb}>
                <Image src={apiHref(f.url)} alt="" w={96} h={96} fit="cover" radius="sm" />
              </UnstyledButton>
            </li>
          ))}
        </Group>
      )}
      {removed.length > 0 && (
        <List size="sm">
          {removed.map((f) => (
            <List.Item key={f.id}>
              <Text span size="sm" c="dimmed">
                {f.name}
              </Text>
            </List.Item>
          ))}
        </List>
      )}
      {others.length > 0 && (
        <List size="sm">
          {others.map((f) => (
            <List.Item key={f.id}>
              <Anchor href={apiHref(f.url)} download={f.name}>{`${f.name} herunterladen`}</Anchor>{' '}
              <Text span size="sm" c="dimmed">{`(${formatFileSize(f.size)})`}</Text>
            </List.Item>
          ))}
        </List>
      )}
    </Stack>
  );
}

function Item({ label, help, children }: { label: string; help?: string; children: ReactNode }) {
  return (
    <div className={classes.item}>
      <dt className={classes.label}>
        {label}
        {help && (
          <Text size="xs" c="dimmed" component="span" display="block">
            {help}
          </Text>
        )}
      </dt>
      <dd className={classes.value}>{children}</dd>
    </div>
  );
}

/**
 * The form as the KiTa submitted it, read-only, section by section; answers to questions removed from the template
 * since (and their files) follow under "Antworten auf entfernte Fragen". Photos open larger in a dialog.
 */
export function AnswerView({ detail }: { detail: AdminDocumentationDetail }) {
  const [photo, setPhoto] = useState<UploadedFile | null>(null);
  const filesOf = (key: string) => detail.files.filter((f) => f.questionKey === key);
  const known = new Set(detail.sections.flatMap((s) => s.questions.map((q) => q.key)));
  const orphanFiles = detail.files.filter((f) => !known.has(f.questionKey));
  const orphanKeys = [...new Set([...detail.orphanAnswers.map((o) => o.key), ...orphanFiles.map((f) => f.questionKey)])];
  return (
    <Stack gap="lg">
      {detail.sections.map((s) => (
        <section key={s.key} aria-labelledby={`section-${s.key}`}>
          <Title order={2} fz="h3" id={`section-${s.key}`} mb="xs">
            {s.title}
          </Title>
          {s.intro && (
            <Text size="sm" c="dimmed" mb="xs" className={classes.longText}>
              {s.intro}
            </Text>
          )}
          <dl className={classes.list}>
            {s.questions.map((q) => (
              <Item key={q.key} label={q.label}>
                {answerValue(q, detail.answers[q.key], filesOf(q.key), setPhoto)}
              </Item>
            ))}
          </dl>
        </section>
      ))}
      {orphanKeys.length > 0 && (
        <section aria-labelledby="orphan-answers">
          <Title order={2} fz="h3" id="orphan-answers" mb="xs">
            Antworten auf entfernte Fragen
          </Title>
          <Text size="sm" c="dimmed" mb="xs">
            Diese Fragen stehen nicht mehr in der Vorlage; die Antworten der KiTa bleiben erhalten.
          </Text>
          <dl className={classes.list}>
            {orphanKeys.map((key) => {
              const files = filesOf(key);
              const value = detail.orphanAnswers.find((o) => o.key === key)?.value;
              return (
                <Item key={key} label={`Frage „${key}“`}>
                  {files.length > 0 ? <FileList files={files} onPhoto={setPhoto} /> : plainValue(value)}
                </Item>
              );
            })}
          </dl>
        </section>
      )}
      <Modal
        opened={photo !== null}
        onClose={() => setPhoto(null)}
        size="xl"
        title={photo ? `Foto „${photo.name}“` : 'Foto'}
        closeButtonProps={{ 'aria-label': 'Schließen' }}
      >
        {photo && (
          <Image
            src={apiHref(photo.url)}
            alt={`Foto „${photo.name}“ aus dem Dokumentationsbogen von ${detail.facilityLabel}`}
            fit="contain"
            mah="75vh"
          />
        )}
      </Modal>
    </Stack>
  );
}

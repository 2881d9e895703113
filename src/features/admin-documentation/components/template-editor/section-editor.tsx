import { Button, Fieldset, Group, Stack, Text, Textarea, TextInput, VisuallyHidden } from '@mantine/core';
import { Advanced } from './advanced';
import { DisclosureHeading } from './disclosure';
import type { EditorContext } from './editor-context';
import { MoveButtons } from './move-buttons';
import { QuestionEditor } from './question-editor';
import { keyFromLabel, newQuestion, uniqueKey, type SectionDraft } from './template-draft';

type Props = {
  ctx: EditorContext;
  si: number;
  count: number;
  section: SectionDraft;
  allKeys: () => string[];
  sectionKeys: () => string[];
  /** issue 19: the section's content shows (a message inside opens it too) */
  open: boolean;
  onToggle: () => void;
};

/** the id of a section's disclosure button: the table of contents moves the focus to it */
export const sectionButtonId = (uid: string) => `vorlage-abschnitt-${uid}`;

/** one section: title, intro, key and its questions; collapsible (a disclosure), its key behind "Erweitert" */
export function SectionEditor({ ctx, si, count, section: s, allKeys, sectionKeys, open: opened, onToggle }: Props) {
  const { form } = ctx;
  const path = `sections.${si}`;
  const name = `Abschnitt ${si + 1}${s.title ? ` „${s.title}“` : ''}`;
  const keyLocked = s.saved && ctx.keysLocked;
  const listError = form.errors[`${path}.questions`];
  const hasError = Object.keys(form.errors).some((k) => k.startsWith(`${path}.`));
  const open = opened || hasError;
  const buttonId = sectionButtonId(s.uid);
  const questions = `${s.questions.length} ${s.questions.length === 1 ? 'Frage' : 'Fragen'}`;
  const addQuestion = () => {
    const q = newQuestion(uniqueKey('frage', allKeys()));
    form.insertListItem(`${path}.questions`, q);
    ctx.announce(`Frage ${si + 1}.${s.questions.length + 1} hinzugefügt.`, `${q.uid}-label`);
  };
  return (
    <Fieldset legend={<VisuallyHidden>{name}</VisuallyHidden>} data-section={s.uid} pt="xs">
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" wrap="wrap" gap="xs">
          <div style={{ flex: '1 1 16rem', minWidth: 0 }}>
            <DisclosureHeading id={buttonId} open={open} onToggle={onToggle} order={2}>
              {`${name} · ${questions}`}
            </DisclosureHeading>
          </div>
          <MoveButtons
            name={name}
            uid={s.uid}
            index={si}
            count={count}
            onMove={(delta) => ctx.move('sections', si, delta, s.uid, name)}
            onRemove={() => {
              form.removeListItem('sections', si);
              ctx.announce(`${name} entfernt.`, 'add-section');
            }}
            removeLabel="Abschnitt entfernen"
          />
        </Group>
        <div id={`${buttonId}-panel`}>
          {open && (
            <Stack gap="sm">
              <Group align="flex-start" wrap="wrap">
                <TextInput
                  label="Titel des Abschnitts"
                  required
                  style={{ flex: '1 1 18rem' }}
                  data-focus-id={`${s.uid}-title`}
                  value={s.title}
                  error={form.errors[`${path}.title`]}
                  onChange={(e) => {
                    const title = e.currentTarget.value;
                    form.setFieldValue(`${path}.title`, title);
                    if (!s.keyTouched && !s.saved)
                      form.setFieldValue(
                        `${path}.key`,
                        uniqueKey(
                          keyFromLabel(title, 'abschnitt'),
                          sectionKeys().filter((k) => k !== s.key),
                        ),
                      );
                  }}
                />
              </Group>
              <Textarea
                label="Einleitung"
                rows={2}
                value={s.intro}
                error={form.errors[`${path}.intro`]}
                onChange={(e) => form.setFieldValue(`${path}.intro`, e.currentTarget.value)}
              />
              <Advanced name={name} hasError={Boolean(form.errors[`${path}.key`])}>
                <TextInput
                  label="Schlüssel des Abschnitts"
                  w={320}
                  maw="100%"
                  readOnly={keyLocked}
                  value={s.key}
                  error={form.errors[`${path}.key`]}
                  onChange={(e) => {
                    form.setFieldValue(`${path}.key`, e.currentTarget.value);
                    form.setFieldValue(`${path}.keyTouched`, true);
                  }}
                />
              </Advanced>
              {s.questions.map((q, qi) => (
                <QuestionEditor key={q.uid} ctx={ctx} si={si} qi={qi} count={s.questions.length} question={q} allKeys={allKeys} />
              ))}
              {s.questions.length === 0 && (
                <Text size="sm" c="dimmed">
                  Dieser Abschnitt hat noch keine Frage.
                </Text>
              )}
              {listError && (
                <Text c="red.8" size="sm" role="alert">
                  {listError}
                </Text>
              )}
              <Group>
                <Button variant="light" data-focus-id={`section-${si}-add-question`} onClick={addQuestion} aria-label={`Frage hinzufügen zu ${name}`}>
                  Frage hinzufügen
                </Button>
              </Group>
            </Stack>
          )}
        </div>
      </Stack>
    </Fieldset>
  );
}

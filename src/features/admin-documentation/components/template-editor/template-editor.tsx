import { Alert, Anchor, Button, Grid, Group, List, Paper, Stack, Text, VisuallyHidden } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { LeaveGuard } from '../../../../components/dialogs/leave-guard';
import { FormAlert } from '../../../../components/forms/form-alert';
import { FormErrorSummary } from '../../../../components/forms/form-error-summary';
import { PageHeading } from '../../../../components/layout/page-heading';
import { AnchorLink } from '../../../../components/links/anchor-link';
import { getErrorReason } from '../../../../lib/api-client';
import { focusFirstInvalid } from '../../../../lib/focus-first-invalid';
import { formatDateTime } from '../../../../lib/locale';
import { notify } from '../../../../lib/notifications';
import { failureOf, type FormFailure } from '../../../../lib/use-schema-form';
import { templateInputSchema, type Template } from '../../../../shared/contracts/documentation-template';
import { seasonText } from '../../../../shared/season-text';
import { templateQueryOptions, useTemplate } from '../../api/get-template';
import { useSaveTemplate } from '../../api/save-template';
import { CopyTemplateDialog } from './copy-template-dialog';
import type { EditorContext } from './editor-context';
import { ScoreScaleEditor, SCALE_BUTTON_ID } from './score-scale-editor';
import { SectionEditor, sectionButtonId } from './section-editor';
import { TemplatePreview } from './template-preview';
import { draftOf, newSection, templateErrors, toTemplateInput, uniqueKey, type TemplateDraft } from './template-draft';

type Props = {
  seasonIdentifier: string;
  /** the other seasons (to copy a template from) */
  seasons: { identifier: string; label: string }[];
};

const startedText = (n: number) =>
  `${n} ${n === 1 ? 'Bogen wurde' : 'Bögen wurden'} schon begonnen. Entfernte Fragen behalten ihre Antworten; Verwaltung und Jury sehen sie weiter.`;

/**
 * /verwaltung/dokuboegen/{season}/vorlage (admins): sections and questions of the season's form. The contract's
 * zod schema checks it (messages at the fields, by path); "Speichern" sends the version read, a 409 offers the
 * current state. Reordering is by buttons, announced in a live region.
 *
 * The one form capability (`useSchemaForm`) keys messages by top-level field; a template is a tree, so this form uses
 * @mantine/form directly with the same habits: checked on submit, then at each change; focus to the first message;
 * failures shown with `failureOf`/`FormAlert`.
 */
export function TemplateEditor({ seasonIdentifier, seasons }: Props) {
  const { data: template } = useTemplate(seasonIdentifier);
  // "Aktuellen Stand laden" and a copy start the form afresh; its own save does not (the focus stays on "Speichern",
  // the open sections stay open), nor does a newer version fetched in the background (what is typed stays; its save
  // answers 409 and offers the current state). The fresh form takes the focus where the reload left it: the button
  // that was pressed is gone with the old form
  const [restart, setRestart] = useState<{ generation: number; focus: FocusOnStart | null }>({ generation: 0, focus: null });
  return (
    <EditorForm
      key={`${seasonIdentifier}-${restart.generation}`}
      seasonIdentifier={seasonIdentifier}
      template={template}
      seasons={seasons}
      focusOnStart={restart.focus}
      onReloaded={(focus) => setRestart((r) => ({ generation: r.generation + 1, focus }))}
    />
  );
}

/** where a form started afresh puts the focus: its first field (after "Aktuellen Stand laden"), or the copy dialog's opener */
type FocusOnStart = 'first-field' | 'copy-opener';

function EditorForm({
  seasonIdentifier,
  template,
  seasons,
  focusOnStart,
  onReloaded,
}: Props & { template: Template; focusOnStart: FocusOnStart | null; onReloaded: (focus: FocusOnStart) => void }) {
  const queryClient = useQueryClient();
  const save = useSaveTemplate(seasonIdentifier);
  // the version this form read or last saved: the one its save sends
  const [version, setVersion] = useState(template.version);
  const submitted = useRef(false);
  const formRef = useRef<HTMLFormElement>(null);
  const copyOpener = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (focusOnStart === 'copy-opener') copyOpener.current?.focus();
    else if (focusOnStart === 'first-field') formRef.current?.querySelector<HTMLElement>('input, textarea, select, button')?.focus();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, when this form starts: later renders leave the focus where the person put it
  }, []);
  const [failure, setFailure] = useState<FormFailure | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const form = useForm<TemplateDraft>({
    mode: 'controlled',
    initialValues: draftOf(template),
    validate: (values) => templateErrors(values, version),
    clearInputErrorOnChange: false,
    // after a failed submit each change is checked again at once, so a message follows its correction
    onValuesChange: (values) => {
      if (submitted.current) mantine.current?.setErrors(templateErrors(values, version));
    },
  });
  const mantine = useRef(form);
  mantine.current = form;
  const values = form.getValues();
  // issue 19: sections collapse; a single section starts open, several start closed so the page starts as an overview
  const [openSections, setOpenSections] = useState<ReadonlySet<string>>(
    () => new Set(values.sections.length === 1 ? values.sections.map((x) => x.uid) : []),
  );
  const [scaleOpen, setScaleOpen] = useState(false);
  const toggleSection = (uid: string) =>
    setOpenSections((prev) => {
      const next = new Set(prev);
      if (!next.delete(uid)) next.add(uid);
      return next;
    });
  /** the table of contents: opens the target, scrolls to it and moves the focus to its disclosure button */
  const jumpTo = (buttonId: string, openIt: () => void) => {
    openIt();
    setTimeout(() => {
      const target = document.getElementById(buttonId);
      target?.scrollIntoView({ block: 'start' });
      target?.focus();
    }, 0);
  };
  const allKeys = () => form.getValues().sections.flatMap((s) => s.questions.map((q) => q.key));
  const sectionKeys = () => form.getValues().sections.map((s) => s.key);

  const focusLater = (selector: string) =>
    setTimeout(() => {
      const el = formRef.current?.querySelector<HTMLElement>(selector);
      const target = el?.matches('input, textarea, select, button') ? el : el?.querySelector<HTMLElement>('input, textarea, select, button');
      target?.focus();
    }, 0);

  const ctx: EditorContext = {
    form,
    keysLocked: template.startedForms > 0,
    move: (path, index, delta, uid, name) => {
      const to = index + delta;
      form.reorderListItem(path, { from: index, to });
      const length = (path.split('.').reduce<unknown>((node, key) => (node as Record<string, unknown>)[key], form.getValues()) as unknown[]).length;
      setAnnouncement(`${name} ist jetzt an Position ${to + 1} von ${length}.`);
      // the moved item keeps the focus; at the top or bottom its other button (this one is disabled there)
      setTimeout(() => {
        const own = formRef.current?.querySelector<HTMLButtonElement>(`[data-move="${uid}-${delta < 0 ? 'up' : 'down'}"]`);
        const other = formRef.current?.querySelector<HTMLButtonElement>(`[data-move="${uid}-${delta < 0 ? 'down' : 'up'}"]`);
        (own && !own.disabled ? own : other)?.focus();
      }, 0);
    },
    announce: (message, focusId) => {
      setAnnouncement(message);
      if (focusId) focusLater(`[data-focus-id="${focusId}"]`);
    },
  };

  const addSection = () => {
    const s = newSection(uniqueKey('abschnitt', sectionKeys()));
    form.insertListItem('sections', s);
    setOpenSections((prev) => new Set([...prev, s.uid]));
    ctx.announce(`Abschnitt ${values.sections.length + 1} hinzugefügt.`, `${s.uid}-title`);
  };

  const reload = async (focus: FocusOnStart) => {
    await queryClient.fetchQuery({ ...templateQueryOptions(seasonIdentifier), staleTime: 0 });
    onReloaded(focus);
  };

  const onSubmit = form.onSubmit(
    async (draft) => {
      setFailure(null);
      try {
        const saved = await save.mutateAsync(templateInputSchema.parse(toTemplateInput(draft, version)));
        setVersion(saved.version);
        form.resetDirty(draft);
        notify({ message: `Die Vorlage für ${seasonText(seasonIdentifier)} ist gespeichert.` });
      } catch (error) {
        const fields = getErrorReason(error)?.fields ?? {};
        if (Object.keys(fields).length > 0) {
          form.setErrors(fields);
          focusFirstInvalid(formRef.current, Object.keys(fields));
        } else setFailure(failureOf(error));
      }
    },
    (errors) => focusFirstInvalid(formRef.current, Object.keys(errors)),
  );

  const topError = form.errors.sections ?? form.errors._form;
  return (
    <>
      <Group justify="space-between" align="flex-start" wrap="wrap" mb="sm">
        <PageHeading>{`Vorlage des Dokumentationsbogens ${seasonText(seasonIdentifier)}`}</PageHeading>
        <Group gap="xs">
          <AnchorLink to="/verwaltung/dokuboegen/$seasonIdentifier" params={{ seasonIdentifier }}>
            Zur Liste der Dokumentationsbögen
          </AnchorLink>
          <CopyTemplateDialog
            seasonIdentifier={seasonIdentifier}
            version={version}
            seasons={seasons.filter((s) => s.identifier !== seasonIdentifier)}
            openerRef={copyOpener}
            onCopied={() => reload('copy-opener')}
          />
        </Group>
      </Group>
      <Text mb="sm" size="sm">
        {template.version === null
          ? 'Dieses KiTa-Jahr hat noch keine eigene Vorlage; du siehst die Standardvorlage. Beim ersten Speichern wird sie die Vorlage dieses KiTa-Jahres.'
          : `Zuletzt gespeichert${template.updatedAt ? ` am ${formatDateTime(template.updatedAt)}` : ''}${template.updatedBy ? ` von ${template.updatedBy}` : ''}.`}
      </Text>
      {template.startedForms > 0 && (
        <Alert color="orange" mb="md" title="Achtung">
          {startedText(template.startedForms)}
        </Alert>
      )}
      <VisuallyHidden role="status" aria-live="polite">
        {announcement}
      </VisuallyHidden>
      <LeaveGuard when={form.isDirty() && !save.isPending}>
        Deine Änderungen an der Vorlage sind noch nicht gespeichert. Wenn du die Seite verlässt, gehen sie verloren.
      </LeaveGuard>
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, lg: 3 }} miw={0}>
          <Paper component="nav" aria-label="Inhalt der Vorlage" withBorder p="sm" pos={{ base: 'static', lg: 'sticky' }} top={16}>
            <Text fw={700} mb={4}>
              Inhalt
            </Text>
            <List listStyleType="none" spacing={2} size="sm">
              {values.sections.map((x, si) => (
                <List.Item key={x.uid}>
                  <Anchor
                    href={`#${sectionButtonId(x.uid)}`}
                    size="sm"
                    onClick={(event) => {
                      event.preventDefault();
                      jumpTo(sectionButtonId(x.uid), () => setOpenSections((prev) => new Set([...prev, x.uid])));
                    }}
                  >
                    {`${si + 1}. ${x.title || 'Abschnitt ohne Titel'}`}
                  </Anchor>
                </List.Item>
              ))}
              <List.Item>
                <Anchor
                  href={`#${SCALE_BUTTON_ID}`}
                  size="sm"
                  onClick={(event) => {
                    event.preventDefault();
                    jumpTo(SCALE_BUTTON_ID, () => setScaleOpen(true));
                  }}
                >
                  Bewertungsskala der Jury
                </Anchor>
              </List.Item>
            </List>
            <Group gap={4} mt="xs">
              <Button size="compact-sm" variant="default" onClick={() => setOpenSections(new Set(values.sections.map((x) => x.uid)))}>
                Alle aufklappen
              </Button>
              <Button size="compact-sm" variant="default" onClick={() => setOpenSections(new Set())}>
                Alle zuklappen
              </Button>
            </Group>
          </Paper>
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 9 }} miw={0}>
          <form
            ref={formRef}
            noValidate
            aria-label="Vorlage bearbeiten"
            onSubmit={(event) => {
              submitted.current = true;
              onSubmit(event);
            }}
          >
            <Stack gap="lg">
              {values.sections.map((s, si) => (
                <SectionEditor
                  key={s.uid}
                  ctx={ctx}
                  si={si}
                  count={values.sections.length}
                  section={s}
                  allKeys={allKeys}
                  sectionKeys={sectionKeys}
                  open={openSections.has(s.uid)}
                  onToggle={() => toggleSection(s.uid)}
                />
              ))}
              {topError && (
                <Text c="red.8" role="alert">
                  {topError}
                </Text>
              )}
              <Group>
                <Button variant="light" data-focus-id="add-section" onClick={addSection}>
                  Abschnitt hinzufügen
                </Button>
              </Group>
              <ScoreScaleEditor ctx={ctx} open={scaleOpen} onToggle={() => setScaleOpen((o) => !o)} />
              <FormAlert failure={failure} onReload={() => reload('first-field')} />
              <FormErrorSummary errors={form.errors as Record<string, string>} />
              <Group justify="flex-end">
                <TemplatePreview getDraft={() => form.getValues()} version={version} />
                <Button type="submit" loading={save.isPending}>
                  Speichern
                </Button>
              </Group>
            </Stack>
          </form>
        </Grid.Col>
      </Grid>
    </>
  );
}

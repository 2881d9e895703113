import { Checkbox, Fieldset, Group, NativeSelect, NumberInput, Stack, Switch, Textarea, TextInput } from '@mantine/core';
import {
  DOC_LIMITS,
  fileTypeLabels,
  fileTypes,
  questionKindLabels,
  questionKinds,
  type FileTypeGroup,
  type QuestionKind,
} from '../../../../shared/contracts/documentation-template';
import type { EditorContext } from './editor-context';
import { Advanced } from './advanced';
import { MoveButtons } from './move-buttons';
import { OptionKeys, OptionsEditor } from './options-editor';
import { keyFromLabel, uniqueKey, withKind, type QuestionDraft } from './template-draft';

type Props = { ctx: EditorContext; si: number; qi: number; count: number; question: QuestionDraft; allKeys: () => string[] };

/** one question: kind, label, key, help, required and the kind's limits */
export function QuestionEditor({ ctx, si, qi, count, question: q, allKeys }: Props) {
  const { form } = ctx;
  const path = `sections.${si}.questions.${qi}`;
  const err = (field: string) => form.errors[`${path}.${field}`];
  const name = `Frage ${si + 1}.${qi + 1}${q.label ? ` „${q.label}“` : ''}`;
  const keyLocked = q.saved && ctx.keysLocked;
  // a key's message opens "Erweitert" (the question's own key or one of its options')
  const keyError = Object.keys(form.errors).some((k) => k === `${path}.key` || (k.startsWith(`${path}.options.`) && k.endsWith('.value')));
  const number = (field: 'maxLength' | 'min' | 'max' | 'maxChoices' | 'maxFiles', label: string, description?: string) => (
    <NumberInput
      label={label}
      description={description}
      w={200}
      allowDecimal={false}
      value={q[field]}
      error={err(field)}
      onChange={(value) => form.setFieldValue(`${path}.${field}`, value)}
    />
  );
  return (
    <Fieldset legend={name} p="sm" data-question={q.uid}>
      <Stack gap="xs">
        <Group justify="flex-end">
          <MoveButtons
            name={name}
            uid={q.uid}
            index={qi}
            count={count}
            onMove={(delta) => ctx.move(`sections.${si}.questions`, qi, delta, q.uid, name)}
            onRemove={() => {
              form.removeListItem(`sections.${si}.questions`, qi);
              ctx.announce(`${name} entfernt.`, `section-${si}-add-question`);
            }}
            removeLabel="Frage entfernen"
          />
        </Group>
        <Group align="flex-start" wrap="wrap">
          <NativeSelect
            label="Art der Frage"
            w={220}
            data={questionKinds.map((k) => ({ value: k, label: questionKindLabels[k] }))}
            value={q.kind}
            onChange={(e) => form.setFieldValue(path, withKind(q, e.currentTarget.value as QuestionKind))}
          />
          <TextInput
            label="Frage"
            required
            style={{ flex: '1 1 18rem' }}
            data-focus-id={`${q.uid}-label`}
            value={q.label}
            error={err('label')}
            onChange={(e) => {
              const label = e.currentTarget.value;
              form.setFieldValue(`${path}.label`, label);
              if (!q.keyTouched && !q.saved) {
                const others = allKeys().filter((k) => k !== q.key);
                form.setFieldValue(`${path}.key`, uniqueKey(keyFromLabel(label, 'frage'), others));
              }
            }}
          />
        </Group>
        <Textarea
          label="Hilfetext"
          rows={1}
          value={q.help}
          error={err('help')}
          onChange={(e) => form.setFieldValue(`${path}.help`, e.currentTarget.value)}
        />
        <Switch label="Pflichtfrage" checked={q.required} onChange={(e) => form.setFieldValue(`${path}.required`, e.currentTarget.checked)} />
        {(q.kind === 'text' || q.kind === 'long_text') && (
          <Group>{number('maxLength', 'Höchstens Zeichen', `1 bis ${q.kind === 'text' ? DOC_LIMITS.textMax : DOC_LIMITS.longTextMax}`)}</Group>
        )}
        {q.kind === 'number' && (
          <Group align="flex-start">
            {number('min', 'Kleinster Wert', 'leer: keine Grenze')}
            {number('max', 'Größter Wert', 'leer: keine Grenze')}
          </Group>
        )}
        {(q.kind === 'single_choice' || q.kind === 'multi_choice') && <OptionsEditor ctx={ctx} path={path} question={q} />}
        {q.kind === 'multi_choice' && <Group>{number('maxChoices', 'Höchstens wählbar', 'leer: beliebig viele')}</Group>}
        {q.kind === 'files' && (
          <>
            <Checkbox.Group
              label="Erlaubte Dateiarten"
              value={q.fileTypes}
              error={err('fileTypes')}
              onChange={(value) => form.setFieldValue(`${path}.fileTypes`, value as FileTypeGroup[])}
            >
              <Group mt={4}>
                {fileTypes.map((t) => (
                  <Checkbox key={t} value={t} label={fileTypeLabels[t]} />
                ))}
              </Group>
            </Checkbox.Group>
            <Group>{number('maxFiles', 'Höchstens Dateien', `1 bis ${DOC_LIMITS.maxFilesPerQuestion}`)}</Group>
            <Textarea
              label="Einwilligungstext"
              description="Wenn gesetzt, muss die KiTa ihn bestätigen, sobald sie eine Datei hochlädt (z. B. Einverständnis der Eltern bei Fotos von Kindern)."
              rows={2}
              value={q.consentLabel}
              error={err('consentLabel')}
              onChange={(e) => form.setFieldValue(`${path}.consentLabel`, e.currentTarget.value)}
            />
          </>
        )}
        <Advanced name={name} hasError={keyError}>
          <Group align="flex-start" wrap="wrap">
            <TextInput
              label="Schlüssel"
              description={
                keyLocked
                  ? 'Bleibt fest: Es wurden schon Bögen begonnen.'
                  : 'Entsteht aus der Frage und bleibt nach dem Speichern gleich. Für Antworten und Exporte: Kleinbuchstaben, Ziffern, _'
              }
              w={320}
              maw="100%"
              readOnly={keyLocked}
              value={q.key}
              error={err('key')}
              onChange={(e) => {
                form.setFieldValue(`${path}.key`, e.currentTarget.value);
                form.setFieldValue(`${path}.keyTouched`, true);
              }}
            />
          </Group>
          {(q.kind === 'single_choice' || q.kind === 'multi_choice') && <OptionKeys ctx={ctx} path={path} question={q} />}
        </Advanced>
      </Stack>
    </Fieldset>
  );
}

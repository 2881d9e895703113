import { Button, Fieldset, Group, Stack, Text, TextInput } from '@mantine/core';
import type { EditorContext } from './editor-context';
import { MoveButtons } from './move-buttons';
import { keyFromLabel, newOption, uniqueKey, type QuestionDraft } from './template-draft';

/** the options of a choice question: label and key each, add, remove, reorder */
export function OptionsEditor({ ctx, path, question }: { ctx: EditorContext; path: string; question: QuestionDraft }) {
  const { form } = ctx;
  const listPath = `${path}.options`;
  const error = form.errors[listPath];
  const setLabel = (oi: number, label: string) => {
    const option = question.options[oi]!;
    form.setFieldValue(`${listPath}.${oi}.label`, label);
    if (!option.valueTouched && !(option.saved && ctx.keysLocked)) {
      const others = question.options.filter((_, i) => i !== oi).map((o) => o.value);
      form.setFieldValue(`${listPath}.${oi}.value`, uniqueKey(keyFromLabel(label, 'option'), others));
    }
  };
  const add = () => {
    const option = newOption();
    form.insertListItem(listPath, option);
    ctx.announce(`Option ${question.options.length + 1} hinzugefügt.`, `${option.uid}-label`);
  };
  return (
    <Fieldset legend="Optionen" variant="filled" p="sm">
      <Stack gap="xs">
        {question.options.map((o, oi) => {
          const name = `Option ${oi + 1}${o.label ? ` „${o.label}“` : ''}`;
          return (
            <Group key={o.uid} align="flex-start" gap="xs" wrap="wrap">
              <TextInput
                label={`Option ${oi + 1}`}
                required
                w={260}
                data-focus-id={`${o.uid}-label`}
                value={o.label}
                error={form.errors[`${listPath}.${oi}.label`]}
                onChange={(e) => setLabel(oi, e.currentTarget.value)}
              />
              <div style={{ alignSelf: 'flex-end', paddingBottom: 4 }}>
                <MoveButtons
                  name={name}
                  uid={o.uid}
                  index={oi}
                  count={question.options.length}
                  onMove={(delta) => ctx.move(listPath, oi, delta, o.uid, name)}
                  onRemove={() => {
                    form.removeListItem(listPath, oi);
                    ctx.announce(`${name} entfernt.`, `${path}-add-option`);
                  }}
                  removeLabel="Entfernen"
                />
              </div>
            </Group>
          );
        })}
        {error && (
          <Text c="red.8" size="sm" role="alert">
            {error}
          </Text>
        )}
        <Group>
          <Button size="compact-sm" variant="light" data-focus-id={`${path}-add-option`} onClick={add}>
            Option hinzufügen
          </Button>
        </Group>
      </Stack>
    </Fieldset>
  );
}

/** the options' keys, shown behind the question's "Erweitert" (issue 19) */
export function OptionKeys({ ctx, path, question }: { ctx: EditorContext; path: string; question: QuestionDraft }) {
  const { form } = ctx;
  const listPath = `${path}.options`;
  return (
    <Group align="flex-start" gap="xs" wrap="wrap">
      {question.options.map((o, oi) => (
        <TextInput
          key={o.uid}
          label={`Schlüssel der Option ${oi + 1}${o.label ? ` „${o.label}“` : ''}`}
          w={240}
          maw="100%"
          readOnly={o.saved && ctx.keysLocked}
          value={o.value}
          error={form.errors[`${listPath}.${oi}.value`]}
          onChange={(e) => {
            form.setFieldValue(`${listPath}.${oi}.value`, e.currentTarget.value);
            form.setFieldValue(`${listPath}.${oi}.valueTouched`, true);
          }}
        />
      ))}
    </Group>
  );
}

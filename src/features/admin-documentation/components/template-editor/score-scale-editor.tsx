import { Fieldset, SimpleGrid, Stack, Text, TextInput, VisuallyHidden } from '@mantine/core';
import { juryCriteria, SCORE_DESCRIPTION_MAX, SCORE_MAX } from '../../../../shared/contracts/jury-scale';
import { DisclosureHeading } from './disclosure';
import type { EditorContext } from './editor-context';

export const SCALE_BUTTON_ID = 'vorlage-bewertungsskala';
const levels = Array.from({ length: SCORE_MAX + 1 }, (_, i) => i);

/**
 * Issue 19: what the jury's 0–5 points mean, per criterion and level: the jury sees the text of each level next to
 * its radio. Collapsible like a section; a message inside opens it.
 */
export function ScoreScaleEditor({ ctx, open: opened, onToggle }: { ctx: EditorContext; open: boolean; onToggle: () => void }) {
  const { form } = ctx;
  const values = form.getValues().scoreDescriptions;
  const open = opened || Object.keys(form.errors).some((k) => k.startsWith('scoreDescriptions'));
  return (
    <Fieldset legend={<VisuallyHidden>Bewertungsskala der Jury</VisuallyHidden>} pt="xs">
      <DisclosureHeading id={SCALE_BUTTON_ID} open={open} onToggle={onToggle} order={2}>
        Bewertungsskala der Jury
      </DisclosureHeading>
      <div id={`${SCALE_BUTTON_ID}-panel`}>
        {open && (
          <Stack gap="md" mt="xs">
            <Text size="sm">
              Beschreibe kurz, was 0 bis 5 Punkte je Kriterium bedeuten. Die Jury sieht den Text der Stufe an ihrer Auswahl. Leere Felder bleiben ohne
              Beschreibung.
            </Text>
            {juryCriteria.map((c) => (
              <Fieldset key={c.key} legend={`${c.label} (Gewicht ${c.weight})`} p="sm">
                <SimpleGrid cols={{ base: 1, md: 2 }} spacing="xs" verticalSpacing="xs">
                  {levels.map((i) => (
                    <TextInput
                      key={i}
                      label={`${i} ${i === 1 ? 'Punkt' : 'Punkte'}`}
                      aria-label={`${c.label}: ${i} ${i === 1 ? 'Punkt' : 'Punkte'}`}
                      maxLength={SCORE_DESCRIPTION_MAX + 50}
                      value={values[c.key][i] ?? ''}
                      error={form.errors[`scoreDescriptions.${c.key}.${i}`]}
                      onChange={(e) => form.setFieldValue(`scoreDescriptions.${c.key}.${i}`, e.currentTarget.value)}
                    />
                  ))}
                </SimpleGrid>
              </Fieldset>
            ))}
          </Stack>
        )}
      </div>
    </Fieldset>
  );
}

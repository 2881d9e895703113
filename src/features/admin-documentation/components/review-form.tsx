import { Fieldset, Group, Radio, Stack, Text, Textarea, VisuallyHidden } from '@mantine/core';
import { useState } from 'react';
import { z } from 'zod';
import { FormActions } from '../../../components/forms/form-actions';
import { FormAlert } from '../../../components/forms/form-alert';
import { FormErrorSummary } from '../../../components/forms/form-error-summary';
import { notify } from '../../../lib/notifications';
import { useSchemaForm } from '../../../lib/use-schema-form';
import {
  juryCriteria,
  reviewInputSchema,
  SCORE_MAX,
  weightedScore,
  type AdminDocumentationDetail,
  type JuryCriterionKey,
} from '../../../shared/contracts/admin-documentation';
import { useSaveReview } from '../api/save-review';
import { scoreText } from './format';

/** the contract's review, flat: one field per criterion, so each radio group carries its own message */
const reviewFormSchema = z.object({ ...reviewInputSchema.shape.scores.shape, comment: reviewInputSchema.shape.comment });
type Values = Record<JuryCriterionKey | 'comment', string>;

const points = Array.from({ length: SCORE_MAX + 1 }, (_, i) => String(i));
const scoreOf = (raw: string) => (raw === '' ? undefined : Number(raw));

const pointsText = (p: string) => (p === '1' ? '1 Punkt' : `${p} Punkte`);

/**
 * The caller's own review: 0–5 points per criterion (a radio group each, labelled with its weight) and a comment.
 * Issue 19: each level's meaning (the template's score descriptions) is the radio's accessible description, and the
 * text of the chosen level (or the one under the mouse) stands below the radios. Native radios of one name stay one
 * tab stop per criterion, chosen with the arrow keys.
 */
export function ReviewForm({ detail, onSaved }: { detail: AdminDocumentationDetail; onSaved?: () => void }) {
  const save = useSaveReview(detail.seasonIdentifier, detail.facilityId);
  const own = detail.ownReview;
  const initialValues = Object.fromEntries([
    ...juryCriteria.map((c) => [c.key, own?.scores[c.key] === undefined ? '' : String(own.scores[c.key])]),
    ['comment', own?.comment ?? ''],
  ]) as Values;
  const form = useSchemaForm({
    schema: reviewFormSchema,
    initialValues,
    toInput: (v) => ({ ...Object.fromEntries(juryCriteria.map((c) => [c.key, scoreOf(v[c.key])])), comment: v.comment }),
  });
  const total = weightedScore(Object.fromEntries(juryCriteria.map((c) => [c.key, scoreOf(form.values[c.key])])));
  const onSubmit = form.onSubmit(async (data) => {
    const { comment, ...scores } = data;
    await save.mutateAsync({ scores, comment });
    notify({ message: 'Deine Bewertung ist gespeichert.' });
    onSaved?.();
  });
  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate ref={form.formRef} aria-label="Deine Bewertung">
      <Stack gap="sm">
        {juryCriteria.map((c) => (
          <CriterionScale
            key={c.key}
            criterion={c}
            descriptions={detail.scoreDescriptions[c.key]}
            value={form.values[c.key]}
            error={form.errors[c.key]}
            onChange={(p) => form.setValue(c.key, p)}
          />
        ))}
        <Text size="sm">{`Gewichtete Punktzahl: ${scoreText(total)} von ${SCORE_MAX}`}</Text>
        <Textarea label="Kommentar (für Verwaltung und Jury)" rows={2} {...form.input('comment')} />
        <FormAlert failure={form.failure} />
        <FormErrorSummary errors={form.errors} />
        <FormActions submitLabel="Bewertung speichern" submitting={form.submitting} />
      </Stack>
    </form>
  );
}

type ScaleProps = {
  criterion: (typeof juryCriteria)[number];
  /** the template's texts of the levels 0–5, if any */
  descriptions: string[] | undefined;
  value: string;
  error: string | undefined;
  onChange: (points: string) => void;
};

/** one criterion's radios; the level under the mouse is this group's own state (a hover re-renders only it) */
function CriterionScale({ criterion: c, descriptions, value, error, onChange }: ScaleProps) {
  const [hovered, setHovered] = useState<string | null>(null);
  const errorId = `review-error-${c.key}`;
  const levelId = (p: string) => `review-level-${c.key}-${p}`;
  const textOf = (p: string) => descriptions?.[Number(p)] ?? '';
  const described = points.some((p) => textOf(p) !== '');
  const shown = hovered ?? value;
  return (
    <Fieldset legend={`${c.label} (Gewicht ${c.weight})`} variant="unstyled" p={0}>
      <Group gap="md" mt={4} onMouseLeave={described ? () => setHovered(null) : undefined}>
        {points.map((p) => {
          const describedBy = [textOf(p) ? levelId(p) : '', error ? errorId : ''].filter(Boolean).join(' ');
          return (
            <Radio
              key={p}
              name={c.key}
              value={p}
              label={p}
              checked={value === p}
              onChange={() => {
                // a choice (by keyboard too) shows its own text, not the level the mouse happens to rest on
                setHovered(null);
                onChange(p);
              }}
              wrapperProps={described ? { onMouseEnter: () => setHovered(p) } : undefined}
              aria-invalid={error ? true : undefined}
              aria-describedby={describedBy || undefined}
            />
          );
        })}
      </Group>
      {described && (
        <>
          {points.map((p) =>
            textOf(p) ? (
              <VisuallyHidden key={p} id={levelId(p)}>
                {textOf(p)}
              </VisuallyHidden>
            ) : null,
          )}
          {/* for the eye; screen readers hear the same text as the radio's description */}
          <Text size="sm" c="dimmed" mt={4} aria-hidden="true" data-testid={`level-text-${c.key}`} mih="1.55em">
            {shown === '' ? 'Wähle 0 bis 5 Punkte; hier steht, was sie bedeuten.' : `${pointsText(shown)}: ${textOf(shown) || 'ohne Beschreibung'}`}
          </Text>
        </>
      )}
      {error && (
        <Text c="red.8" size="sm" id={errorId} mt={4}>
          {error}
        </Text>
      )}
    </Fieldset>
  );
}

import { Fieldset, Group, Radio, Stack, Text, Textarea } from '@mantine/core';
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

/** The caller's own review: 0–5 points per criterion (a radio group each, labelled with its weight) and a comment. */
export function ReviewForm({ detail }: { detail: AdminDocumentationDetail }) {
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
  });
  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate ref={form.formRef} aria-label="Deine Bewertung">
      <Stack gap="sm">
        {juryCriteria.map((c) => {
          const error = form.errors[c.key];
          const errorId = `review-error-${c.key}`;
          return (
            <Fieldset key={c.key} legend={`${c.label} (Gewicht ${c.weight})`} variant="unstyled" p={0}>
              <Group gap="md" mt={4}>
                {points.map((p) => (
                  <Radio
                    key={p}
                    name={c.key}
                    value={p}
                    label={p}
                    checked={form.values[c.key] === p}
                    onChange={() => form.setValue(c.key, p)}
                    aria-invalid={error ? true : undefined}
                    aria-describedby={error ? errorId : undefined}
                  />
                ))}
              </Group>
              {error && (
                <Text c="red.8" size="sm" id={errorId} mt={4}>
                  {error}
                </Text>
              )}
            </Fieldset>
          );
        })}
        <Text size="sm">{`Gewichtete Punktzahl: ${scoreText(total)} von ${SCORE_MAX}`}</Text>
        <Textarea label="Kommentar (für Verwaltung und Jury)" rows={2} {...form.input('comment')} />
        <FormAlert failure={form.failure} />
        <FormErrorSummary errors={form.errors} />
        <FormActions submitLabel="Bewertung speichern" submitting={form.submitting} />
      </Stack>
    </form>
  );
}

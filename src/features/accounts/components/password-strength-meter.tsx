import { Progress, Text } from '@mantine/core';
import type { PasswordVerdict } from '../../../shared/password-strength';

const labels = ['sehr schwach', 'schwach', 'mittel', 'stark', 'sehr stark'] as const;
const colors = ['red', 'red', 'orange', 'teal', 'green'] as const;

/** Strength while typing; the text (not the colour) carries the verdict, and it is announced politely. */
export function PasswordStrengthMeter({ verdict, id }: { verdict: PasswordVerdict | null; id?: string }) {
  const score = verdict?.score ?? 0;
  const label = verdict ? `Passwortstärke: ${labels[score] ?? labels[0]}` : 'Passwortstärke: noch nicht bewertet';
  return (
    <div>
      <Progress value={verdict ? ((score + 1) / 5) * 100 : 0} color={colors[score] ?? 'red'} size="sm" aria-label="Passwortstärke" />
      <Text id={id} size="sm" mt={4} aria-live="polite" c={verdict && !verdict.ok ? 'red.8' : undefined}>
        {label}
        {verdict && !verdict.ok ? ` – ${verdict.message}` : ''}
      </Text>
    </div>
  );
}

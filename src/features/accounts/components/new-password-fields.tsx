import { PasswordInput } from '@mantine/core';
import type { ChangeEvent } from 'react';
import type { PasswordVerdict } from '../../../shared/password-strength';
import { PasswordStrengthMeter } from './password-strength-meter';

type FieldProps = { name: string; value: string; error?: string; onChange: (event: ChangeEvent<HTMLInputElement>) => void };
type Props = { password: FieldProps; repeat: FieldProps; verdict: PasswordVerdict | null; label?: string; repeatLabel?: string };

const toggle = { 'aria-label': 'Eingabe anzeigen' };

/** A new password twice, with its strength while typing (12 to 128 characters, no composition rules). */
export function NewPasswordFields({ password, repeat, verdict, label = 'Neues Passwort', repeatLabel = 'Neues Passwort wiederholen' }: Props) {
  return (
    <>
      <PasswordInput
        label={label}
        description="Mindestens 12 Zeichen. Gut merkbar und schwer zu erraten: zum Beispiel mehrere Wörter."
        autoComplete="new-password"
        visibilityToggleButtonProps={toggle}
        {...password}
      />
      <PasswordStrengthMeter verdict={verdict} />
      <PasswordInput label={repeatLabel} autoComplete="new-password" visibilityToggleButtonProps={toggle} {...repeat} />
    </>
  );
}

import { Alert, Anchor, Button, Group, PasswordInput, Stack, TextInput } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { lazy, Suspense, useState, type FormEvent } from 'react';
import { focusFirstInvalid } from '../../../lib/focus-first-invalid';
import { loadAuthContract } from '../auth-contract';
import { hasFailed, isRequestingLogin } from '../auth-machine';
import { useAuthState } from '../hooks/use-auth-state';
import { useLoginAction } from '../hooks/use-login-action';
import { SecondFactorStep, secondFactorCodeError } from './second-factor-step';

// only admins right after setting up their second factor see these: not part of the login page's first load
const RecoveryCodesNotice = lazy(() =>
  import('../../../components/two-factor/recovery-codes-notice').then((m) => ({ default: m.RecoveryCodesNotice })),
);

type FieldErrors = Partial<Record<'email' | 'password' | 'totp', string>>;

/** SPEC §6: fields "E-Mail" and "Passwort", button "Anmelden" — e2e suites find them by these names. */
export function LoginForm() {
  const state = useAuthState();
  const { submit, factor, recoveryCodes, confirmRecoveryCodes, pending } = useLoginAction();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [totp, setTotp] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const { loginRequestSchema } = await loadAuthContract();
    const parsed = loginRequestSchema.safeParse({ email, password, ...(factor ? { totp: totp.trim() } : {}) });
    const totpError = factor ? secondFactorCodeError(factor, totp) : undefined;
    if (!parsed.success || totpError) {
      const next: FieldErrors = { totp: totpError };
      for (const issue of parsed.success ? [] : parsed.error.issues) {
        const field = issue.path[0] as keyof FieldErrors;
        next[field] ??= issue.message;
      }
      setErrors(next);
      // the login keeps its own small form (first-load budget, docs/decisions/0006) but the same focus rule
      focusFirstInvalid(
        form,
        Object.keys(next).filter((key) => next[key as keyof FieldErrors]),
      );
      return;
    }
    setErrors({});
    void submit(parsed.data);
  }

  const busy = pending || isRequestingLogin(state);

  if (recoveryCodes)
    return (
      <Suspense fallback={null}>
        <RecoveryCodesNotice codes={recoveryCodes} onConfirm={() => void confirmRecoveryCodes()} confirmLabel="Weiter zum Portal" />
      </Suspense>
    );

  return (
    // the validator loads as soon as the visitor starts on the form (focus), so submitting never waits for it
    <form onSubmit={(event) => void onSubmit(event)} onFocus={() => void loadAuthContract()} noValidate aria-label="Anmelden">
      <Stack gap="md">
        {hasFailed(state) && state.error && !factor && (
          <Alert color="red" role="alert" title="Das hat nicht geklappt">
            {state.error}
          </Alert>
        )}
        <TextInput
          label="E-Mail"
          type="email"
          autoComplete="username"
          required
          // The asterisk would become part of the label text some test tools match exactly.
          withAsterisk={false}
          value={email}
          onChange={(event) => setEmail(event.currentTarget.value)}
          error={errors.email}
        />
        <PasswordInput
          label="Passwort"
          autoComplete="current-password"
          required
          withAsterisk={false}
          value={password}
          onChange={(event) => setPassword(event.currentTarget.value)}
          error={errors.password}
          aria-invalid={errors.password ? true : undefined}
          // Not named "Passwort …": e2e suites look the field up by that label.
          visibilityToggleButtonProps={{ 'aria-label': 'Eingabe anzeigen' }}
        />
        {factor && (
          <SecondFactorStep
            factor={factor}
            value={totp}
            error={errors.totp}
            onChange={(value) => {
              setTotp(value);
              setErrors({ ...errors, totp: undefined });
            }}
          />
        )}
        <Group justify="space-between">
          <Anchor component={Link} to="/passwort-vergessen" size="sm">
            Passwort vergessen?
          </Anchor>
          <Button type="submit" loading={busy}>
            Anmelden
          </Button>
        </Group>
        <Anchor component={Link} to="/registrieren" size="sm">
          Noch kein Benutzerkonto? Hier kannst du dich registrieren.
        </Anchor>
      </Stack>
    </form>
  );
}

import { Button, Stack, Text } from '@mantine/core';
import { useSuspenseQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { getErrorReason } from '../../../lib/api-client';
import { passwordResetRequestSchema, type PasswordResetResponse } from '../../../shared/contracts/accounts';
import { tokenStatusQueryOptions } from '../api/get-token-status';
import { useResetPasswordMutation } from '../api/reset-password';
import { passwordRepeatCheck } from '../hooks/password-repeat-check';
import { FormAlert } from '../../../components/forms/form-alert';
import { useSchemaForm } from '../../../lib/use-schema-form';
import { usePasswordStrength } from '../hooks/use-password-strength';
import { NewPasswordFields } from './new-password-fields';
import { TokenProblem, tokenStateOfCode, type TokenProblemState } from './token-problem';

type Props = {
  token: string;
  /** the new password is set: the route writes the session (logged in, or off to /login with a second factor) */
  onDone: (answer: PasswordResetResponse) => Promise<void>;
};

function ResetForm({ token, onDone }: Props) {
  const mutation = useResetPasswordMutation();
  const [problem, setProblem] = useState<{ state: TokenProblemState; msg: string } | null>(null);
  const form = useSchemaForm({
    schema: passwordResetRequestSchema,
    initialValues: { token, password: '', passwordRepeat: '' },
    check: passwordRepeatCheck,
  });
  const verdict = usePasswordStrength(form.values.password);
  const submit = form.onSubmit(async (data) => {
    if (verdict && !verdict.ok) return form.setErrors({ password: verdict.message });
    let answer: PasswordResetResponse;
    try {
      answer = await mutation.mutateAsync(data);
    } catch (error) {
      const reason = getErrorReason(error);
      const state = tokenStateOfCode(reason?.code);
      if (state && reason) return setProblem({ state, msg: reason.message });
      throw error;
    }
    await onDone(answer);
  });

  if (problem) return <TokenProblem kind="password-reset" state={problem.state} message={problem.msg} />;
  return (
    <form noValidate ref={form.formRef} aria-label="Passwort zurücksetzen" onSubmit={(event) => void submit(event)}>
      <Stack gap="md">
        <Text>Lege ein neues Passwort fest. Danach bist du angemeldet; alle anderen Sitzungen deines Kontos enden.</Text>
        <FormAlert failure={form.failure} />
        <NewPasswordFields password={form.input('password')} repeat={form.input('passwordRepeat')} verdict={verdict} />
        <Button type="submit" loading={mutation.isPending} style={{ alignSelf: 'flex-start' }}>
          Passwort speichern
        </Button>
      </Stack>
    </form>
  );
}

/** /passwort-wiederherstellen-{token}: the link of the forgotten-password mail (valid 1 h, single use). */
export function PasswordResetPage({ token, onDone }: Props) {
  const { data: status } = useSuspenseQuery(tokenStatusQueryOptions('password-reset', token));
  if (status.status !== 'valid') return <TokenProblem kind="password-reset" state={status.status} message={status.msg} />;
  return <ResetForm token={token} onDone={onDone} />;
}

import { Alert, Anchor, Button, Loader, Stack, Text } from '@mantine/core';
import { useSuspenseQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useEffect, useRef, useState } from 'react';
import { getErrorReason, isAlreadyNotified, reportError } from '../../../lib/api-client';
import { activateRequestSchema } from '../../../shared/contracts/accounts';
import { useActivateMutation } from '../api/activate';
import { tokenStatusQueryOptions } from '../api/get-token-status';
import { passwordRepeatCheck } from '../hooks/password-repeat-check';
import { FormAlert } from '../../../components/forms/form-alert';
import { useSchemaForm } from '../../../lib/use-schema-form';
import { usePasswordStrength } from '../hooks/use-password-strength';
import { NewPasswordFields } from './new-password-fields';
import { TokenProblem, tokenStateOfCode, type TokenProblemState } from './token-problem';

type Outcome = { kind: 'done'; msg: string } | { kind: 'problem'; state: TokenProblemState; msg: string } | null;

function Activated({ msg }: { msg: string }) {
  return (
    <Stack gap="md">
      <Alert color="green" title="Dein Benutzerkonto ist aktiviert" role="status">
        {msg}
      </Alert>
      <Anchor component={Link} to="/login" underline="always">
        Zum Anmelden
      </Anchor>
    </Stack>
  );
}

function useOutcome() {
  const [outcome, setOutcome] = useState<Outcome>(null);
  const fail = (error: unknown) => {
    const reason = getErrorReason(error);
    const state = tokenStateOfCode(reason?.code);
    if (state && reason) setOutcome({ kind: 'problem', state, msg: reason.message });
    else if (!isAlreadyNotified(error)) reportError(error, 'Dein Benutzerkonto konnte nicht aktiviert werden.');
  };
  return { outcome, setOutcome, fail };
}

/** Activates as soon as the page opens (a registration); StrictMode's second effect run must not send twice. */
function ActivateOnLoad({ token }: { token: string }) {
  const mutation = useActivateMutation();
  const { outcome, setOutcome, fail } = useOutcome();
  const sent = useRef(false);
  useEffect(() => {
    if (sent.current) return;
    sent.current = true;
    mutation.mutateAsync({ token }).then((answer) => setOutcome({ kind: 'done', msg: answer.msg }), fail);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per token
  }, [token]);

  if (outcome?.kind === 'done') return <Activated msg={outcome.msg} />;
  if (outcome?.kind === 'problem') return <TokenProblem kind="activation" state={outcome.state} message={outcome.msg} />;
  if (mutation.isError) {
    return (
      <Stack gap="md" align="flex-start">
        <Text>Dein Benutzerkonto konnte gerade nicht aktiviert werden.</Text>
        <Button onClick={() => mutation.mutateAsync({ token }).then((a) => setOutcome({ kind: 'done', msg: a.msg }), fail)}>
          Noch einmal versuchen
        </Button>
      </Stack>
    );
  }
  return (
    <Stack gap="sm" align="flex-start" role="status">
      <Loader size="sm" aria-hidden />
      <Text>Dein Benutzerkonto wird aktiviert …</Text>
    </Stack>
  );
}

/** An account an admin created has no password yet: it is set here, then the account is active. */
function ActivateWithPassword({ token }: { token: string }) {
  const mutation = useActivateMutation();
  const { outcome, setOutcome, fail } = useOutcome();
  const form = useSchemaForm({
    schema: activateRequestSchema,
    initialValues: { token, password: '', passwordRepeat: '' },
    check: passwordRepeatCheck,
  });
  const verdict = usePasswordStrength(form.values.password);
  const submit = form.onSubmit(async (data) => {
    if (verdict && !verdict.ok) return form.setErrors({ password: verdict.message });
    try {
      setOutcome({ kind: 'done', msg: (await mutation.mutateAsync(data)).msg });
    } catch (error) {
      if (tokenStateOfCode(getErrorReason(error)?.code)) fail(error);
      else throw error;
    }
  });

  if (outcome?.kind === 'done') return <Activated msg={outcome.msg} />;
  if (outcome?.kind === 'problem') return <TokenProblem kind="activation" state={outcome.state} message={outcome.msg} />;
  return (
    <form noValidate ref={form.formRef} aria-label="Passwort festlegen" onSubmit={(event) => void submit(event)}>
      <Stack gap="md">
        <Text>Für dich wurde ein Benutzerkonto angelegt. Lege jetzt dein Passwort fest, dann ist es aktiv.</Text>
        <FormAlert failure={form.failure} />
        <NewPasswordFields
          password={form.input('password')}
          repeat={form.input('passwordRepeat')}
          verdict={verdict}
          label="Passwort"
          repeatLabel="Passwort wiederholen"
        />
        <Button type="submit" loading={mutation.isPending} style={{ alignSelf: 'flex-start' }}>
          Passwort festlegen und aktivieren
        </Button>
      </Stack>
    </form>
  );
}

/** /aktivieren/ct{token}: the link of the activation mail (SPEC §4). */
export function ActivationPage({ token }: { token: string }) {
  const { data: status } = useSuspenseQuery(tokenStatusQueryOptions('activation', token));
  if (status.status !== 'valid') return <TokenProblem kind="activation" state={status.status} message={status.msg} />;
  return status.needsPassword ? <ActivateWithPassword token={token} /> : <ActivateOnLoad token={token} />;
}

import { Alert, Anchor, Button, Loader, Stack, Text } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { useEffect, useRef, useState } from 'react';
import { getErrorReason, isAlreadyNotified, reportError } from '../../../lib/api-client';
import { useConfirmEmailChangeMutation } from '../api/confirm-email-change';
import { TokenProblem, tokenStateOfCode, type TokenProblemState } from './token-problem';

type Outcome = { kind: 'done'; msg: string } | { kind: 'problem'; state: TokenProblemState; msg: string } | { kind: 'refused'; msg: string } | null;

type Props = { token: string; loggedIn: boolean; onConfirmed: () => Promise<void> };

/** The link of the e-mail-change mail: confirms on load (public — it may be opened in another browser). */
export function EmailConfirmPage({ token, loggedIn, onConfirmed }: Props) {
  const mutation = useConfirmEmailChangeMutation();
  const [outcome, setOutcome] = useState<Outcome>(null);
  const sent = useRef(false);

  const confirm = () =>
    mutation.mutateAsync({ token }).then(
      async (answer) => {
        setOutcome({ kind: 'done', msg: answer.msg });
        await onConfirmed();
      },
      (error: unknown) => {
        const reason = getErrorReason(error);
        // a link cut short (the token's shape) is refused by the request's check, which names the field: the same
        // page as for a link that is unknown or used, not "Bitte prüfe deine Eingaben." for a page without inputs
        const cutShort = reason?.fields?.token;
        const state = cutShort ? 'malformed' : tokenStateOfCode(reason?.code);
        if (state && reason) setOutcome({ kind: 'problem', state, msg: cutShort ?? reason.message });
        else if (reason) setOutcome({ kind: 'refused', msg: reason.message });
        else if (!isAlreadyNotified(error)) reportError(error, 'Die neue E-Mail-Adresse konnte nicht bestätigt werden.');
      },
    );

  useEffect(() => {
    if (sent.current) return;
    sent.current = true;
    void confirm();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per token
  }, [token]);

  if (outcome?.kind === 'problem') return <TokenProblem kind="email-change" state={outcome.state} message={outcome.msg} />;
  if (outcome) {
    const done = outcome.kind === 'done';
    return (
      <Stack gap="md">
        <Alert
          color={done ? 'green' : 'red'}
          title={done ? 'Neue E-Mail-Adresse bestätigt' : 'Das hat nicht geklappt'}
          role={done ? 'status' : 'alert'}
        >
          {outcome.msg}
        </Alert>
        <Anchor component={Link} to={loggedIn ? '/einstellungen' : '/login'} underline="always">
          {loggedIn ? 'Zu den Einstellungen' : 'Zum Anmelden'}
        </Anchor>
      </Stack>
    );
  }
  if (mutation.isError) {
    return (
      <Stack gap="md" align="flex-start">
        <Text>Die Bestätigung hat gerade nicht geklappt.</Text>
        <Button onClick={() => void confirm()}>Noch einmal versuchen</Button>
      </Stack>
    );
  }
  return (
    <Stack gap="sm" align="flex-start" role="status">
      <Loader size="sm" aria-hidden />
      <Text>Deine neue E-Mail-Adresse wird bestätigt …</Text>
    </Stack>
  );
}

import { Alert, Anchor, Stack, Text } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import type { TokenKind, TokenStatusResponse } from '../../../shared/contracts/accounts';
import type { ErrorCode } from '../../../shared/contracts/error-codes';

export type TokenProblemState = Exclude<TokenStatusResponse['status'], 'valid'>;

const titles: Record<TokenProblemState, string> = {
  malformed: 'Der Link ist unvollständig',
  unknown: 'Diesen Link kennen wir nicht',
  expired: 'Der Link ist abgelaufen',
  used: 'Der Link wurde schon benutzt',
  deactivated: 'Das Benutzerkonto ist gesperrt',
};

/** Where to get a fresh link, per kind of link. */
function NextStep({ kind, state }: { kind: TokenKind; state: TokenProblemState }) {
  if (state === 'deactivated') {
    return <Text size="sm">Bitte melde dich bei uns, wenn du Fragen dazu hast.</Text>;
  }
  if (kind === 'activation') {
    return state === 'used' ? (
      <Anchor component={Link} to="/login" underline="always">
        Zum Anmelden
      </Anchor>
    ) : (
      <Anchor component={Link} to="/aktivieren/wiederholen" underline="always">
        Neuen Aktivierungslink anfordern
      </Anchor>
    );
  }
  if (kind === 'password-reset') {
    return (
      <Anchor component={Link} to="/passwort-vergessen" underline="always">
        Neuen Link zum Zurücksetzen anfordern
      </Anchor>
    );
  }
  return (
    <Anchor component={Link} to="/einstellungen" underline="always">
      Zu den Einstellungen
    </Anchor>
  );
}

/** A link from a mail that cannot be used: what happened and what to do now. */
export function TokenProblem({ kind, state, message }: { kind: TokenKind; state: TokenProblemState; message: string }) {
  return (
    <Stack gap="md">
      <Alert color={state === 'used' && kind === 'activation' ? 'blue' : 'red'} title={titles[state]} role="alert">
        {message}
      </Alert>
      <NextStep kind={kind} state={state} />
    </Stack>
  );
}

/** The codes of token calls (the catalogue's `token.*` entries) as the states the page explains. */
export function tokenStateOfCode(code: string | undefined): TokenProblemState | undefined {
  switch (code as ErrorCode | undefined) {
    case 'token_malformed':
      return 'malformed';
    case 'token_unknown':
      return 'unknown';
    case 'token_expired':
      return 'expired';
    case 'token_used':
      return 'used';
    case 'account_deactivated':
      return 'deactivated';
    default:
      return undefined;
  }
}

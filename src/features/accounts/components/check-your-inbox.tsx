import { Alert, Anchor, Stack, Text } from '@mantine/core';
import { Link } from '@tanstack/react-router';

type Props = { message: string; resendHint?: boolean };

/** The answer of every flow that must not tell whether an address has an account: always the same. */
export function CheckYourInbox({ message, resendHint = false }: Props) {
  return (
    <Stack gap="md">
      <Alert color="green" title="Schau in dein Postfach" role="status">
        {message}
      </Alert>
      <Text size="sm">
        Die E-Mail ist nicht da? Schau bitte auch im Spam-Ordner nach. Tippfehler in der Adresse passieren schnell – dann probier es einfach noch
        einmal.
      </Text>
      {resendHint && (
        <Text size="sm">
          <Anchor component={Link} to="/aktivieren/wiederholen" underline="always">
            Aktivierungslink neu anfordern
          </Anchor>
        </Text>
      )}
      <Text size="sm">
        <Anchor component={Link} to="/login" underline="always">
          Zum Anmelden
        </Anchor>
      </Text>
    </Stack>
  );
}

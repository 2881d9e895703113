import { Alert, Button, Group, Stack } from '@mantine/core';
import type { FormFailure } from '../../lib/use-schema-form';

/**
 * The form-level failure of `useSchemaForm`, announced at once: a 409 (someone saved meanwhile) in orange with the
 * contract's text and, given `onReload`, the one way out: "Aktuellen Stand laden (deine Eingaben werden verworfen)";
 * anything else in red.
 */
export function FormAlert({ failure, onReload }: { failure: FormFailure | null; onReload?: () => unknown }) {
  if (!failure) return null;
  return (
    <Alert color={failure.conflict ? 'orange' : 'red'} role="alert" title={failure.conflict ? 'Jemand war schneller' : 'Das hat nicht geklappt'}>
      <Stack gap="xs">
        {failure.message}
        {failure.conflict && onReload && (
          <Group>
            <Button size="xs" variant="default" onClick={() => void onReload()}>
              Aktuellen Stand laden (deine Eingaben werden verworfen)
            </Button>
          </Group>
        )}
      </Stack>
    </Alert>
  );
}

import { Alert, Stack } from '@mantine/core';
import type { ReactNode } from 'react';
import type { FormFailure } from '../../lib/use-schema-form';

/**
 * The form-level failure of `useSchemaForm`, announced at once: a 409 (someone saved meanwhile) in orange with the
 * contract's text and room for a way out (`children`, e.g. "Aktuellen Stand laden"), anything else in red.
 */
export function FormAlert({ failure, children }: { failure: FormFailure | null; children?: ReactNode }) {
  if (!failure) return null;
  return (
    <Alert color={failure.conflict ? 'orange' : 'red'} role="alert" title={failure.conflict ? 'Jemand war schneller' : 'Das hat nicht geklappt'}>
      <Stack gap="xs">
        {failure.message}
        {failure.conflict && children}
      </Stack>
    </Alert>
  );
}

import { Alert } from '@mantine/core';
import type { FieldErrors } from '../../lib/form-errors';

/** One line above the submit button, so a message further up the form isn't missed. */
export function FormErrorSummary({ errors }: { errors: FieldErrors }) {
  const count = Object.keys(errors).length;
  if (count === 0) return null;
  return (
    <Alert color="red" variant="light" role="alert">
      {count === 1 ? 'Bitte prüfe das markierte Feld.' : `Bitte prüfe die ${count} markierten Felder.`}
    </Alert>
  );
}

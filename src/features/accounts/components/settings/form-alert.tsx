import { Alert } from '@mantine/core';

/** The form-level failure (a server reason without fields), announced at once. */
export function FormAlert({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <Alert color="red" role="alert" title="Das hat nicht geklappt">
      {message}
    </Alert>
  );
}

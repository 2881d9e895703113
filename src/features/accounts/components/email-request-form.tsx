import { Button, Stack, Text, TextInput } from '@mantine/core';
import type { UseMutationResult } from '@tanstack/react-query';
import { useState } from 'react';
import { emailOnlyRequestSchema } from '../../../shared/contracts/accounts';
import { FormAlert } from '../../../components/forms/form-alert';
import { useSchemaForm } from '../../../lib/use-schema-form';
import { CheckYourInbox } from './check-your-inbox';

type Props = {
  intro: string;
  submitLabel: string;
  formLabel: string;
  mutation: UseMutationResult<{ msg: string }, Error, { email: string }>;
  resendHint?: boolean;
};

/**
 * One e-mail field for the flows that must not tell whether an address has an account (resend activation,
 * forgotten password): the answer is always the same. Too many requests (429) show the server's message.
 */
export function EmailRequestForm({ intro, submitLabel, formLabel, mutation, resendHint }: Props) {
  const [done, setDone] = useState<string | null>(null);
  const form = useSchemaForm({ schema: emailOnlyRequestSchema, initialValues: { email: '' } });
  const submit = form.onSubmit(async (data) => setDone((await mutation.mutateAsync(data)).msg));

  if (done) return <CheckYourInbox message={done} resendHint={resendHint} />;
  return (
    <form noValidate ref={form.formRef} aria-label={formLabel} onSubmit={(event) => void submit(event)}>
      <Stack gap="md">
        <Text>{intro}</Text>
        <FormAlert failure={form.failure} />
        <TextInput label="E-Mail" type="email" autoComplete="email" {...form.input('email')} />
        <Button type="submit" loading={mutation.isPending} style={{ alignSelf: 'flex-start' }}>
          {submitLabel}
        </Button>
      </Stack>
    </form>
  );
}

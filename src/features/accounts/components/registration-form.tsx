import { Anchor, Button, Checkbox, Group, PasswordInput, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { getErrorReason, getPublicConfig } from '../../../lib/api-client';
import { FormAlert } from '../../../components/forms/form-alert';
import { passwordRepeatCheck } from '../hooks/password-repeat-check';
import { useSchemaForm } from '../../../lib/use-schema-form';
import { registerRequestSchema } from '../../../shared/contracts/accounts';
import { hasErrorCode } from '../../../shared/contracts/has-error-code';
import { privacyPolicyQueryOptions, usePrivacyPolicy } from '../api/get-privacy-policy';
import { useRegisterMutation } from '../api/register';
import { usePasswordStrength } from '../hooks/use-password-strength';
import { CheckYourInbox } from './check-your-inbox';
import { PasswordStrengthMeter } from './password-strength-meter';
import { PrivacyPolicyDialog } from './privacy-policy-dialog';

const initial = {
  privacyPolicyVersion: '',
  firstName: '',
  lastName: '',
  email: '',
  password: '',
  passwordRepeat: '',
  acceptPrivacyPolicy: false,
  newsletter: false,
};

/** SPEC §6: "Vorname", "Nachname", "E-Mail", "Passwort", "Passwort wiederholen", button "Registrieren". */
export function RegistrationForm() {
  const policy = usePrivacyPolicy();
  const mutation = useRegisterMutation();
  const [done, setDone] = useState<string | null>(null);
  // the version shown travels with the consent; before the first published version the server takes any value
  const queryClient = useQueryClient();
  const shownVersion = policy.version ?? 'keine';
  const form = useSchemaForm({
    schema: registerRequestSchema,
    initialValues: { ...initial, privacyPolicyVersion: shownVersion },
    check: passwordRepeatCheck,
  });
  const { values } = form;
  const verdict = usePasswordStrength(values.password, values);

  // An admin published a newer version meanwhile (409 policy_outdated): it must be read and accepted anew.
  useEffect(() => {
    if (values.privacyPolicyVersion !== shownVersion) form.patch({ privacyPolicyVersion: shownVersion, acceptPrivacyPolicy: false });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only when the version in force changes
  }, [shownVersion]);

  const submit = form.onSubmit(async (data) => {
    if (verdict && !verdict.ok) {
      form.setErrors({ password: verdict.message });
      return;
    }
    try {
      setDone((await mutation.mutateAsync(data)).msg);
    } catch (error) {
      if (hasErrorCode(getErrorReason(error), 'policy_outdated'))
        void queryClient.invalidateQueries({ queryKey: privacyPolicyQueryOptions().queryKey });
      throw error;
    }
  });

  if (done) return <CheckYourInbox message={done} resendHint />;

  return (
    <form noValidate ref={form.formRef} aria-label="Registrierung" onSubmit={(event) => void submit(event)}>
      <Stack gap="md">
        <FormAlert failure={form.failure} />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput label="Vorname" autoComplete="given-name" {...form.input('firstName')} />
          <TextInput label="Nachname" autoComplete="family-name" {...form.input('lastName')} />
        </SimpleGrid>
        <TextInput label="E-Mail" type="email" autoComplete="email" {...form.input('email')} />
        <PasswordInput
          label="Passwort"
          description="Mindestens 12 Zeichen. Gut merkbar und schwer zu erraten: zum Beispiel mehrere Wörter."
          autoComplete="new-password"
          visibilityToggleButtonProps={{ 'aria-label': 'Eingabe anzeigen' }}
          {...form.input('password')}
        />
        <PasswordStrengthMeter verdict={verdict} />
        <PasswordInput
          label="Passwort wiederholen"
          autoComplete="new-password"
          visibilityToggleButtonProps={{ 'aria-label': 'Eingabe anzeigen' }}
          {...form.input('passwordRepeat')}
        />
        <Checkbox
          label={`Ich habe die Datenschutzerklärung${policy.version ? ` (Fassung ${policy.version})` : ''} gelesen und bin einverstanden.`}
          {...form.checkbox('acceptPrivacyPolicy')}
          error={form.errors.acceptPrivacyPolicy ?? form.errors.privacyPolicyVersion}
        />
        <PrivacyPolicyDialog version={policy.version} publishedAt={policy.publishedAt} programmeName={getPublicConfig().programmeName} />
        <Checkbox label="Ich möchte den Newsletter bekommen (freiwillig, jederzeit abbestellbar)." {...form.checkbox('newsletter')} />
        <Group justify="space-between">
          <Text size="sm">
            Schon registriert?{' '}
            <Anchor component={Link} to="/login" underline="always">
              Zum Anmelden
            </Anchor>
          </Text>
          <Button type="submit" loading={mutation.isPending}>
            Registrieren
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

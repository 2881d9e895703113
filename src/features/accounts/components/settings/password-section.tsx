import { Button, Group, PasswordInput, Stack } from '@mantine/core';
import { notify } from '../../../../lib/notifications';
import { passwordChangeRequestSchema, type AccountResponse } from '../../../../shared/contracts/accounts';
import { useChangePasswordMutation } from '../../api/change-password';
import { passwordRepeatCheck } from '../../hooks/password-repeat-check';
import { useSchemaForm } from '../../../../lib/use-schema-form';
import { usePasswordStrength } from '../../hooks/use-password-strength';
import { NewPasswordFields } from '../new-password-fields';
import { FormAlert } from '../../../../components/forms/form-alert';
import { SettingsSection } from './settings-section';

const empty = { currentPassword: '', password: '', passwordRepeat: '' };

/** Needs the current password; the server ends every other session of the account. */
export function PasswordSection({ account }: { account: AccountResponse }) {
  const mutation = useChangePasswordMutation();
  const form = useSchemaForm({ schema: passwordChangeRequestSchema, initialValues: empty, check: passwordRepeatCheck });
  const verdict = usePasswordStrength(form.values.password, { email: account.email, firstName: account.firstName, lastName: account.lastName });
  const submit = form.onSubmit(async (data) => {
    if (verdict && !verdict.ok) return form.setErrors({ password: verdict.message });
    const answer = await mutation.mutateAsync(data);
    form.reset(empty);
    notify({ message: answer.msg });
  });

  return (
    <SettingsSection title="Passwort ändern">
      <form noValidate ref={form.formRef} aria-label="Passwort ändern" onSubmit={(event) => void submit(event)}>
        <Stack gap="md">
          <FormAlert failure={form.failure} />
          <PasswordInput
            label="Aktuelles Passwort"
            autoComplete="current-password"
            visibilityToggleButtonProps={{ 'aria-label': 'Eingabe anzeigen' }}
            {...form.input('currentPassword')}
          />
          <NewPasswordFields password={form.input('password')} repeat={form.input('passwordRepeat')} verdict={verdict} />
          <Group>
            <Button type="submit" loading={mutation.isPending}>
              Passwort ändern
            </Button>
          </Group>
        </Stack>
      </form>
    </SettingsSection>
  );
}

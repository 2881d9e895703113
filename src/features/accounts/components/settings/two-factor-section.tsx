import { Badge, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { RecoveryCodesNotice } from '../../../../components/two-factor/recovery-codes-notice';
import { TotpQrCode } from '../../../../components/two-factor/totp-qr-code';
import { reportError } from '../../../../lib/api-client';
import { notify } from '../../../../lib/notifications';
import { totpEnableRequestSchema, type AccountResponse, type TotpSetup } from '../../../../shared/contracts/accounts';
import { useDisableTotpMutation } from '../../api/disable-totp';
import { useEnableTotpMutation } from '../../api/enable-totp';
import { invalidateAccount } from '../../api/get-account';
import { useRegenerateRecoveryCodesMutation } from '../../api/regenerate-recovery-codes';
import { useSetupTotpMutation } from '../../api/setup-totp';
import { useSchemaForm } from '../../../../lib/use-schema-form';
import { FormAlert } from '../../../../components/forms/form-alert';
import { PasswordConfirmDialog } from './password-confirm-dialog';
import { SettingsSection } from './settings-section';

function EnableForm({ setup, onEnabled, onCancel }: { setup: TotpSetup; onEnabled: (codes: string[]) => void; onCancel: () => void }) {
  const mutation = useEnableTotpMutation();
  const form = useSchemaForm({ schema: totpEnableRequestSchema, initialValues: { code: '' } });
  const submit = form.onSubmit(async (data) => onEnabled((await mutation.mutateAsync(data)).recoveryCodes));
  return (
    <form noValidate ref={form.formRef} aria-label="Zwei-Faktor-Authentifizierung einrichten" onSubmit={(event) => void submit(event)}>
      <Stack gap="md">
        <Text size="sm">Scanne den QR-Code mit deiner Authenticator-App und gib dann den 6-stelligen Code ein, den sie zeigt.</Text>
        <TotpQrCode otpauthUrl={setup.otpauthUrl} secret={setup.secret} />
        <FormAlert failure={form.failure} />
        <TextInput label="Bestätigungscode" autoComplete="one-time-code" inputMode="numeric" {...form.input('code')} />
        <Group>
          <Button type="submit" loading={mutation.isPending}>
            Aktivieren
          </Button>
          <Button variant="default" onClick={onCancel}>
            Abbrechen
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** TOTP: optional for everyone, required for admins unless ADMIN_TOTP=optional; recovery codes shown once. */
export function TwoFactorSection({ account }: { account: AccountResponse }) {
  const queryClient = useQueryClient();
  const setupMutation = useSetupTotpMutation();
  const disable = useDisableTotpMutation();
  const regenerate = useRegenerateRecoveryCodesMutation();
  const [setup, setSetup] = useState<TotpSetup | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);
  const [dialog, setDialog] = useState<'disable' | 'codes' | null>(null);
  const { totp } = account;

  const done = async () => {
    setCodes(null);
    setSetup(null);
    await invalidateAccount(queryClient);
  };

  if (codes)
    return (
      <SettingsSection title="Zwei-Faktor-Authentifizierung">
        <RecoveryCodesNotice codes={codes} onConfirm={() => void done()} confirmLabel="Fertig" />
      </SettingsSection>
    );

  return (
    <SettingsSection title="Zwei-Faktor-Authentifizierung">
      <Group gap="sm">
        <Text>Status:</Text>
        <Badge color={totp.enabled ? 'green' : 'gray'} variant="light">
          {totp.enabled ? 'eingeschaltet' : 'ausgeschaltet'}
        </Badge>
      </Group>
      <Text size="sm">
        Mit dem zweiten Faktor brauchst du beim Anmelden außer dem Passwort einen Code aus einer Authenticator-App auf deinem Telefon.
      </Text>
      {!totp.enabled && !setup && (
        <Group>
          <Button
            loading={setupMutation.isPending}
            onClick={() =>
              void setupMutation.mutateAsync().then(setSetup, (error: unknown) => reportError(error, 'Die Einrichtung konnte nicht beginnen.'))
            }
          >
            Zwei-Faktor-Authentifizierung einrichten
          </Button>
        </Group>
      )}
      {!totp.enabled && setup && <EnableForm setup={setup} onEnabled={setCodes} onCancel={() => setSetup(null)} />}
      {totp.enabled && (
        <>
          <Text size="sm">Noch {totp.recoveryCodesLeft} unbenutzte Wiederherstellungscodes.</Text>
          {totp.required && <Text size="sm">Als Administrator*in brauchst du den zweiten Faktor; er lässt sich nicht ausschalten.</Text>}
          <Group>
            <Button variant="default" onClick={() => setDialog('codes')}>
              Neue Wiederherstellungscodes erzeugen
            </Button>
            {!totp.required && (
              <Button variant="default" color="red" onClick={() => setDialog('disable')}>
                Zwei-Faktor-Authentifizierung ausschalten
              </Button>
            )}
          </Group>
        </>
      )}
      <PasswordConfirmDialog
        opened={dialog === 'codes'}
        title="Neue Wiederherstellungscodes"
        text="Die bisherigen Codes gelten danach nicht mehr. Bitte bestätige mit deinem Passwort."
        confirmLabel="Codes erzeugen"
        loading={regenerate.isPending}
        onClose={() => setDialog(null)}
        onConfirm={async (password) => {
          const answer = await regenerate.mutateAsync({ password });
          setDialog(null);
          setCodes(answer.recoveryCodes);
        }}
      />
      <PasswordConfirmDialog
        opened={dialog === 'disable'}
        title="Zwei-Faktor-Authentifizierung ausschalten"
        text="Danach meldest du dich nur mit dem Passwort an. Bitte bestätige mit deinem Passwort."
        confirmLabel="Ausschalten"
        danger
        loading={disable.isPending}
        onClose={() => setDialog(null)}
        onConfirm={async (password) => {
          await disable.mutateAsync({ password });
          setDialog(null);
          notify({ message: 'Die Zwei-Faktor-Authentifizierung ist ausgeschaltet.' });
          await invalidateAccount(queryClient);
        }}
      />
    </SettingsSection>
  );
}

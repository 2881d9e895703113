import { Alert, Stack, Text, TextInput } from '@mantine/core';
import { lazy, Suspense } from 'react';
import type { SecondFactor } from '../hooks/use-login-action';

// the set-up step is seen once per admin: its QR code and copy button load only then
const TotpQrCode = lazy(() => import('../../../components/two-factor/totp-qr-code').then((m) => ({ default: m.TotpQrCode })));

type Props = { factor: SecondFactor; value: string; error?: string; onChange: (value: string) => void };

/** The code field "Bestätigungscode" after the password; for an admin's first login the set-up comes first. */
export function SecondFactorStep({ factor, value, error, onChange }: Props) {
  const setup = factor.needs === 'totp-setup' ? factor.setup : undefined;
  return (
    <Stack gap="sm">
      <Alert
        color={factor.wrong ? 'red' : 'blue'}
        role={factor.wrong ? 'alert' : 'status'}
        title={setup ? 'Zweiten Faktor einrichten' : 'Zweiter Schritt'}
      >
        {factor.msg}
      </Alert>
      {setup && (
        <>
          <Text size="sm">
            1. Öffne eine Authenticator-App (zum Beispiel FreeOTP, Aegis, Google oder Microsoft Authenticator) und scanne den QR-Code. 2. Gib den
            6-stelligen Code ein, den die App dann zeigt.
          </Text>
          <Suspense fallback={null}>
            <TotpQrCode otpauthUrl={setup.otpauthUrl} secret={setup.secret} />
          </Suspense>
        </>
      )}
      <TextInput
        label="Bestätigungscode"
        description={
          setup
            ? 'Der 6-stellige Code aus deiner Authenticator-App.'
            : 'Der 6-stellige Code aus deiner Authenticator-App oder einer deiner Wiederherstellungscodes.'
        }
        autoComplete="one-time-code"
        inputMode={setup ? 'numeric' : 'text'}
        autoFocus
        value={value}
        onChange={(event) => onChange(event.currentTarget.value)}
        error={error}
      />
    </Stack>
  );
}

const sixDigits = /^\d{6}$/;
const recoveryCode = /^[A-Za-z2-7]{5}-?[A-Za-z2-7]{5}$/;

/** German message for a code the server would refuse anyway, or undefined. */
export function secondFactorCodeError(factor: SecondFactor, code: string): string | undefined {
  const trimmed = code.trim();
  if (!trimmed) return 'Bitte gib den Code aus deiner Authenticator-App ein.';
  if (factor.needs === 'totp-setup') return sixDigits.test(trimmed) ? undefined : 'Der Code besteht aus 6 Ziffern.';
  return sixDigits.test(trimmed) || recoveryCode.test(trimmed)
    ? undefined
    : 'Gib den 6-stelligen Code oder einen Wiederherstellungscode (XXXXX-XXXXX) ein.';
}

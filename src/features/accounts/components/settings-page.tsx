import { Stack } from '@mantine/core';
import { startTransition, useEffect, useState } from 'react';
import type { AccountResponse } from '../../../shared/contracts/accounts';
import { useAccount } from '../api/get-account';
import { ConsentsSection } from './settings/consents-section';
import { DataExportSection } from './settings/data-export-section';
import { DeleteAccountSection } from './settings/delete-account-section';
import { EmailSection } from './settings/email-section';
import { PasswordSection } from './settings/password-section';
import { ProfileSection } from './settings/profile-section';
import { SessionsSection } from './settings/sessions-section';
import { TwoFactorSection } from './settings/two-factor-section';

type Props = {
  /** name, e-mail or missingSettings changed: the route refreshes the session user (guard dialog 3) */
  onAccountChanged: (account: AccountResponse) => Promise<void>;
  /** the account is gone: the route ends the session on the client */
  onDeleted: (msg: string) => Promise<void>;
};

/**
 * /einstellungen (SPEC §4): one section per topic, each with its own h2. Consents come first: guard dialog 3
 * sends people here to decide them.
 */
export function SettingsPage({ onAccountChanged, onDeleted }: Props) {
  const account = useAccount();
  // the sections below the first screen render in a transition, which React splits into short tasks: rendered with
  // the first two, the page's first render was one task of 370 ms on a phone's 4x slower CPU (issue 35)
  const [rest, setRest] = useState(false);
  useEffect(() => startTransition(() => setRest(true)), []);
  return (
    <Stack gap="lg">
      <ConsentsSection account={account} onAccountChanged={onAccountChanged} />
      <ProfileSection account={account} onAccountChanged={onAccountChanged} />
      {rest && (
        <>
          <EmailSection account={account} />
          <PasswordSection account={account} />
          <TwoFactorSection account={account} />
          <SessionsSection />
          <DataExportSection />
          <DeleteAccountSection onDeleted={onDeleted} />
        </>
      )}
    </Stack>
  );
}

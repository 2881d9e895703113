import { Stack } from '@mantine/core';
import type { AccountResponse } from '../../../shared/contracts/accounts';
import { RenderLater } from '../../../components/layout/render-later';
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
  return (
    <Stack gap="lg">
      <ConsentsSection account={account} onAccountChanged={onAccountChanged} />
      <ProfileSection account={account} onAccountChanged={onAccountChanged} />
      {/* the sections below the first screen (with them, the page's first render was one task of 370 ms on a phone) */}
      <RenderLater>
        <EmailSection account={account} />
        <PasswordSection account={account} />
        <TwoFactorSection account={account} />
        <SessionsSection />
        <DataExportSection />
        <DeleteAccountSection onDeleted={onDeleted} />
      </RenderLater>
    </Stack>
  );
}

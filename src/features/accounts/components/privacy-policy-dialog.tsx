import { Anchor } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { lazyDialog } from '../../../components/dialogs/lazy-dialog';
import type { PrivacyPolicyModalProps } from './privacy-policy-modal';

type Props = { version: string | null; publishedAt: string | null; programmeName?: string };

// the dialog and the policy's text come with its first opening
const PrivacyPolicyModal = lazyDialog<PrivacyPolicyModalProps>(
  () => import('./privacy-policy-modal'),
  (props) => props.opened,
);

/**
 * The privacy policy in force, in a dialog so a half-filled form stays as it is. The server keeps only the
 * version (GET /api/privacy-policy); the wording ships with the client build of that version.
 */
export function PrivacyPolicyDialog({ version, publishedAt, programmeName = 'KiTa-Portal' }: Props) {
  const [opened, { open, close }] = useDisclosure(false);
  const title = version ? `Datenschutzerklärung (Fassung ${version})` : 'Datenschutzerklärung';
  return (
    <>
      <Anchor component="button" type="button" size="sm" onClick={open} underline="always" style={{ alignSelf: 'flex-start' }}>
        Datenschutzerklärung lesen
      </Anchor>
      <PrivacyPolicyModal opened={opened} onClose={close} title={title} publishedAt={publishedAt} programmeName={programmeName} />
    </>
  );
}

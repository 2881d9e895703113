import { Anchor, Button, Modal, Stack } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { PrivacyPolicyText } from './privacy-policy-text';

type Props = { version: string | null; publishedAt: string | null; programmeName?: string };

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
      <Modal opened={opened} onClose={close} title={title} size="lg" closeButtonProps={{ 'aria-label': 'Schließen' }}>
        <Stack gap="sm">
          <PrivacyPolicyText publishedAt={publishedAt} programmeName={programmeName} />
          <Button onClick={close} variant="default" style={{ alignSelf: 'flex-end' }}>
            Schließen
          </Button>
        </Stack>
      </Modal>
    </>
  );
}

import { Button, Modal, Stack } from '@mantine/core';
import { PrivacyPolicyText } from './privacy-policy-text';

export type PrivacyPolicyModalProps = { opened: boolean; onClose: () => void; title: string; publishedAt: string | null; programmeName: string };

/** the privacy policy's dialog (privacy-policy-dialog.tsx opens it) */
export default function PrivacyPolicyModal({ opened, onClose, title, publishedAt, programmeName }: PrivacyPolicyModalProps) {
  return (
    <Modal opened={opened} onClose={onClose} title={title} size="lg" closeButtonProps={{ 'aria-label': 'Schließen' }}>
      <Stack gap="sm">
        <PrivacyPolicyText publishedAt={publishedAt} programmeName={programmeName} />
        <Button onClick={onClose} variant="default" style={{ alignSelf: 'flex-end' }}>
          Schließen
        </Button>
      </Stack>
    </Modal>
  );
}

import { Alert, Button, Group, Radio, Stack, Text, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { z } from 'zod';
import { getPublicConfig } from '../../../../lib/api-client';
import { notify } from '../../../../lib/notifications';
import type { AccountResponse, ConsentsUpdateRequest } from '../../../../shared/contracts/accounts';
import { invalidateAccount, setAccount } from '../../api/get-account';
import { useUpdateConsentsMutation } from '../../api/update-consents';
import { formatDate } from '../../format';
import { useSchemaForm } from '../../../../lib/use-schema-form';
import { PrivacyPolicyDialog } from '../privacy-policy-dialog';
import { FormAlert } from '../../../../components/forms/form-alert';
import { SettingsSection } from './settings-section';

type Props = { account: AccountResponse; onAccountChanged: (account: AccountResponse) => Promise<void> };

/** Errors of both forms come through the same hook; the schema itself is checked by the server. */
const anything = z.object({});

/** Newsletter yes/no and the privacy-policy version; deciding them empties missingSettings (guard dialog 3). */
export function ConsentsSection({ account, onAccountChanged }: Props) {
  const queryClient = useQueryClient();
  const mutation = useUpdateConsentsMutation();
  const form = useSchemaForm({ schema: anything, initialValues: {} });
  const { consents } = account;
  const [newsletter, setNewsletter] = useState<string | null>(consents.newsletter === null ? null : consents.newsletter ? 'ja' : 'nein');
  const current = consents.currentPrivacyPolicyVersion;
  const policyOpen = current !== null && consents.privacyPolicyVersion !== current;

  const save = (body: ConsentsUpdateRequest, message: string) =>
    form.onSubmit(async () => {
      let next: AccountResponse;
      try {
        next = await mutation.mutateAsync(body);
      } catch (error) {
        // e.g. 409 policy_outdated: show the version in force now
        void invalidateAccount(queryClient);
        throw error;
      }
      setAccount(queryClient, next);
      await onAccountChanged(next);
      notify({ message });
    })();

  return (
    <SettingsSection title="Einwilligungen">
      <FormAlert failure={form.failure} />
      <Stack gap="xs">
        <Title order={3} size="h4">
          Datenschutzerklärung
        </Title>
        {consents.privacyPolicyVersion && consents.privacyPolicyAcceptedAt ? (
          <Text>
            Du hast die Fassung {consents.privacyPolicyVersion} am {formatDate(consents.privacyPolicyAcceptedAt)} akzeptiert.
          </Text>
        ) : (
          <Text>Du hast noch keine Fassung der Datenschutzerklärung akzeptiert.</Text>
        )}
        <PrivacyPolicyDialog version={current} publishedAt={null} programmeName={getPublicConfig().programmeName} />
        {policyOpen && (
          <Alert color="blue" title="Neue Fassung" role="status">
            <Stack gap="sm" align="flex-start">
              <Text size="sm">Es gilt jetzt die Fassung {current}. Bitte lies sie und bestätige sie.</Text>
              <Button
                loading={mutation.isPending && mutation.variables?.acceptPrivacyPolicyVersion !== undefined}
                onClick={() =>
                  void save({ acceptPrivacyPolicyVersion: current }, `Danke! Du hast die Datenschutzerklärung (Fassung ${current}) akzeptiert.`)
                }
              >
                Fassung {current} akzeptieren
              </Button>
            </Stack>
          </Alert>
        )}
      </Stack>
      <Stack gap="xs">
        <Title order={3} size="h4">
          Newsletter
        </Title>
        <Text>
          {consents.newsletter === null || !consents.newsletterDecidedAt
            ? 'Du hast noch nicht entschieden, ob du den Newsletter bekommen möchtest.'
            : `${consents.newsletter ? 'Du bekommst den Newsletter' : 'Du bekommst keinen Newsletter'} (entschieden am ${formatDate(consents.newsletterDecidedAt)}).`}
        </Text>
        <Radio.Group label="Möchtest du den Newsletter bekommen?" value={newsletter} onChange={setNewsletter}>
          <Stack gap="xs" mt="xs">
            <Radio value="ja" label="Ja, ich möchte den Newsletter bekommen." />
            <Radio value="nein" label="Nein, danke." />
          </Stack>
        </Radio.Group>
        <Group>
          <Button
            variant="default"
            disabled={newsletter === null}
            loading={mutation.isPending && mutation.variables?.newsletter !== undefined}
            onClick={() =>
              void save(
                { newsletter: newsletter === 'ja' },
                newsletter === 'ja' ? 'Du bekommst jetzt unseren Newsletter.' : 'Du bekommst keinen Newsletter.',
              )
            }
          >
            Newsletter-Entscheidung speichern
          </Button>
        </Group>
      </Stack>
    </SettingsSection>
  );
}

import { Alert, Button, Stack, Text, TextInput } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { z } from 'zod';
import { FormAlert } from '../../../components/forms/form-alert';
import { formatDate } from '../../../lib/locale';
import { useSchemaForm } from '../../../lib/use-schema-form';
import { certificateKindLabels, type VerifyAnswer } from '../../../shared/contracts/certificates';
import { useVerifyCertificate, type VerifyOutcome } from '../api/verify-certificate';

const schema = z.object({
  code: z.string().trim().min(1, 'Bitte gib den Prüfcode an.').max(64, 'Diesen Prüfcode kennen wir nicht.'),
});

const years = (identifier: string) => identifier.replace('-', '/');

/** what the certificate says, in one sentence (SPEC §8) */
export function certificateSays(a: VerifyAnswer): string {
  const issued = `ausgestellt am ${formatDate(a.issuedAt)}`;
  if (a.kind === 'award') return `Urkunde für „${a.facilityLabel}“, ${a.city}, KiTa-Jahr ${years(a.seasonIdentifier)}, ${issued}`;
  const where = [a.facilityLabel, a.city].filter(Boolean).join(', ');
  return `Teilnahmebescheinigung für ${a.personName ?? ''} (${where}): „${a.offeringTitle ?? ''}“, ${a.dates ?? ''}, ${issued}`;
}

function Outcome({ outcome }: { outcome: VerifyOutcome }) {
  if (!outcome.found)
    return (
      <Alert color="red" title="Nicht gefunden">
        {outcome.message}
      </Alert>
    );
  const a = outcome.answer;
  if (a.state === 'valid')
    return (
      <Alert color="green" title="Echt">
        Echt: {certificateSays(a)}
      </Alert>
    );
  const label = certificateKindLabels[a.kind];
  return (
    <Alert color="orange" title={a.state === 'superseded' ? 'Ersetzt' : 'Zurückgezogen'}>
      <Text>
        {a.state === 'superseded'
          ? `Diese ${label} wurde ersetzt durch eine neuere Fassung.`
          : `Diese ${label} wurde zurückgezogen und gilt nicht mehr.`}
      </Text>
      <Text mt="xs">Sie lautete: {certificateSays(a)}</Text>
    </Alert>
  );
}

/**
 * /urkunde-pruefen (SPEC §8): anyone holding an Urkunde or a Teilnahmebescheinigung types its code (or opens the
 * address of its QR code, `?code=` fills the field and checks at once) and reads what the certificate says.
 */
export function VerifyPage({ initialCode }: { initialCode: string }) {
  const verify = useVerifyCertificate();
  const [outcome, setOutcome] = useState<VerifyOutcome | null>(null);
  const resultRef = useRef<HTMLDivElement>(null);
  const form = useSchemaForm({ schema, initialValues: { code: initialCode } });
  const check = async (code: string) => {
    setOutcome(await verify.mutateAsync(code));
    resultRef.current?.focus();
  };
  const submit = form.onSubmit(async (data) => check(data.code));
  const started = useRef(false);
  useEffect(() => {
    if (started.current || initialCode.trim() === '') return;
    started.current = true;
    void check(initialCode.trim()).catch(() => undefined);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, for the code of the address (a ref guards Strict Mode's second run)
  }, []);
  return (
    <Stack gap="lg">
      <Text>
        Jede Urkunde und jede Teilnahmebescheinigung trägt unten einen Prüfcode (z. B. 7K2M-Q9TX-4HPR). Gib ihn hier ein, um zu prüfen, ob sie echt
        ist und was auf ihr steht.
      </Text>
      <form noValidate ref={form.formRef} aria-label="Urkunde prüfen" onSubmit={(event) => void submit(event)}>
        <Stack gap="md">
          <FormAlert failure={form.failure} />
          <TextInput label="Prüfcode" autoComplete="off" spellCheck={false} maw={320} {...form.input('code')} />
          <Button type="submit" loading={verify.isPending} style={{ alignSelf: 'flex-start' }}>
            Prüfen
          </Button>
        </Stack>
      </form>
      <div ref={resultRef} tabIndex={-1} aria-live="polite" style={{ outline: 'none' }}>
        {outcome && <Outcome outcome={outcome} />}
      </div>
    </Stack>
  );
}

import { Alert, Anchor, SimpleGrid, Stack, Text } from '@mantine/core';
import { formatAddress, formatDateTime } from '../../../lib/locale';
import { type Facility } from '../../../shared/contracts/facilities';
import { masterDataLabels, missingMasterData, shownOrNotGiven } from '../../../shared/contracts/facility-lists';

function Field({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <Stack gap={0}>
      <Text size="xs" c="dimmed" component="dt">
        {label}
      </Text>
      <Text component="dd" m={0}>
        {children || '–'}
      </Text>
    </Stack>
  );
}

/** The master data as read; "zuletzt geändert von … am …" below. */
export function FacilityMasterView({ facility: f }: { facility: Facility }) {
  const missing = missingMasterData(f);
  return (
    <>
      {missing.length > 0 && (
        <Alert color="yellow" title="Stammdaten unvollständig" mb="sm">
          {missing.length === 1 ? 'Es fehlt' : 'Es fehlen'}: {missing.map((k) => masterDataLabels[k]).join(', ')}. Fehlende Angaben trägst du mit
          „Stammdaten bearbeiten“ nach.
        </Alert>
      )}
      <SimpleGrid cols={{ base: 1, md: 3 }} component="dl" m={0}>
        <Field label="Art der Einrichtung">{shownOrNotGiven(f.kind)}</Field>
        <Field label="Anschrift">{formatAddress(f)}</Field>
        <Field label="Regierungsbezirk">{f.region}</Field>
        <Field label="Träger">{[f.operatorName, `Art: ${shownOrNotGiven(f.operatorKind)}`].filter(Boolean).join(' · ')}</Field>
        <Field label="Telefon">{f.phone}</Field>
        <Field label="E-Mail">{f.email && <Anchor href={`mailto:${f.email}`}>{f.email}</Anchor>}</Field>
        <Field label="Internetseite">{f.website}</Field>
        <Field label="Kinder">{f.childrenCount === null ? '' : String(f.childrenCount)}</Field>
        <Field label="Mitarbeitende">{f.staffCount === null ? '' : String(f.staffCount)}</Field>
      </SimpleGrid>
      <Text size="sm" c="dimmed" mt="sm">
        Zuletzt geändert am {formatDateTime(f.updatedAt)}
        {f.updatedBy ? ` von ${f.updatedBy.name}` : ''}.
      </Text>
    </>
  );
}

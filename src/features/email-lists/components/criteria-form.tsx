import { Checkbox, Group, NativeSelect, SimpleGrid, Stack } from '@mantine/core';
import type { EmailListCriteria, EmailListPurpose, EmailListQuery } from '../../../shared/contracts/email-lists';
import { contactKindLabels, purposeLabels } from '../../../shared/contracts/email-lists';
import { facilityKinds, operatorKinds, personPositions, regions } from '../../../shared/contracts/facility-lists';

type Option = { value: string; label: string };
export type SeasonOption = { id: number; label: string };

const participationOptions: Option[] = [
  { value: 'trainingBooked', label: 'Fortbildung gebucht' },
  { value: 'trainingAttended', label: 'Fortbildung besucht' },
  { value: 'hospitationBooked', label: 'Hospitation gebucht' },
  { value: 'hospitationAttended', label: 'Hospitation besucht' },
  { value: 'awardingBooked', label: 'Auszeichnungsveranstaltung gebucht' },
  { value: 'awardingAttended', label: 'Auszeichnungsveranstaltung besucht' },
];
const documentationOptions: Option[] = [
  { value: 'none', label: 'kein Bogen' },
  { value: 'draft', label: 'Entwurf' },
  { value: 'submitted', label: 'eingereicht' },
  { value: 'returned', label: 'zurückgegeben' },
  { value: 'approved', label: 'angenommen' },
  { value: 'rejected', label: 'abgelehnt' },
];
const plain = (values: readonly string[]): Option[] => values.map((v) => ({ value: v, label: v }));

/** a yes/no criterion as one select: "egal" = no restriction */
const yesNoValue = (v: readonly string[]) => (v.length === 1 ? v[0]! : '');
const yesNoOf = (v: string) => (v === '' ? [] : [v]) as ('yes' | 'no')[];

/**
 * The criteria of an e-mail list (SPEC §6: fields "KiTa-Jahr", "Regierungsbezirk", "Zweck"): selects for one choice,
 * checkbox groups where several choices combine with OR; different fields combine with AND.
 */
export function CriteriaForm({
  value,
  onChange,
  seasons,
}: {
  value: EmailListQuery;
  onChange: (next: EmailListQuery) => void;
  seasons: SeasonOption[];
}) {
  const c = value.criteria;
  const set = (patch: Partial<EmailListCriteria>) => onChange({ ...value, criteria: { ...c, ...patch } });
  const group = <K extends keyof EmailListCriteria>(key: K, label: string, options: Option[], description?: string) => (
    <Checkbox.Group
      label={label}
      description={description}
      value={c[key] as string[]}
      onChange={(v) => set({ [key]: v } as Partial<EmailListCriteria>)}
    >
      <Group gap="sm" mt={6}>
        {options.map((o) => (
          <Checkbox key={o.value} value={o.value} label={o.label} />
        ))}
      </Group>
    </Checkbox.Group>
  );
  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        <NativeSelect
          label="Zweck"
          description="Newsletter: nur Konten mit Einwilligung"
          value={value.purpose}
          onChange={(e) => onChange({ ...value, purpose: e.currentTarget.value as EmailListPurpose })}
          data={Object.entries(purposeLabels).map(([v, label]) => ({ value: v, label }))}
        />
        <NativeSelect
          label="KiTa-Jahr"
          description="für Anmeldung, Programm und Bogen"
          value={c.seasonId === null ? '' : String(c.seasonId)}
          onChange={(e) => set({ seasonId: e.currentTarget.value === '' ? null : Number(e.currentTarget.value) })}
          data={[{ value: '', label: 'aktuelles KiTa-Jahr' }, ...seasons.map((s) => ({ value: String(s.id), label: s.label }))]}
        />
        <NativeSelect
          label="Anmeldung"
          value={c.enrolment.length === 1 ? c.enrolment[0] : ''}
          onChange={(e) => set({ enrolment: e.currentTarget.value === '' ? [] : [e.currentTarget.value as 'enrolled' | 'notEnrolled'] })}
          data={[
            { value: '', label: 'egal' },
            { value: 'enrolled', label: 'angemeldet' },
            { value: 'notEnrolled', label: 'nicht angemeldet' },
          ]}
        />
        <NativeSelect
          label="Zur Auszeichnung zugelassen"
          value={yesNoValue(c.approvedForAward)}
          onChange={(e) => set({ approvedForAward: yesNoOf(e.currentTarget.value) })}
          data={[
            { value: '', label: 'egal' },
            { value: 'yes', label: 'ja' },
            { value: 'no', label: 'nein' },
          ]}
        />
        <NativeSelect
          label="In einem früheren KiTa-Jahr ausgezeichnet"
          value={yesNoValue(c.awardedEarlier)}
          onChange={(e) => set({ awardedEarlier: yesNoOf(e.currentTarget.value) })}
          data={[
            { value: '', label: 'egal' },
            { value: 'yes', label: 'ja' },
            { value: 'no', label: 'nein' },
          ]}
        />
      </SimpleGrid>
      {group('regions', 'Regierungsbezirk', plain(regions))}
      {group('facilityKinds', 'KiTa-Art', plain(facilityKinds))}
      {group('operatorKinds', 'Trägerart', plain(operatorKinds))}
      {group('participation', 'Teilnahme am Programm', participationOptions)}
      {group('documentationStates', 'Dokumentationsbogen', documentationOptions)}
      {group('positions', 'Funktion', plain(personPositions), 'Mit einer Funktion fallen die Adressen der KiTas weg.')}
      {group(
        'contactKinds',
        'Kontaktart',
        Object.entries(contactKindLabels).map(([v, label]) => ({ value: v, label })),
      )}
    </Stack>
  );
}

import { Alert, Button, Group, List, Loader, Modal, Radio, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { failureOf } from '../../../lib/use-schema-form';
import { notify } from '../../../lib/notifications';
import { type AdminFacilityDetail } from '../../../shared/contracts/admin-facilities';
import { adminFacilityQueryOptions } from '../api/get-facility';
import { facilityListQueryOptions } from '../api/list-facilities';
import { useMergeFacilities } from '../api/merge-facilities';
import { adminFacilityList } from '../../../shared/contracts/admin-facility-list';
import { listQueryOf, SEARCH_MAX } from '../../../shared/contracts/list-contract';
import { asSearchText } from '../../../shared/contracts/text';
import { formatAddress } from '../../../lib/locale';

type Props = { detail: AdminFacilityDetail; opened: boolean; onClose: () => void; onMerged: (targetId: number) => void };

/**
 * "Mit Duplikat zusammenführen": find the other KiTa, choose which one stays, see what moves, confirm. Everything of
 * the one that goes (members, staff, enrolments, join requests) moves to the one that stays; nothing is lost.
 */
export function MergeDialog({ detail, opened, onClose, onMerged }: Props) {
  const facility = detail.facility;
  const [q, setQ] = useState('');
  const [debouncedQ] = useDebouncedValue(q.trim(), 300);
  const [otherId, setOtherId] = useState<string>('');
  const [keep, setKeep] = useState<'this' | 'other'>('this');
  const [confirming, setConfirming] = useState(false);
  const backRef = useRef<HTMLButtonElement>(null);
  // the last step starts on the safe choice ("Zurück"), so Enter twice never merges
  useEffect(() => {
    if (confirming) backRef.current?.focus();
  }, [confirming]);
  const [alert, setAlert] = useState<string | null>(null);
  const merge = useMergeFacilities();

  const candidates = useQuery({
    ...facilityListQueryOptions(listQueryOf(adminFacilityList, { q: debouncedQ, pageSize: 10 })),
    enabled: opened && debouncedQ.length >= 2,
  });
  const other = useQuery({ ...adminFacilityQueryOptions(Number(otherId)), enabled: otherId !== '' });
  const options = (candidates.data?.items ?? []).filter((f) => f.id !== facility.id);

  const otherLabel = other.data?.facility.label ?? '';
  const sourceLabel = keep === 'this' ? otherLabel : facility.label;
  const targetLabel = keep === 'this' ? facility.label : otherLabel;
  const moving = keep === 'this' ? other.data : detail;

  const close = () => {
    setConfirming(false);
    setAlert(null);
    onClose();
  };

  const run = () => {
    const ids = keep === 'this' ? { sourceId: Number(otherId), targetId: facility.id } : { sourceId: facility.id, targetId: Number(otherId) };
    merge.mutate(ids, {
      onSuccess: (result) => {
        const m = result.moved;
        notify({
          message: `Zusammengeführt: ${m.members} Konten, ${m.persons} Personen, ${m.enrolments} Anmeldungen, ${m.joinRequests} Beitrittsanfragen sind jetzt bei ${targetLabel}.`,
        });
        close();
        onMerged(result.targetId);
      },
      onError: (error) => {
        setAlert(failureOf(error)?.message ?? null);
        setConfirming(false);
      },
    });
  };

  return (
    <Modal opened={opened} onClose={close} title="Mit Duplikat zusammenführen" size="lg" closeButtonProps={{ 'aria-label': 'Schließen' }}>
      <Stack gap="sm">
        {alert && (
          <Alert color="red" role="alert" title="Nicht zusammengeführt">
            {alert}
          </Alert>
        )}
        <TextInput
          label="Doppelte KiTa suchen"
          description="Name, Ort oder Postleitzahl (mindestens 2 Zeichen)"
          type="search"
          maxLength={SEARCH_MAX}
          value={q}
          onChange={(e) => setQ(asSearchText(e.currentTarget.value))}
          disabled={confirming}
        />
        {candidates.isFetching && <Loader size="xs" role="status" aria-label="Suche läuft" />}
        {debouncedQ.length >= 2 && candidates.isSuccess && options.length === 0 && <Text size="sm">Keine andere KiTa gefunden.</Text>}
        {options.length > 0 && (
          <Radio.Group label="Treffer" value={otherId} onChange={setOtherId}>
            <Stack gap={4} mt={4}>
              {options.map((f) => (
                <Radio key={f.id} value={String(f.id)} label={`${f.label} — ${formatAddress(f)} (Nr. ${f.id})`} disabled={confirming} />
              ))}
            </Stack>
          </Radio.Group>
        )}
        {other.data && (
          <>
            <Radio.Group label="Welche KiTa bleibt?" value={keep} onChange={(v) => setKeep(v as 'this' | 'other')}>
              <Stack gap={4} mt={4}>
                <Radio value="this" label={`${facility.label} (Nr. ${facility.id})`} disabled={confirming} />
                <Radio value="other" label={`${otherLabel} (Nr. ${otherId})`} disabled={confirming} />
              </Stack>
            </Radio.Group>
            <Alert color="blue" title="Vorschau">
              <Text size="sm">{`Alles von „${sourceLabel}“ kommt zu „${targetLabel}“. „${sourceLabel}“ wird danach geschlossen.`}</Text>
              {moving && (
                <List size="sm" mt={4}>
                  <List.Item>{`${moving.members.length} Konten (Mitglieder)`}</List.Item>
                  <List.Item>{`${moving.persons.length} Personen im Personal`}</List.Item>
                  <List.Item>{`${moving.enrolments.length} Anmeldungen zu KiTa-Jahren`}</List.Item>
                  <List.Item>{`${moving.joinRequests.length} Beitrittsanfragen`}</List.Item>
                </List>
              )}
            </Alert>
          </>
        )}
        {confirming && (
          <Alert color="red" role="alert" title="Wirklich zusammenführen?">
            {`Das lässt sich nicht rückgängig machen. „${sourceLabel}“ wird geschlossen.`}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button ref={backRef} variant="default" onClick={confirming ? () => setConfirming(false) : close}>
            {confirming ? 'Zurück' : 'Abbrechen'}
          </Button>
          {confirming ? (
            <Button key="confirm" color="red" onClick={run} loading={merge.isPending}>
              Ja, endgültig zusammenführen
            </Button>
          ) : (
            <Button key="start" onClick={() => setConfirming(true)} disabled={!other.data}>
              Zusammenführen …
            </Button>
          )}
        </Group>
      </Stack>
    </Modal>
  );
}

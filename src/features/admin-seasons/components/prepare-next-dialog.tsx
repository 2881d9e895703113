import { Alert, Button, Group, List, Loader, Modal, Stack, Text } from '@mantine/core';
import { useEffect } from 'react';
import { reportError } from '../../../lib/api-client';
import { formatDate, formatWeekdayDateTime } from '../../../lib/locale';
import { notify } from '../../../lib/notifications';
import type { AdminSeason } from '../../../shared/contracts/admin-seasons';
import type { PrepareNextAnswer } from '../../../shared/contracts/season-transition';
import { seasonText } from '../../../shared/season-text';
import { usePrepareNextSeason } from '../api/prepare-next';

type Counts = PrepareNextAnswer['created'];
const n = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;
/** the non-zero counts in words ("0 Vorlagen" says nothing) */
const parts = (c: Counts) =>
  [
    [c.offerings, 'Fortbildung oder Hospitation', 'Fortbildungen und Hospitationen'] as const,
    [c.awardingEvents, 'Auszeichnungsveranstaltung', 'Auszeichnungsveranstaltungen'] as const,
    [c.workshops, 'Workshop', 'Workshops'] as const,
    [c.templates, 'Vorlage', 'Vorlagen'] as const,
  ]
    .filter(([count]) => count > 0)
    .map(([count, one, many]) => n(count, one, many));
const total = (c: Counts) => c.offerings + c.awardingEvents + c.workshops + c.templates;
const kindText: Record<PrepareNextAnswer['examples'][number]['kind'], string> = {
  training: 'Fortbildung',
  hospitation: 'Hospitation',
  awarding: 'Workshop',
  awarding_event: 'Auszeichnungsveranstaltung',
};

/** the sentence after "Anlegen" (also when everything was in place already) */
export function preparedText(a: PrepareNextAnswer): string {
  const next = seasonText(a.season);
  if (!a.seasonCreated && total(a.created) === 0) return `${next} war schon vollständig vorbereitet; es wurde nichts doppelt angelegt.`;
  const made = parts(a.created);
  return made.length === 0 ? `${next} ist angelegt (noch ohne Termine).` : `${next} ist vorbereitet: ${made.join(', ')} als Entwurf angelegt.`;
}

/**
 * "Nächstes KiTa-Jahr vorbereiten" (issue 38, SPEC §9): first the preview (a dry run: counts and a few moved dates),
 * then "Anlegen". Everything comes as a draft; nothing is published or open for enrolment.
 */
export function PrepareNextDialog({ season, opened, onClose }: { season: AdminSeason; opened: boolean; onClose: () => void }) {
  const preview = usePrepareNextSeason();
  const run = usePrepareNextSeason();
  const { mutate: loadPreview, reset } = preview;
  useEffect(() => {
    if (opened) loadPreview({ id: season.id, dryRun: true });
    else reset();
  }, [opened, season.id, loadPreview, reset]);

  const a = preview.data;
  const nothingToDo = a !== undefined && !a.seasonCreated && total(a.created) === 0;
  const create = () =>
    run.mutate(
      { id: season.id, dryRun: false },
      {
        onSuccess: (answer) => {
          notify({ message: preparedText(answer) });
          onClose();
        },
        onError: (error) => reportError(error, 'Das nächste KiTa-Jahr konnte nicht angelegt werden.'),
      },
    );

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title="Nächstes KiTa-Jahr vorbereiten"
      centered
      size="lg"
      closeButtonProps={{ 'aria-label': 'Schließen' }}
    >
      <Stack>
        {preview.isPending && (
          <Group gap="xs">
            <Loader size="sm" aria-hidden />
            <Text>Wird berechnet …</Text>
          </Group>
        )}
        {preview.isError && (
          <Alert color="red" title="Die Vorschau konnte nicht geladen werden.">
            {preview.error instanceof Error ? preview.error.message : ''}
          </Alert>
        )}
        {a && (
          <>
            <Text>
              {a.seasonCreated
                ? `Aus ${seasonText(season.identifier)} wird ${seasonText(a.season)} angelegt${
                    a.seasonStartDate && a.seasonEndDate ? ` (${formatDate(a.seasonStartDate)} bis ${formatDate(a.seasonEndDate)})` : ''
                  }: Anmeldung geschlossen, nicht das aktuelle KiTa-Jahr.`
                : `${seasonText(a.season)} gibt es schon. Angelegt wird nur, was dort aus ${seasonText(season.identifier)} noch fehlt.`}
            </Text>
            {nothingToDo ? (
              <Text>Es ist schon alles angelegt. Ein weiterer Lauf legt nichts doppelt an.</Text>
            ) : (
              <>
                <Text>{parts(a.created).length > 0 ? 'Als Entwurf angelegt werden:' : 'Termine und Vorlagen zum Kopieren gibt es keine.'}</Text>
                <List>
                  {parts(a.created).map((p) => (
                    <List.Item key={p}>{p}</List.Item>
                  ))}
                </List>
                {total(a.skipped) > 0 && <Text size="sm">{`Schon angelegt und übersprungen: ${parts(a.skipped).join(', ')}.`}</Text>}
              </>
            )}
            {a.examples.length > 0 && (
              <>
                <Text>Beispiele (52 Wochen später, gleicher Wochentag, gleiche Uhrzeit):</Text>
                <List>
                  {a.examples.map((e) => (
                    <List.Item key={`${e.kind}-${e.from}`}>
                      {`${kindText[e.kind]} „${e.title}“: ${formatWeekdayDateTime(e.from)} → ${formatWeekdayDateTime(e.to)}`}
                    </List.Item>
                  ))}
                </List>
              </>
            )}
          </>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} disabled={run.isPending} data-autofocus>
            {nothingToDo ? 'Fertig' : 'Abbrechen'}
          </Button>
          {!nothingToDo && (
            <Button onClick={create} loading={run.isPending} disabled={!a}>
              Anlegen
            </Button>
          )}
        </Group>
      </Stack>
    </Modal>
  );
}

import { Alert, NativeSelect, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { LaterMarker, lazyAfterFirstPaint, useShownLater } from '../../../components/layout/render-later';
import { regions, type Region } from '../../../shared/contracts/facility-lists';
import type { Offering, OfferingKind, OfferingsAnswer } from '../../../shared/contracts/programme';
import { useFacilityEnrolments } from '../api/get-facility-enrolments';
import { useOfferings } from '../api/get-offerings';
import { BookingsTable, type BookingRowExtra } from './bookings-table';
import { OfferingCard } from './offering-card';

// the booking dialog and its form come after the page's first paint (issue 35)
const BookingDialog = lazyAfterFirstPaint(() => import('./booking-dialog').then((m) => m.BookingDialog));

export type OfferingFilters = { region?: Region | undefined; moduleId?: number | undefined };

type Props = {
  facilityId: number;
  kind: Extract<OfferingKind, 'training' | 'hospitation'>;
  filters: OfferingFilters;
  onFiltersChange: (next: OfferingFilters) => void;
  /** more actions of an own booking's row (BookingsTable) */
  bookingExtra?: BookingRowExtra;
};

const TEXTS = {
  training: {
    none: 'Für dieses KiTa-Jahr sind noch keine Fortbildungstermine veröffentlicht.',
    noMatch: 'Kein Fortbildungstermin passt zu diesen Filtern.',
    noBookings: 'Ihr habt noch niemanden zu einer Fortbildung angemeldet.',
    filters: 'Fortbildungen filtern',
  },
  hospitation: {
    none: 'Für dieses KiTa-Jahr sind noch keine Hospitationen veröffentlicht.',
    noMatch: 'Keine Hospitation passt zu diesem Filter.',
    noBookings: 'Ihr habt noch niemanden zu einer Hospitation angemeldet.',
    filters: 'Hospitationen filtern',
  },
} as const;

/** the dates a page shows in its first render: a phone's first screen shows one, a desktop's two */
const FIRST_CARDS = 2;

/** "Je KiTa höchstens 2 Personen pro Termin und 3 im ganzen Modul." */
export function limitsText(perEvent: number | null, perModule: number | null): string | null {
  const persons = (n: number) => (n === 1 ? '1 Person' : `${n} Personen`);
  if (perEvent !== null && perModule !== null) return `Je KiTa höchstens ${persons(perEvent)} pro Termin und ${perModule} im ganzen Modul.`;
  if (perEvent !== null) return `Je KiTa höchstens ${persons(perEvent)} pro Termin.`;
  if (perModule !== null) return `Je KiTa höchstens ${persons(perModule)} im ganzen Modul.`;
  return null;
}

/** /fortbildungen and /hospitationen: the season's published dates (trainings grouped by module), filters, booking and the KiTa's bookings. */
export function OfferingsPage({ facilityId, kind, filters, onFiltersChange, bookingExtra }: Props) {
  const { data } = useOfferings(facilityId, kind);
  const { data: own } = useFacilityEnrolments(facilityId, kind);
  const [booking, setBooking] = useState<Offering | null>(null);
  const texts = TEXTS[kind];

  const regionsShown = regions.filter((r) => data.offerings.some((o) => o.region === r));
  const visible = data.offerings.filter(
    (o) => (!filters.region || o.region === filters.region) && (!filters.moduleId || o.moduleId === filters.moduleId),
  );
  const moduleOf = (id: number | null) => data.modules.find((m) => m.id === id);
  const bookingModule = booking ? moduleOf(booking.moduleId) : undefined;
  // the booking dialog reads the card's current state (after a refetch, e.g. the seats left)
  const bookingNow = booking ? (data.offerings.find((o) => o.id === booking.id) ?? booking) : null;

  // the first dates in the first render (they fill a phone's first screen and a desktop's), the others one by one
  // after it, then the KiTa's bookings: a season's dozens of cards were one long task of the page's first render
  const groups = kind === 'training' ? groupByModule(visible, data.modules) : [{ module: undefined, offerings: visible }];
  const shown = useShownLater(visible.length + 1, FIRST_CARDS);
  let before = 0;
  const laterGroups = groups.map((g) => {
    const from = before;
    before += g.offerings.length;
    return { ...g, shownHere: g.offerings.slice(0, Math.max(0, shown - from)) };
  });
  const cards = (offerings: Offering[]) => (
    <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
      {offerings.map((o) => (
        <OfferingCard key={o.id} offering={o} onBook={setBooking} />
      ))}
    </SimpleGrid>
  );

  return (
    <Stack gap="xl">
      {data.offerings.length === 0 ? (
        <Alert variant="light" color="gray">
          <Text>{texts.none}</Text>
        </Alert>
      ) : (
        <Stack gap="lg">
          <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} role="search" aria-label={texts.filters} maw={720}>
            <NativeSelect
              label="Regierungsbezirk"
              data={[{ value: '', label: 'alle' }, ...regionsShown.map((r) => ({ value: r, label: r }))]}
              value={filters.region ?? ''}
              onChange={(e) => onFiltersChange({ ...filters, region: regions.find((r) => r === e.currentTarget.value) })}
            />
            {kind === 'training' && (
              <NativeSelect
                label="Modul"
                data={[{ value: '', label: 'alle' }, ...data.modules.map((m) => ({ value: String(m.id), label: m.title }))]}
                value={filters.moduleId ? String(filters.moduleId) : ''}
                onChange={(e) => onFiltersChange({ ...filters, moduleId: e.currentTarget.value ? Number(e.currentTarget.value) : undefined })}
              />
            )}
          </SimpleGrid>
          {visible.length === 0 && <Text>{texts.noMatch}</Text>}
          {kind === 'training'
            ? laterGroups.map(
                ({ module, shownHere }) =>
                  shownHere.length > 0 && (
                    <Stack key={module?.id ?? 0} gap="sm" component="section" aria-label={module?.title ?? 'Ohne Modul'}>
                      <Title order={2} fz="h3">
                        {module?.title ?? 'Weitere Termine'}
                      </Title>
                      {module?.description && <Text style={{ whiteSpace: 'pre-line' }}>{module.description}</Text>}
                      {module?.targetGroup && <Text size="sm">Für: {module.targetGroup}</Text>}
                      {module && limitsText(module.maxPerFacilityPerEvent, module.maxPerFacilityPerModule) && (
                        <Text size="sm">{limitsText(module.maxPerFacilityPerEvent, module.maxPerFacilityPerModule)}</Text>
                      )}
                      {cards(shownHere)}
                    </Stack>
                  ),
              )
            : visible.length > 0 && (
                <Stack gap="sm">
                  <Title order={2} fz="h3">
                    Termine
                  </Title>
                  {cards(laterGroups[0]!.shownHere)}
                </Stack>
              )}
        </Stack>
      )}
      {shown > visible.length && (
        <Stack gap="sm">
          <Title order={2} fz="h3">
            Unsere Anmeldungen
          </Title>
          <BookingsTable facilityId={facilityId} enrolments={own.enrolments} emptyText={texts.noBookings} rowExtra={bookingExtra} />
        </Stack>
      )}
      <LaterMarker shown={shown} count={visible.length + 1} />
      <BookingDialog
        facilityId={facilityId}
        offering={bookingNow}
        onClose={() => setBooking(null)}
        limitText={bookingModule ? limitsText(bookingModule.maxPerFacilityPerEvent, bookingModule.maxPerFacilityPerModule) : null}
      />
    </Stack>
  );
}

type ModuleSummary = OfferingsAnswer['modules'][number];

function groupByModule(offerings: Offering[], modules: ModuleSummary[]) {
  const groups = modules.map((module) => ({
    module: module as ModuleSummary | undefined,
    offerings: offerings.filter((o) => o.moduleId === module.id),
  }));
  const rest = offerings.filter((o) => !modules.some((m) => m.id === o.moduleId));
  return [...groups, { module: undefined, offerings: rest }].filter((g) => g.offerings.length > 0);
}

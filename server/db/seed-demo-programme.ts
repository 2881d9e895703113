import { and, eq, isNull } from 'drizzle-orm';
import { facilities } from '../modules/facilities/facilities.table';
import { persons } from '../modules/persons/persons.table';
import { awardingEvents, offeringEnrolments, offerings, trainingModules } from '../modules/programme/programme.table';
import { seasonEnrolments } from '../modules/seasons/seasons.table';
import type { Tx } from './client';

/**
 * SPEC §7, the season's programme (issue 11): modules "Einsteiger" and "Erfahrene" with published dates in several
 * regions (free seats, exactly one seat left, full with a waiting list, one in the past with attendance), two
 * hospitations at demo KiTas, the awarding events "Nord" (Nürnberg) and "Süd" (München) with workshops, one enrolled
 * KiTa of mehrere-kitas@ zur Auszeichnung zugelassen; the KiTa of eine-kita@ has no bookings.
 * Idempotent: rows are found by natural keys (season + title, offering + person); dates are set relative to the day
 * of the run, so a demo seeded months later still has upcoming dates.
 */

/** KiTas without demo accounts that take part in the programme (enrolled to 2026-27 here) */
export const programmeKitas = [
  'Waldkindergarten Isarauen',
  'Kinderkrippe Zwergerlstube',
  'Kita Naabtal-Spatzen',
  'Hort an der Rotmainschule',
  'Großtagespflege Kleine Entdecker',
];
/** their projects (every live demo enrolment names a project and a contact, like a real one) */
const programmeProjects: Record<string, string> = {
  'Waldkindergarten Isarauen': 'Was der Wald uns schenkt',
  'Kinderkrippe Zwergerlstube': 'Kleine Hände, wenig Müll',
  'Kita Naabtal-Spatzen': 'Unser Bach lebt',
  'Hort an der Rotmainschule': 'Energiedetektive',
  'Großtagespflege Kleine Entdecker': 'Vom Korn zum Brot',
};

const DAY = 86_400_000;

/** 09:00 Berlin (08:00 UTC in winter, 07:00 in summer: good enough for demo data) on the day `days` from today */
function at(days: number, hourUtc = 8, minute = 0) {
  const d = new Date(Date.now() + days * DAY);
  d.setUTCHours(hourUtc, minute, 0, 0);
  return d;
}

export async function seedDemoProgramme(tx: Tx, seasonId: number) {
  const facilityId = async (label: string) => {
    const [row] = await tx.select({ id: facilities.id }).from(facilities).where(eq(facilities.label, label)).limit(1);
    if (!row) throw new Error(`Demo KiTa ${label} missing`);
    return row.id;
  };
  const personOf = async (label: string, lastName: string) => {
    const [row] = await tx
      .select({ id: persons.id, facilityId: persons.facilityId })
      .from(persons)
      .where(and(eq(persons.facilityId, await facilityId(label)), eq(persons.lastName, lastName), isNull(persons.removedAt)))
      .limit(1);
    if (!row) throw new Error(`Demo person ${lastName} of ${label} missing`);
    return row;
  };

  for (const label of programmeKitas) {
    const id = await facilityId(label);
    const [live] = await tx
      .select({ id: seasonEnrolments.id })
      .from(seasonEnrolments)
      .where(and(eq(seasonEnrolments.facilityId, id), eq(seasonEnrolments.seasonId, seasonId), isNull(seasonEnrolments.withdrawnAt)));
    const [lead] = await tx
      .select({ id: persons.id })
      .from(persons)
      .where(and(eq(persons.facilityId, id), eq(persons.position, 'Leitung'), isNull(persons.removedAt)))
      .limit(1);
    const project = { projectTitle: programmeProjects[label] ?? 'Unser Umweltprojekt', contactPersonId: lead?.id ?? null };
    if (!live) {
      await tx.insert(seasonEnrolments).values({
        facilityId: id,
        seasonId,
        projectTopics: ['Abfall', 'Konsum'],
        groupsTakingPart: 'alle Gruppen',
        childrenTakingPart: 30,
        acceptedTermsAt: at(-60),
        ...project,
      });
    } else {
      await tx.update(seasonEnrolments).set(project).where(eq(seasonEnrolments.id, live.id));
    }
  }
  // zur Auszeichnung zugelassen: Kinderhaus Sonnenschein (mehrere-kitas@); the awarding event is open to it
  await tx
    .update(seasonEnrolments)
    .set({ approvedForAwardAt: at(-10) })
    .where(
      and(
        eq(seasonEnrolments.facilityId, await facilityId('Kinderhaus Sonnenschein')),
        eq(seasonEnrolments.seasonId, seasonId),
        isNull(seasonEnrolments.withdrawnAt),
      ),
    );

  const upsertModule = async (title: string, values: Partial<typeof trainingModules.$inferInsert>) => {
    const [existing] = await tx
      .select({ id: trainingModules.id })
      .from(trainingModules)
      .where(and(eq(trainingModules.seasonId, seasonId), eq(trainingModules.title, title)));
    if (existing) {
      await tx.update(trainingModules).set(values).where(eq(trainingModules.id, existing.id));
      return existing.id;
    }
    const [row] = await tx
      .insert(trainingModules)
      .values({ seasonId, title, ...values })
      .returning({ id: trainingModules.id });
    return row!.id;
  };
  const einsteiger = await upsertModule('Einsteiger', {
    description: 'Für KiTas, die zum ersten Mal dabei sind: Bildung für nachhaltige Entwicklung im KiTa-Alltag, vom Thema zum Projekt.',
    targetGroup: 'KiTas im ersten Jahr',
    maxPerFacilityPerEvent: 2,
    maxPerFacilityPerModule: 3,
  });
  const erfahrene = await upsertModule('Erfahrene', {
    description: 'Für KiTas, die schon ausgezeichnet wurden: Projekte vertiefen, Kinder beteiligen, Eltern und Träger gewinnen.',
    targetGroup: 'KiTas ab dem zweiten Jahr',
    maxPerFacilityPerEvent: 2,
    maxPerFacilityPerModule: null,
  });

  const upsertEvent = async (title: string, values: Omit<typeof awardingEvents.$inferInsert, 'seasonId' | 'title'>) => {
    const [existing] = await tx
      .select({ id: awardingEvents.id })
      .from(awardingEvents)
      .where(and(eq(awardingEvents.seasonId, seasonId), eq(awardingEvents.title, title)));
    if (existing) {
      await tx.update(awardingEvents).set(values).where(eq(awardingEvents.id, existing.id));
      return existing.id;
    }
    const [row] = await tx
      .insert(awardingEvents)
      .values({ seasonId, title, ...values })
      .returning({ id: awardingEvents.id });
    return row!.id;
  };
  const nord = await upsertEvent('Auszeichnungsveranstaltung Nord', {
    description: 'Übergabe der Urkunden mit Fachtagung und Workshops.',
    startsAt: at(120, 8),
    endsAt: at(120, 15),
    place: 'Meistersingerhalle, Münchener Straße 21, 90478 Nürnberg',
    region: 'Mittelfranken',
    maxAttendeesPerFacility: 3,
    state: 'published',
  });
  const sued = await upsertEvent('Auszeichnungsveranstaltung Süd', {
    description: 'Übergabe der Urkunden mit Fachtagung und Workshops.',
    startsAt: at(127, 8),
    endsAt: at(127, 15),
    place: 'Alte Kongresshalle, Theresienhöhe 15, 80339 München',
    region: 'Oberbayern',
    maxAttendeesPerFacility: 3,
    state: 'published',
  });

  type OfferingSeed = Omit<typeof offerings.$inferInsert, 'seasonId'>;
  const upsertOffering = async (o: OfferingSeed) => {
    const [existing] = await tx
      .select({ id: offerings.id })
      .from(offerings)
      .where(and(eq(offerings.seasonId, seasonId), eq(offerings.kind, o.kind), eq(offerings.title, o.title)));
    if (existing) {
      await tx.update(offerings).set(o).where(eq(offerings.id, existing.id));
      return existing.id;
    }
    const [row] = await tx
      .insert(offerings)
      .values({ seasonId, ...o })
      .returning({ id: offerings.id });
    return row!.id;
  };
  const open = { registrationOpensAt: at(-30), state: 'published' as const };
  const free = await upsertOffering({
    kind: 'training',
    moduleId: einsteiger,
    title: 'Einsteiger: Nachhaltigkeit im KiTa-Alltag (München)',
    description: 'Was heißt Bildung für nachhaltige Entwicklung in der KiTa? Wir finden euer Projektthema.',
    startsAt: at(30, 8),
    endsAt: at(30, 14),
    place: 'Ökologisches Bildungszentrum, Englschalkinger Str. 166, 81927 München',
    region: 'Oberbayern',
    capacity: 20,
    registrationClosesAt: at(23),
    ...open,
  });
  const oneLeft = await upsertOffering({
    kind: 'training',
    moduleId: einsteiger,
    title: 'Einsteiger: Nachhaltigkeit im KiTa-Alltag (Nürnberg)',
    description: 'Was heißt Bildung für nachhaltige Entwicklung in der KiTa? Wir finden euer Projektthema.',
    startsAt: at(40, 8),
    endsAt: at(40, 14),
    place: 'Umweltstation Nürnberg, Wöhrder Wiese, 90403 Nürnberg',
    region: 'Mittelfranken',
    capacity: 3,
    registrationClosesAt: at(33),
    ...open,
  });
  const full = await upsertOffering({
    kind: 'training',
    moduleId: erfahrene,
    title: 'Erfahrene: Kinder beteiligen (Regensburg)',
    description: 'Wie Kinder ihr Projekt mitbestimmen: Methoden und Beispiele aus ausgezeichneten KiTas.',
    startsAt: at(35, 8),
    endsAt: at(35, 14),
    place: 'Umweltstation Regensburg, Am Ölberg 2, 93047 Regensburg',
    region: 'Oberpfalz',
    capacity: 2,
    registrationClosesAt: at(28),
    ...open,
  });
  const online = await upsertOffering({
    kind: 'training',
    moduleId: erfahrene,
    title: 'Erfahrene: Eltern und Träger gewinnen (online)',
    description: 'Online-Fortbildung am Vormittag.',
    startsAt: at(50, 8),
    endsAt: at(50, 11),
    place: '',
    onlineUrl: 'https://meet.demo.example/erfahrene',
    region: 'Oberfranken',
    capacity: 25,
    registrationClosesAt: at(45),
    ...open,
  });
  const past = await upsertOffering({
    kind: 'training',
    moduleId: einsteiger,
    title: 'Einsteiger: Auftakt (Bamberg)',
    description: 'Der erste Termin des KiTa-Jahres.',
    startsAt: at(-20, 8),
    endsAt: at(-20, 14),
    place: 'Bistumshaus St. Otto, Heinrichsdamm 32, 96047 Bamberg',
    region: 'Oberfranken',
    capacity: 15,
    registrationOpensAt: at(-60),
    registrationClosesAt: at(-25),
    state: 'published',
  });
  await upsertOffering({
    kind: 'training',
    moduleId: einsteiger,
    title: 'Einsteiger: Nachhaltigkeit im KiTa-Alltag (Würzburg)',
    description: 'Noch in Planung.',
    startsAt: at(60, 8),
    endsAt: at(60, 14),
    place: 'Umweltstation Würzburg, Nigglweg 5, 97082 Würzburg',
    region: 'Unterfranken',
    capacity: 20,
    state: 'draft',
  });
  const hospZauberwald = await upsertOffering({
    kind: 'hospitation',
    hostFacilityId: await facilityId('Kindertagesstätte Zauberwald'),
    title: 'Hospitation: Wildbienen im KiTa-Garten',
    description: 'Wir zeigen unser Wildbienenprojekt: Nisthilfen, Blühwiese und wie die Kinder beobachten.',
    startsAt: at(45, 7),
    endsAt: at(45, 11),
    place: 'Kindertagesstätte Zauberwald, Hainstraße 15, 96047 Bamberg',
    region: 'Oberfranken',
    capacity: 4,
    ...open,
  });
  await upsertOffering({
    kind: 'hospitation',
    hostFacilityId: await facilityId('Waldkindergarten Isarauen'),
    title: 'Hospitation: Ein Tag im Waldkindergarten',
    description: 'Draußen-Alltag mit Kompost, Wasser und Werkzeug; wie der Wald zum Lernort wird.',
    startsAt: at(55, 7),
    endsAt: at(55, 12),
    place: 'Waldkindergarten Isarauen, Am Isarkanal 3, 82049 Pullach im Isartal',
    region: 'Oberbayern',
    capacity: 3,
    ...open,
  });
  for (const [eventId, city, titles] of [
    [nord, 'Nürnberg', ['Workshop: Gärtnern mit Kindern', 'Workshop: Energie sparen im Gruppenraum']],
    [sued, 'München', ['Workshop: Müll vermeiden im Alltag', 'Workshop: Wasser erforschen']],
  ] as const) {
    for (const [i, t] of titles.entries()) {
      await upsertOffering({
        kind: 'awarding',
        awardingEventId: eventId,
        title: `${t} (${city})`,
        description: 'Workshop im Rahmen der Fachtagung.',
        startsAt: at(eventId === nord ? 120 : 127, 11),
        endsAt: at(eventId === nord ? 120 : 127, 12, 30),
        place: `Raum ${i + 1}`,
        region: city === 'Nürnberg' ? 'Mittelfranken' : 'Oberbayern',
        capacity: 25,
        ...open,
      });
    }
  }

  let queued = at(-15).getTime();
  const book = async (offeringId: number, label: string, lastName: string, state: 'confirmed' | 'waitlisted' | 'attended') => {
    const p = await personOf(label, lastName);
    const [existing] = await tx
      .select({ id: offeringEnrolments.id })
      .from(offeringEnrolments)
      .where(and(eq(offeringEnrolments.offeringId, offeringId), eq(offeringEnrolments.personId, p.id)));
    queued += 60_000;
    const values = {
      state,
      queuedAt: new Date(queued),
      confirmedAt: state === 'waitlisted' ? null : new Date(queued),
      attendedAt: state === 'attended' ? at(-20, 14) : null,
      cancelledAt: null,
      cancelReason: null,
    };
    if (existing) await tx.update(offeringEnrolments).set(values).where(eq(offeringEnrolments.id, existing.id));
    else await tx.insert(offeringEnrolments).values({ offeringId, facilityId: p.facilityId, personId: p.id, ...values, createdAt: new Date(queued) });
  };
  await book(free, 'Kinderhaus Sonnenschein', 'Mehring', 'confirmed');
  await book(free, 'Waldkindergarten Isarauen', 'Brandl', 'confirmed');
  await book(oneLeft, 'Kinderkrippe Zwergerlstube', 'Huber', 'confirmed');
  await book(oneLeft, 'Kinderkrippe Zwergerlstube', 'Bauer', 'confirmed');
  await book(full, 'Kita Naabtal-Spatzen', 'Schmid', 'confirmed');
  await book(full, 'Hort an der Rotmainschule', 'Wagner', 'confirmed');
  await book(full, 'Großtagespflege Kleine Entdecker', 'Köhler', 'waitlisted');
  await book(full, 'Kita Naabtal-Spatzen', 'Lehmann', 'waitlisted');
  await book(online, 'Haus für Kinder Regenbogen', 'Einstein', 'confirmed');
  await book(past, 'Kindertagesstätte Zauberwald', 'Förster', 'attended');
  await book(past, 'Kindertagesstätte Zauberwald', 'Bauer', 'attended');
  await book(hospZauberwald, 'Waldkindergarten Isarauen', 'Yılmaz', 'confirmed');
}

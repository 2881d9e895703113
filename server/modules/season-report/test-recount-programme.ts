import { regions } from '../../../src/shared/contracts/facility-lists';
import { NO_REGION, type ProgrammeFigures, type SeasonReport } from '../../../src/shared/contracts/season-report';

/* eslint-disable @typescript-eslint/no-explicit-any -- the lists' answers are read loosely: the recount reads what it counts */

/**
 * The programme sections recounted from the admin lists (issue 22): the dates of one kind (published and cancelled,
 * by module, region or awarding event), each date's enrolment list filtered to "teilgenommen" and to the bookings,
 * the team-workshop applications per state and the awarding events.
 */
const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);
/** an admin's GET of a list (test-helpers.ts adminApi) */
type Api = { json: (url: string) => Promise<any> };

export async function recountProgramme(api: Api, seasonId: number): Promise<Pick<SeasonReport, 'programme' | 'teamWorkshops' | 'awarding'>> {
  const now = Date.now();
  const enrolments = async (offeringId: number, state: string): Promise<any[]> =>
    (await api.json(`/api/admin/offerings/${offeringId}/enrolments?state=${state}&pageSize=0`)).items;
  const dates = async (filter: string): Promise<any[]> => (await api.json(`/api/admin/offerings?seasonId=${seasonId}&${filter}&pageSize=0`)).items;

  async function figures(kind: string, filter: string, pick: (o: any) => boolean = () => true): Promise<ProgrammeFigures> {
    const published = (await dates(`kind=${kind}&state=published${filter}`)).filter(pick);
    const cancelled = (await dates(`kind=${kind}&state=cancelled${filter}`)).filter(pick);
    const attended = await Promise.all(published.map(async (o) => (await enrolments(o.id, 'attended')).length));
    return {
      dates: published.length,
      held: published.filter((o) => new Date(o.endsAt).getTime() < now).length,
      cancelled: cancelled.length,
      seats: sum(published.map((o) => o.capacity)),
      booked: sum(published.map((o) => o.seatsTaken)),
      attended: sum(attended),
      waitlisted: sum(published.map((o) => o.waitlistLength)),
    };
  }
  async function byRegion(kind: string) {
    const rows = [];
    for (const region of regions) rows.push({ region: region as string, ...(await figures(kind, `&region=${encodeURIComponent(region)}`)) });
    const none = await figures(kind, '', (o) => o.region === null);
    return none.dates + none.cancelled > 0 ? [...rows, { region: NO_REGION, ...none }] : rows;
  }

  const modules: any[] = (await api.json(`/api/admin/training-modules?seasonId=${seasonId}`)).items;
  modules.sort((a, b) => (a.title === b.title ? a.id - b.id : a.title < b.title ? -1 : 1));
  const programme = {
    trainingsByModule: await Promise.all(
      modules.map(async (m) => ({ moduleId: m.id, title: m.title, ...(await figures('training', `&moduleId=${m.id}`)) })),
    ),
    trainingsByRegion: await byRegion('training'),
    trainingsTotal: await figures('training', ''),
    hospitationsByRegion: await byRegion('hospitation'),
    hospitationsTotal: await figures('hospitation', ''),
  };

  const states = ['submitted', 'accepted', 'declined', 'scheduled'] as const;
  const twRows = await Promise.all(
    states.map(async (state) => {
      const items: any[] = (await api.json(`/api/admin/team-workshop-applications?seasonId=${seasonId}&state=${state}&pageSize=0`)).items;
      return { state, applications: items.length, participants: sum(items.map((i) => i.participantCount)) };
    }),
  );

  const events: any[] = (await api.json(`/api/admin/awarding-events?seasonId=${seasonId}`)).items.filter((e: any) => e.state === 'published');
  const allFacilities = new Set<number>();
  const eventRows: NonNullable<SeasonReport['awarding']>['events'] = [];
  for (const e of events) {
    const workshops = await dates(`kind=awarding&awardingEventId=${e.id}&state=published`);
    const booked = (
      await Promise.all(workshops.map(async (o) => [...(await enrolments(o.id, 'confirmed')), ...(await enrolments(o.id, 'attended'))]))
    ).flat();
    const facilities = new Set(booked.map((b) => b.facilityId as number));
    for (const id of facilities) allFacilities.add(id);
    eventRows.push({
      id: e.id,
      title: e.title,
      startsAt: new Date(e.startsAt).toISOString(),
      region: e.region,
      workshops: workshops.length,
      seats: sum(workshops.map((o) => o.capacity)),
      booked: booked.length,
      attended: booked.filter((b) => b.state === 'attended').length,
      waitlisted: sum(workshops.map((o) => o.waitlistLength)),
      facilities: facilities.size,
    });
  }
  const keys = ['workshops', 'seats', 'booked', 'attended', 'waitlisted'] as const;
  return {
    programme,
    teamWorkshops: {
      rows: twRows,
      total: { applications: sum(twRows.map((r) => r.applications)), participants: sum(twRows.map((r) => r.participants)) },
    },
    awarding: {
      events: eventRows,
      total: {
        ...(Object.fromEntries(keys.map((k) => [k, sum(eventRows.map((r) => r[k]))])) as Record<(typeof keys)[number], number>),
        facilities: allFacilities.size,
      },
    },
  };
}

import type { FastifyInstance } from 'fastify';
import { regions } from '../../../src/shared/contracts/facility-lists';
import type { SeasonReport } from '../../../src/shared/contracts/season-report';
import { recountProgramme } from './test-recount-programme';

/* eslint-disable @typescript-eslint/no-explicit-any -- the lists' answers are read loosely: the recount reads what it counts */

/**
 * The season report recounted from the admin lists' own answers (issue 22): the KiTa list and its CSV, the KiTa
 * detail and its imported history, the documentation list, the lists of dates and their enrolments, team-workshop
 * applications and awarding events. A figure has to equal what the list behind it shows, so the recount only asks
 * the lists (as an admin would, over HTTP) and adds up.
 */
export type Api = { json: (url: string) => Promise<any>; text: (url: string) => Promise<string> };

export function adminApi(app: FastifyInstance, cookie: string): Api {
  const get = async (url: string) => {
    const res = await app.inject({ method: 'GET', url, headers: { cookie } });
    if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body.slice(0, 200)}`);
    return res;
  };
  return { json: async (url) => (await get(url)).json(), text: async (url) => (await get(url)).body };
}

const SUBMITTED = ['submitted', 'returned', 'approved', 'rejected'];

/** the lists' CSV (Excel): `;`-separated, cells with `;`, quotes or line breaks quoted */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [[]];
  let cell = '';
  let quoted = false;
  const endCell = () => {
    rows.at(-1)!.push(cell);
    cell = '';
  };
  for (let i = 0; i < text.length; i += 1) {
    const ch = text[i]!;
    if (quoted && ch === '"' && text[i + 1] === '"') {
      cell += '"';
      i += 1;
    } else if (ch === '"') quoted = !quoted;
    else if (quoted || (ch !== ';' && ch !== '\n' && ch !== '\r')) cell += ch;
    else if (ch === ';') endCell();
    else if (ch === '\n') {
      endCell();
      rows.push([]);
    }
  }
  return rows.filter((r) => r.length > 1);
}
const total = async (api: Api, url: string) => Number((await api.json(`${url}${url.includes('?') ? '&' : '?'}pageSize=1`)).total);
const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);

/** one request per KiTa, asked once per recount */
function cached<T>(fetch: (id: number) => Promise<T>) {
  const seen = new Map<number, Promise<T>>();
  return (id: number) => {
    if (!seen.has(id)) seen.set(id, fetch(id));
    return seen.get(id)!;
  };
}

export async function recountReport(api: Api, identifier: string) {
  const seasons: { id: number; identifier: string; label: string }[] = (await api.json('/api/admin/seasons/choices')).items;
  const detail = cached((id) => api.json(`/api/admin/facilities/${id}`));
  const history = cached((id) => api.json(`/api/admin/facilities/${id}/legacy-history`));
  const approvedIn = cached(async (seasonId) => {
    const s = seasons.find((x) => x.id === seasonId)!;
    const items: any[] = (await api.json(`/api/admin/documentation/${s.identifier}?state=approved&pageSize=0`)).items;
    return new Set(items.map((i) => i.facilityId));
  });

  /** the funnel, kinds, reach and "again" of one season, from the KiTa list, its CSV, the documentation list and the details */
  async function participation(season: { id: number; identifier: string }) {
    const list = `/api/admin/facilities?enrolledSeasonId=${season.id}&enrolled=yes`;
    const enrolled: any[] = (await api.json(`${list}&pageSize=0`)).items;
    const csv = parseCsv((await api.text(`/api/admin/facilities/export.csv?enrolledSeasonId=${season.id}&enrolled=yes`)).replace(/^\uFEFF/, ''));
    const [head, ...rows] = csv;
    const col = (name: string) => head!.indexOf(name);
    const docs: any[] = (await api.json(`/api/admin/documentation/${season.identifier}?pageSize=0`)).items;
    const stateOf = new Map(docs.map((d) => [d.facilityId, d.state]));
    const earlier = seasons.filter((s) => s.identifier < season.identifier);
    const approvedEarlier = new Set<number>();
    for (const s of earlier) for (const id of await approvedIn(s.id)) approvedEarlier.add(id);
    const perFacility = await Promise.all(
      enrolled.map(async (f) => {
        const d = await detail(f.id);
        const h: any[] = (await history(f.id)).items;
        const live = d.enrolments.filter((e: any) => e.withdrawnAt === null);
        const mine = live.find((e: any) => e.seasonIdentifier === season.identifier);
        const before = live.filter((e: any) => e.seasonIdentifier < season.identifier);
        const hBefore = h.filter((i) => i.seasonIdentifier < season.identifier);
        const again = before.length > 0 || hBefore.length > 0;
        const awardedBefore =
          again && (hBefore.some((i) => i.awarded) || before.some((e: any) => e.approvedForAwardAt !== null) || approvedEarlier.has(f.id));
        const row = rows.find((r) => Number(r[col('ID')]) === f.id)!;
        const staff = row[col('Mitarbeitende')] === '' ? null : Number(row[col('Mitarbeitende')]);
        return {
          id: f.id,
          region: f.region as string,
          kind: row[col('Art')]!,
          operatorKind: row[col('Trägerart')]!,
          awarded: mine.approvedForAwardAt !== null || stateOf.get(f.id) === 'approved',
          children: mine.childrenTakingPart as number | null,
          staff,
          again,
          awardedBefore,
        };
      }),
    );
    return { list, perFacility };
  }

  const season = seasons.find((s) => s.identifier === identifier)!;
  const p = await participation(season);
  const present = [...regions, ...new Set(p.perFacility.map((f) => f.region).filter((r) => !(regions as readonly string[]).includes(r)))];
  const funnelRows = await Promise.all(
    present.map(async (region) => {
      const r = encodeURIComponent(region);
      const doc = (state: string) => total(api, `/api/admin/documentation/${identifier}?state=${state}&region=${r}`);
      return {
        region,
        enrolled: await total(api, `${p.list}&region=${r}`),
        submitted: sum(await Promise.all(SUBMITTED.map(doc))),
        approved: await doc('approved'),
        awarded: p.perFacility.filter((f) => f.region === region && f.awarded).length,
      };
    }),
  );
  const cells = new Map<string, { kind: string; operatorKind: string; count: number }>();
  for (const f of p.perFacility) {
    const key = `${f.kind}/${f.operatorKind}`;
    cells.set(key, { kind: f.kind, operatorKind: f.operatorKind, count: (cells.get(key)?.count ?? 0) + 1 });
  }
  const reachOf = (fs: typeof p.perFacility) => {
    const children = fs.filter((f) => f.children !== null);
    const staff = fs.filter((f) => f.staff !== null);
    return {
      facilities: fs.length,
      children: fs.length > 0 && children.length === 0 ? null : sum(children.map((f) => f.children!)),
      childrenMissing: fs.length - children.length,
      staff: fs.length > 0 && staff.length === 0 ? null : sum(staff.map((f) => f.staff!)),
      staffMissing: fs.length - staff.length,
    };
  };
  const again = p.perFacility.filter((f) => f.again).length;

  const expected: Omit<SeasonReport, 'season' | 'hasPortalData' | 'comparison'> & { comparison?: SeasonReport['comparison'] } = {
    funnel: {
      rows: funnelRows,
      total: Object.fromEntries(
        (['enrolled', 'submitted', 'approved', 'awarded'] as const).map((k) => [k, sum(funnelRows.map((r) => r[k]))]),
      ) as NonNullable<SeasonReport['funnel']>['total'],
    },
    facilities: {
      cells: [...cells.values()],
      enrolled: p.perFacility.length,
      new: p.perFacility.length - again,
      again,
      awardedBefore: p.perFacility.filter((f) => f.awardedBefore).length,
    },
    reach: {
      rows: present.map((region) => ({ region, ...reachOf(p.perFacility.filter((f) => f.region === region)) })),
      total: reachOf(p.perFacility),
    },
    ...(await recountProgramme(api, season.id)),
  };

  // this season and up to five before it: the portal's figures where the portal ran, else the imported history
  const all: any[] = (await api.json('/api/admin/facilities?pageSize=0')).items;
  const compared = seasons
    .filter((s) => s.identifier <= identifier)
    .sort((a, b) => (a.identifier < b.identifier ? 1 : -1))
    .slice(0, 6)
    .reverse();
  const comparison = [];
  for (const s of compared) {
    const stats = await api.json(`/api/admin/seasons/${s.id}/stats`);
    const portal =
      stats.enrolled + stats.withdrawn > 0 ||
      (await total(api, `/api/admin/offerings?seasonId=${s.id}`)) > 0 ||
      (await total(api, `/api/admin/team-workshop-applications?seasonId=${s.id}`)) > 0 ||
      (await api.json(`/api/admin/awarding-events?seasonId=${s.id}`)).items.length > 0;
    const base = { identifier: s.identifier, label: s.label };
    if (portal) {
      const q = await participation(s);
      const docs: any[] = (await api.json(`/api/admin/documentation/${s.identifier}?pageSize=0`)).items;
      const r = reachOf(q.perFacility);
      comparison.push({
        ...base,
        source: 'portal' as const,
        enrolled: q.perFacility.length,
        submitted: docs.filter((d) => SUBMITTED.includes(d.state)).length,
        approved: docs.filter((d) => d.state === 'approved').length,
        awarded: q.perFacility.filter((f) => f.awarded).length,
        children: r.children,
      });
      continue;
    }
    const recorded = (await Promise.all(all.map(async (f) => (await history(f.id)).items))).map((items: any[]) =>
      items.find((i) => i.seasonIdentifier === s.identifier),
    );
    const enrolled = recorded.filter(Boolean).length;
    comparison.push(
      enrolled > 0
        ? {
            ...base,
            source: 'import' as const,
            enrolled,
            submitted: null,
            approved: null,
            awarded: recorded.filter((i) => i?.awarded).length,
            children: null,
          }
        : { ...base, source: 'none' as const, enrolled: null, submitted: null, approved: null, awarded: null, children: null },
    );
  }
  return { ...expected, comparison: { seasons: comparison } };
}

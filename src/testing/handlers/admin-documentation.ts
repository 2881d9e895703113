import { http, HttpResponse } from 'msw';
import type {
  AdminDocumentationDetail,
  AdminDocumentationRow,
  JuryQueue,
  NextUnreviewed,
  ReviewInput,
} from '../../shared/contracts/admin-documentation';
import { weightedScore } from '../../shared/contracts/admin-documentation';
import type { Template } from '../../shared/contracts/documentation-template';

type Options = {
  rows?: AdminDocumentationRow[];
  detail?: AdminDocumentationDetail;
  template?: Template;
  /** issue 19: GET …/queue and …/next-unreviewed (the latter by `after`, or one answer for every form) */
  queue?: JuryQueue;
  next?: NextUnreviewed | ((after: number) => NextUnreviewed | Promise<NextUnreviewed>);
  /** answer the next write with this status and German reason (e.g. 409 `conflict`) */
  failWith?: { status: number; code: string; message: string; fields?: Record<string, string> };
};

/**
 * An in-memory fake of /api/admin/documentation/{season}…: reads answer the given data, writes are recorded in
 * `calls` (path and body) and change the data a little (a saved template gets version + 1).
 */
export function documentationHandlers(options: Options = {}) {
  const calls: { method: string; path: string; body: unknown }[] = [];
  const state = { detail: options.detail, template: options.template, failWith: options.failWith };
  const record = async (request: Request) => {
    const body = await request.json().catch(() => null);
    calls.push({ method: request.method, path: new URL(request.url).pathname, body });
    const fail = state.failWith;
    if (fail) {
      state.failWith = undefined;
      return HttpResponse.json({ reason: { code: fail.code, message: fail.message, fields: fail.fields ?? {} } }, { status: fail.status });
    }
    return null;
  };
  const handlers = [
    // before ':season' (msw would take "seasons" for a season)
    http.get('*/api/admin/documentation/seasons', () =>
      HttpResponse.json({
        items: [
          { id: 2, identifier: '2026-27', label: 'KiTa-Jahr 2026/27', isCurrent: true },
          { id: 1, identifier: '2025-26', label: 'KiTa-Jahr 2025/26', isCurrent: false },
        ],
      }),
    ),
    http.get('*/api/admin/documentation/:season', ({ request }) => {
      const url = new URL(request.url);
      const rows = options.rows ?? [];
      return HttpResponse.json({ items: rows, total: rows.length, page: Number(url.searchParams.get('page') ?? 1), pageSize: 50 });
    }),
    http.get('*/api/admin/documentation/:season/template', () =>
      state.template ? HttpResponse.json(state.template) : new HttpResponse(null, { status: 404 }),
    ),
    http.put('*/api/admin/documentation/:season/template', async ({ request }) => {
      const failed = await record(request);
      if (failed) return failed;
      const body = calls.at(-1)!.body as Pick<Template, 'sections'>;
      state.template = { ...state.template!, sections: body.sections, version: (state.template?.version ?? 0) + 1 };
      return HttpResponse.json(state.template);
    }),
    http.post('*/api/admin/documentation/:season/template/copy', async ({ request }) => (await record(request)) ?? HttpResponse.json(state.template)),
    // before ':facilityId', like the server's static segments
    http.get('*/api/admin/documentation/:season/queue', () =>
      options.queue ? HttpResponse.json(options.queue) : new HttpResponse(null, { status: 404 }),
    ),
    http.get('*/api/admin/documentation/:season/next-unreviewed', async ({ request }) => {
      const after = Number(new URL(request.url).searchParams.get('after'));
      const next = typeof options.next === 'function' ? await options.next(after) : options.next;
      return HttpResponse.json(next ?? { next: null, remaining: 0 });
    }),
    http.get('*/api/admin/documentation/:season/:facilityId', () =>
      state.detail ? HttpResponse.json(state.detail) : new HttpResponse(null, { status: 404 }),
    ),
    http.post(
      '*/api/admin/documentation/:season/:facilityId/decision',
      async ({ request }) => (await record(request)) ?? HttpResponse.json(state.detail),
    ),
    // a saved review becomes the caller's own (and the others' reviews show, as on the server)
    http.put('*/api/admin/documentation/:season/:facilityId/review', async ({ request }) => {
      const failed = await record(request);
      if (failed) return failed;
      const body = calls.at(-1)!.body as ReviewInput;
      if (state.detail)
        state.detail = {
          ...state.detail,
          othersHidden: false,
          ownReview: {
            reviewerId: 7,
            reviewerName: 'Julia Jury',
            scores: body.scores,
            total: weightedScore(body.scores),
            comment: body.comment,
            updatedAt: new Date().toISOString(),
          },
        };
      return HttpResponse.json(state.detail);
    }),
    http.post(
      '*/api/admin/documentation/:season/:facilityId/notes',
      async ({ request }) => (await record(request)) ?? HttpResponse.json({ id: 99 }, { status: 201 }),
    ),
  ];
  return { handlers, calls, state };
}

import { randomUUID } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local stand-in for ActiveCampaign's API v3 on 127.0.0.1, for tests, the e2e spec and the benchmark (never the
 * internet): contacts with limit/offset pagination and the email and tagid filters, contact/sync, tags,
 * contactTags, lists (read and create), contactLists, fields, fieldRels and fieldValues, the bulk importer
 * (`POST /import/bulk_import`, its status list `GET /import/bulk_import` and `GET /import/info?batchId=`, processed
 * asynchronously after `importDelayMs`); the `Api-Token` header (403 otherwise); the
 * account's rate limit (429 with Retry-After beyond `ratePerSecond` in any second); injected 5xx answers and
 * timeouts. Every request is recorded with its arrival time.
 */
export type StubOptions = {
  key?: string;
  ratePerSecond?: number;
  lists?: { id: string; name: string }[];
  /** how long a bulk import waits in the queue before it is processed (default 30 ms) */
  importDelayMs?: number;
  /** the port on 127.0.0.1 (default: any free one); the e2e spec's is fixed, the portal's ACTIVECAMPAIGN_URL */
  port?: number;
  /** called with every request after it was answered (tests: stop a runner at a chosen request) */
  onRequest?: (r: StubRequest) => void;
};
export type StubRequest = { at: number; method: string; path: string; status: number; body?: Record<string, unknown> };

/** a request body: `{ contact: {...} }`, `{ tag: {...} }` and the like */
type Body = Record<string, Record<string, unknown> | undefined>;

type Contact = { id: string; email: string; firstName: string; lastName: string };
/** one contact of a bulk import, as documented: names, fields by id, tags by name, lists to (un)subscribe */
type BulkContact = {
  email?: string;
  first_name?: string;
  last_name?: string;
  fields?: { id: string | number; value: string }[];
  tags?: string[];
  subscribe?: { listid: string | number }[];
  unsubscribe?: { listid: string | number }[];
};

export async function startActiveCampaignStub(options: StubOptions = {}) {
  const key = options.key ?? 'stub-key-1234';
  let rate = options.ratePerSecond ?? 5;
  const lists: { id: string; name: string; stringid?: string; sender_url?: string; sender_reminder?: string }[] = [
    ...(options.lists ?? [
      { id: '1', name: 'Newsletter KiTa-Portal' },
      { id: '2', name: 'Presse' },
    ]),
  ];
  let seq = 100;
  const nextId = () => String(++seq);
  const contacts = new Map<string, Contact>();
  const tags = new Map<string, { id: string; tag: string }>();
  const contactTags = new Map<string, { id: string; contact: string; tag: string }>();
  const contactLists = new Map<string, { id: string; list: string; contact: string; status: string }>();
  const fields = new Map<string, { id: string; title: string; perstag: string }>();
  const fieldValues = new Map<string, { id: string; contact: string; field: string; value: string }>();
  const requests: StubRequest[] = [];
  const accepted: number[] = [];
  const inject: { status: number[]; hang: number } = { status: [], hang: 0 };
  const hanging = new Set<http.ServerResponse>();
  const hooks = { onRequest: options.onRequest };
  type Import = {
    batchId: string;
    at: number;
    contacts: BulkContact[];
    status: 'waiting' | 'completed';
    success: string[];
    failure: string[];
  };
  const imports: Import[] = [];
  const importDelay = { ms: options.importDelayMs ?? 30, held: false };
  /** the bulk importer's own limits: 100 calls a minute with several contacts, 20 with one */
  const bulkCalls: { at: number; single: boolean }[] = [];

  const page = <T>(items: T[], q: URLSearchParams) => {
    const limit = Math.min(Number(q.get('limit') ?? 20), 100);
    const offset = Number(q.get('offset') ?? 0);
    return { items: items.slice(offset, offset + limit), meta: { total: String(items.length) } };
  };
  const full = (c: Contact) => ({
    contact: c,
    contactLists: [...contactLists.values()].filter((x) => x.contact === c.id),
    contactTags: [...contactTags.values()].filter((x) => x.contact === c.id),
    fieldValues: [...fieldValues.values()].filter((x) => x.contact === c.id),
  });

  function handle(method: string, url: URL, body: Body | undefined): [number, unknown] {
    const p = url.pathname.replace(/^\/api\/3/, '');
    const q = url.searchParams;
    if (method === 'GET' && p === '/users/me') return [200, { user: { username: 'stub', email: 'konto@stub.example' } }];
    if (method === 'GET' && p === '/lists') {
      const r = page(lists, q);
      return [200, { lists: r.items, meta: r.meta }];
    }
    if (method === 'POST' && p === '/lists') {
      // name, stringid, sender_url and sender_reminder are required; a name or stringid in use answers 422
      const input = body?.list ?? {};
      const missing = (['name', 'stringid', 'sender_url', 'sender_reminder'] as const).filter((k) => !String(input[k] ?? '').trim());
      if (missing.length > 0)
        return [422, { errors: missing.map((k) => ({ title: `The ${k} field is required.`, source: { pointer: `/data/attributes/${k}` } })) }];
      const name = String(input.name);
      const stringid = String(input.stringid);
      if (lists.some((l) => l.name.toLowerCase() === name.toLowerCase() || l.stringid === stringid)) {
        return [
          422,
          { errors: [{ title: 'List name or stringid is already in use.', code: 'duplicate', source: { pointer: '/data/attributes/name' } }] },
        ];
      }
      const l = { id: nextId(), name, stringid, sender_url: String(input.sender_url), sender_reminder: String(input.sender_reminder) };
      lists.push(l);
      return [201, { list: l }];
    }
    if (method === 'GET' && p === '/tags') {
      const all = [...tags.values()].filter((t) => !q.get('search') || t.tag.includes(q.get('search')!));
      const r = page(all, q);
      return [200, { tags: r.items, meta: r.meta }];
    }
    if (method === 'POST' && p === '/tags') {
      const name = String(body?.tag?.tag ?? '');
      if ([...tags.values()].some((t) => t.tag === name)) return [422, { errors: [{ title: 'duplicate' }] }];
      const t = { id: nextId(), tag: name };
      tags.set(t.id, t);
      return [201, { tag: t }];
    }
    if (method === 'GET' && p === '/fields') {
      const r = page([...fields.values()], q);
      return [200, { fields: r.items, meta: r.meta }];
    }
    if (method === 'POST' && p === '/fields') {
      const f = { id: nextId(), title: String(body?.field?.title), perstag: String(body?.field?.perstag) };
      fields.set(f.id, f);
      return [201, { field: f }];
    }
    if (method === 'POST' && p === '/fieldRels') return [201, { fieldRel: { id: nextId(), ...body?.fieldRel } }];
    if (method === 'GET' && p === '/contacts') {
      let all = [...contacts.values()];
      if (q.get('email')) all = all.filter((c) => c.email.toLowerCase() === q.get('email')!.toLowerCase());
      if (q.get('tagid')) all = all.filter((c) => [...contactTags.values()].some((ct) => ct.contact === c.id && ct.tag === q.get('tagid')));
      const r = page(all, q);
      return [200, { contacts: r.items, meta: r.meta }];
    }
    const one = p.match(/^\/contacts\/(\d+)$/);
    if (method === 'GET' && one) {
      const c = contacts.get(one[1]!);
      return c ? [200, full(c)] : [404, { message: 'No Result found for Subscriber with id ' + one[1] }];
    }
    if (method === 'POST' && p === '/contact/sync') {
      const input = body?.contact ?? {};
      const email = String(input.email ?? '').toLowerCase();
      if (!email) return [422, { errors: [{ title: 'Email is required' }] }];
      let c = [...contacts.values()].find((x) => x.email === email);
      if (!c) {
        c = { id: nextId(), email, firstName: '', lastName: '' };
        contacts.set(c.id, c);
      }
      if (input.firstName !== undefined) c.firstName = String(input.firstName);
      if (input.lastName !== undefined) c.lastName = String(input.lastName);
      for (const fv of (input.fieldValues ?? []) as { field: string; value: string }[]) {
        const existing = [...fieldValues.values()].find((x) => x.contact === c.id && x.field === String(fv.field));
        if (existing) existing.value = String(fv.value);
        else {
          const v = { id: nextId(), contact: c.id, field: String(fv.field), value: String(fv.value) };
          fieldValues.set(v.id, v);
        }
      }
      return [200, { contact: c }];
    }
    if (method === 'POST' && p === '/contactLists') {
      const cl = body?.contactList ?? {};
      if (!contacts.has(String(cl.contact))) return [404, { message: 'contact not found' }];
      const existing = [...contactLists.values()].find((x) => x.contact === String(cl.contact) && x.list === String(cl.list));
      if (existing) existing.status = String(cl.status);
      else {
        const v = { id: nextId(), list: String(cl.list), contact: String(cl.contact), status: String(cl.status) };
        contactLists.set(v.id, v);
      }
      return [200, { contactList: existing ?? [...contactLists.values()].at(-1) }];
    }
    if (method === 'POST' && p === '/contactTags') {
      const ct = body?.contactTag ?? {};
      if (!contacts.has(String(ct.contact)) || !tags.has(String(ct.tag))) return [404, { message: 'not found' }];
      const existing = [...contactTags.values()].find((x) => x.contact === String(ct.contact) && x.tag === String(ct.tag));
      if (existing) return [201, { contactTag: existing }];
      const v = { id: nextId(), contact: String(ct.contact), tag: String(ct.tag) };
      contactTags.set(v.id, v);
      return [201, { contactTag: v }];
    }
    const delTag = p.match(/^\/contactTags\/(\d+)$/);
    if (method === 'DELETE' && delTag) {
      return contactTags.delete(delTag[1]!) ? [200, {}] : [404, { message: 'not found' }];
    }
    if (method === 'POST' && p === '/import/bulk_import') {
      const list = (body as { contacts?: unknown } | undefined)?.contacts;
      if (!Array.isArray(list) || list.length === 0)
        return [400, { success: 0, message: 'The contacts field is required.', failureReasons: ['contacts: required'] }];
      if (list.length > 250)
        return [400, { success: 0, message: 'Too many contacts: at most 250 per request.', failureReasons: ['contacts: max 250'] }];
      const at = Date.now();
      while (bulkCalls.length > 0 && bulkCalls[0]!.at <= at - 60_000) bulkCalls.shift();
      const single = list.length === 1;
      if (bulkCalls.filter((c) => c.single === single).length >= (single ? 20 : 100)) return [429, { message: 'Too Many Requests' }];
      bulkCalls.push({ at, single });
      const batch: Import = { batchId: randomUUID(), at, contacts: list as BulkContact[], status: 'waiting', success: [], failure: [] };
      imports.push(batch);
      scheduleImports();
      return [200, { success: 1, queued_contacts: list.length, batchId: batch.batchId }];
    }
    if (method === 'GET' && p === '/import/info') {
      const id = q.get('batchId');
      if (!id) return [400, { success: 0, message: "'batchId' is a required field." }];
      const batch = imports.find((b) => b.batchId === id);
      if (!batch) return [404, { success: 0, message: 'No batch found.' }];
      return [200, { status: batch.status, success: batch.success, failure: batch.failure }];
    }
    if (method === 'GET' && p === '/import/bulk_import') {
      const day = (b: Import) => new Date(b.at).toISOString().slice(0, 10);
      const summary = (items: Import[]) =>
        [...new Set(items.map(day))].map((forDate) => {
          const of = items.filter((b) => day(b) === forDate);
          return { forDate, batches: String(of.length), contacts: String(of.reduce((n, b) => n + b.contacts.length, 0)) };
        });
      return [
        200,
        {
          outstanding: summary(imports.filter((b) => b.status !== 'completed')),
          recentlyCompleted: summary(imports.filter((b) => b.status === 'completed')),
        },
      ];
    }
    return [404, { message: 'unknown endpoint' }];
  }

  /**
   * One queued import, as the bulk importer applies it: a contact per e-mail (created or updated), its names, its
   * fields by id, its tags by name (created when missing), and `subscribe` sets status 1 on the list — also for a
   * contact unsubscribed there (the stub assumes the worst, so a sync that sends an unsubscribed contact into an
   * import is caught by the tests), `unsubscribe` status 2. Invalid addresses go to `failure`.
   */
  function applyImport(batch: Import) {
    for (const input of batch.contacts) {
      const email = String(input.email ?? '').toLowerCase();
      if (!/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(email)) {
        batch.failure.push(String(input.email ?? ''));
        continue;
      }
      let c = [...contacts.values()].find((x) => x.email === email);
      if (!c) {
        c = { id: nextId(), email, firstName: '', lastName: '' };
        contacts.set(c.id, c);
        batch.success.push(c.id);
      }
      if (input.first_name !== undefined) c.firstName = String(input.first_name);
      if (input.last_name !== undefined) c.lastName = String(input.last_name);
      for (const fv of input.fields ?? []) {
        const existing = [...fieldValues.values()].find((x) => x.contact === c.id && x.field === String(fv.id));
        if (existing) existing.value = String(fv.value);
        else {
          const v = { id: nextId(), contact: c.id, field: String(fv.id), value: String(fv.value) };
          fieldValues.set(v.id, v);
        }
      }
      for (const name of input.tags ?? []) {
        let tag = [...tags.values()].find((t) => t.tag === name);
        if (!tag) {
          tag = { id: nextId(), tag: name };
          tags.set(tag.id, tag);
        }
        const tagId = tag.id;
        if (![...contactTags.values()].some((x) => x.contact === c.id && x.tag === tagId)) {
          const v = { id: nextId(), contact: c.id, tag: tagId };
          contactTags.set(v.id, v);
        }
      }
      const setStatus = (list: string, status: string) => {
        const existing = [...contactLists.values()].find((x) => x.contact === c.id && x.list === list);
        if (existing) existing.status = status;
        else {
          const v = { id: nextId(), list, contact: c.id, status };
          contactLists.set(v.id, v);
        }
      };
      for (const s of input.subscribe ?? []) setStatus(String(s.listid), '1');
      for (const s of input.unsubscribe ?? []) setStatus(String(s.listid), '2');
    }
    batch.status = 'completed';
  }

  let importTimer: NodeJS.Timeout | null = null;
  function scheduleImports() {
    if (importTimer || importDelay.held) return;
    importTimer = setTimeout(() => {
      importTimer = null;
      processImports();
    }, importDelay.ms);
  }
  function processImports() {
    for (const b of imports) if (b.status === 'waiting') applyImport(b);
  }

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const at = Date.now();
      const url = new URL(req.url ?? '/', 'http://stub');
      const method = req.method ?? 'GET';
      const text = Buffer.concat(chunks).toString('utf8');
      const body = text ? (JSON.parse(text) as Record<string, unknown>) : undefined;
      const record = (status: number) => {
        const r = { at, method, path: url.pathname + url.search, status, body };
        requests.push(r);
        hooks.onRequest?.(r);
      };
      const send = (status: number, payload: unknown, headers: Record<string, string> = {}) => {
        record(status);
        res.writeHead(status, { 'Content-Type': 'application/json', ...headers });
        res.end(JSON.stringify(payload));
      };
      if (req.headers['api-token'] !== key) return send(403, { message: 'You are not authorized to access this resource' });
      // the account's limit: at most `rate` requests in any second
      while (accepted.length > 0 && accepted[0]! <= at - 1000) accepted.shift();
      if (accepted.length >= rate) return send(429, { message: 'Too Many Requests' }, { 'Retry-After': '1' });
      accepted.push(at);
      if (inject.hang > 0) {
        inject.hang--;
        record(0);
        hanging.add(res);
        return;
      }
      const failing = inject.status.shift();
      if (failing) return send(failing, { message: 'injected' });
      const [status, payload] = handle(method, url, body as Body | undefined);
      send(status, payload);
    });
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;

  const contactByEmail = (email: string) => [...contacts.values()].find((c) => c.email === email.toLowerCase());
  return {
    url: `http://127.0.0.1:${port}`,
    key,
    requests,
    /** the next answers are these statuses (e.g. 500, 503) */
    failNext: (...statuses: number[]) => inject.status.push(...statuses),
    /** the next `n` requests get no answer (the client's timeout must fire) */
    hangNext: (n: number) => (inject.hang += n),
    setRate: (r: number) => (rate = r),
    onRequest: (fn: StubOptions['onRequest']) => (hooks.onRequest = fn),
    contacts: () => [...contacts.values()],
    /** the bulk imports received, in order (with the addresses each carried) */
    imports: () => imports.map((b) => ({ batchId: b.batchId, status: b.status, emails: b.contacts.map((c) => String(c.email).toLowerCase()) })),
    /** imports stay queued (`true`) until released (`false`, which processes the queue at once) */
    holdImports: (held: boolean) => {
      importDelay.held = held;
      if (!held) processImports();
    },
    /** the account's lists, those created through the API included */
    lists: () => lists.map((l) => ({ ...l })),
    contactByEmail,
    tagsOf: (email: string) => {
      const c = contactByEmail(email);
      return c
        ? [...contactTags.values()]
            .filter((ct) => ct.contact === c.id)
            .map((ct) => tags.get(ct.tag)!.tag)
            .sort()
        : [];
    },
    listStatusOf: (email: string, list = '1') => {
      const c = contactByEmail(email);
      return c ? ([...contactLists.values()].find((x) => x.contact === c.id && x.list === list)?.status ?? null) : null;
    },
    fieldOf: (email: string, perstag: string) => {
      const c = contactByEmail(email);
      const f = [...fields.values()].find((x) => x.perstag === perstag);
      return c && f ? ([...fieldValues.values()].find((v) => v.contact === c.id && v.field === f.id)?.value ?? null) : null;
    },
    /** a contact the account has already (created outside the portal), optionally with a status on a list */
    addContact: (email: string, opts: { firstName?: string; lastName?: string; listStatus?: string; list?: string } = {}) => {
      const c = { id: nextId(), email: email.toLowerCase(), firstName: opts.firstName ?? '', lastName: opts.lastName ?? '' };
      contacts.set(c.id, c);
      if (opts.listStatus) {
        const v = { id: nextId(), list: opts.list ?? '1', contact: c.id, status: opts.listStatus };
        contactLists.set(v.id, v);
      }
      return c;
    },
    /** the person unsubscribes in ActiveCampaign (status 2 on the list) */
    unsubscribe: (email: string, list = '1') => {
      const c = contactByEmail(email)!;
      const cl = [...contactLists.values()].find((x) => x.contact === c.id && x.list === list)!;
      cl.status = '2';
    },
    /** the requests that changed something */
    writes: () => requests.filter((r) => r.method !== 'GET' && r.status > 0 && r.status < 300),
    /** the most requests that arrived within any one second */
    maxPerSecond: (from = 0) => maxPerSecond(requests.filter((r) => r.at >= from).map((r) => r.at)),
    close: async () => {
      if (importTimer) clearTimeout(importTimer);
      for (const res of hanging) res.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

export type ActiveCampaignStub = Awaited<ReturnType<typeof startActiveCampaignStub>>;

/** the most of `times` (ms, ascending) that fall within any one second */
export function maxPerSecond(times: number[]): number {
  let max = 0;
  for (let i = 0, j = 0; i < times.length; i++) {
    while (times[i]! - times[j]! >= 1000) j++;
    max = Math.max(max, i - j + 1);
  }
  return max;
}

import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { sql } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { textCharsMessage } from '../src/shared/contracts/common';
import { errorReasonSchema } from '../src/shared/contracts/errors';
import { hashPassword } from './modules/auth/passwords';
import { servableFile } from './plugins/spa';
import { facilityFixture, type FacilityFixture, type Role } from './testing/facility-fixture';
import { buildTestApp } from './testing/test-app';

/** issue 10, server robustness: odd input answers 4xx in SPEC §3's shape, never a 500, never a secret in the log */
let f: FacilityFixture;
beforeAll(async () => {
  f = await facilityFixture();
});
afterAll(async () => f?.close());

const expectReason = (res: { statusCode: number; json: () => unknown }, status: number, code: string) => {
  expect(res.statusCode).toBe(status);
  const body = res.json() as { reason: unknown };
  const reason = errorReasonSchema.parse(body.reason);
  expect(reason.code).toBe(code);
  return reason;
};

describe('control characters and lone surrogates in text fields', () => {
  const facilityBody = { label: 'Kinderhaus Mond', kind: 'Krippe', street: 'Weg 1', postalCode: '90402', city: 'Nürnberg', region: 'Mittelfranken' };
  const person = { firstName: 'Eva', lastName: 'Ernst', position: 'Leitung' };
  const password = 'Ein-Sehr-Langes-Kennwort-42';
  const register = {
    firstName: 'Eva',
    lastName: 'Ernst',
    email: 'eva@test.example',
    password,
    passwordRepeat: password,
    privacyPolicyVersion: '2026-01',
    acceptPrivacyPolicy: true,
  };
  // every text input that reached the database unchecked: [role, request, field name in `fields`]
  const cases: [Role, (bad: string) => InjectOptions, string, string?][] = [
    ['anonymous', (bad) => ({ method: 'POST', url: '/api/login', payload: { email: `a${bad}@test.example`, password: 'x' } }), 'email'],
    ['anonymous', (bad) => ({ method: 'POST', url: '/api/auth/register', payload: { ...register, firstName: `Eva${bad}` } }), 'firstName'],
    [
      'anonymous',
      (bad) => ({ method: 'POST', url: '/api/auth/register', payload: { ...register, privacyPolicyVersion: `2026${bad}` } }),
      'privacyPolicyVersion',
    ],
    ['anonymous', (bad) => ({ method: 'POST', url: '/api/auth/password/forgot', payload: { email: `a${bad}@test.example` } }), 'email'],
    ['anonymous', (bad) => ({ method: 'GET', url: `/api/auth/token-status?kind=activation&token=${encodeURIComponent(`abc${bad}`)}` }), 'token'],
    ['member', (bad) => ({ method: 'PATCH', url: '/api/me/profile', payload: { firstName: `Maria${bad}`, lastName: 'Mitglied' } }), 'firstName'],
    [
      'member',
      (bad) => ({ method: 'PUT', url: '/api/me/consents', payload: { acceptPrivacyPolicyVersion: `2026${bad}` } }),
      'acceptPrivacyPolicyVersion',
    ],
    [
      'member',
      (bad) => ({ method: 'POST', url: '/api/me/person-invitations', payload: { token: `abcdefghijk${bad}` } }),
      'token',
      'Der Einladungslink ist ungültig.',
    ],
    ['member', (bad) => ({ method: 'POST', url: '/api/facilities', payload: { ...facilityBody, label: `Kinderhaus${bad}` } }), 'label'],
    ['member', (bad) => ({ method: 'POST', url: '/api/facilities', payload: { ...facilityBody, website: `www.kita${bad}.de` } }), 'website'],
    ['member', (bad) => ({ method: 'GET', url: `/api/facilities/duplicates?postalCode=90402&label=${encodeURIComponent(`Haus${bad}`)}` }), 'label'],
    [
      'member',
      (bad) => ({ method: 'POST', url: `/api/facilities/${f.otherFacility.id}/join-requests`, payload: { message: `Hallo${bad}` } }),
      'message',
    ],
    [
      'member',
      (bad) => ({ method: 'POST', url: `/api/facilities/${f.facility.id}/persons`, payload: { ...person, lastName: `Ernst${bad}` } }),
      'lastName',
    ],
    ['admin', (bad) => ({ method: 'GET', url: `/api/admin/persons?q=${encodeURIComponent(`Eva${bad}`)}` }), 'q'],
    ['admin', (bad) => ({ method: 'POST', url: '/api/admin/privacy-policy', payload: { version: `2027${bad}` } }), 'version'],
  ];

  // a URL cannot carry a lone surrogate (percent-decoding makes U+FFFD of it): those go into bodies only
  const bads = (req: (bad: string) => InjectOptions) => [
    '\u0000',
    '\u001b',
    '\u0085',
    // a right-to-left override ("gpj.exe" shows as "exe.jpg") and a bidi isolate (issue 33)
    '\u202e',
    '\u2066',
    ...(/method: ['"]GET/.test(req.toString()) ? [] : ['\ud800', 'x\udc00']),
  ];
  it.each(cases.flatMap(([role, req, field, message]) => bads(req).map((bad) => [role, req, field, message ?? textCharsMessage, bad] as const)))(
    'given %s and a field with a forbidden character (%#), answers 400 with the German text for the field',
    async (role, req, field, message, bad) => {
      const reason = expectReason(await f.call(role, req(bad)), 400, 'validation_failed');
      expect(reason.fields?.[field]).toBe(message);
    },
  );

  it('given a long text with line breaks and tabs, accepts it; a single-line field refuses a tab', async () => {
    const res = await f.call('member', {
      method: 'POST',
      url: `/api/facilities/${f.otherFacility.id}/join-requests`,
      payload: { message: 'Hallo,\n\twir möchten mitmachen.\r\nGrüße 👋' },
    });
    expect(res.statusCode).toBeLessThan(300);
    const tab = await f.call('member', { method: 'PATCH', url: '/api/me/profile', payload: { firstName: 'Ma\tria', lastName: 'Mitglied' } });
    expect(expectReason(tab, 400, 'validation_failed').fields?.firstName).toBe(textCharsMessage);
  });
});

describe('ids beyond the integer column', () => {
  const huge = '2147483648';
  it.each<[Role, InjectOptions]>([
    ['admin', { method: 'GET', url: `/api/facilities/${huge}` }],
    ['admin', { method: 'GET', url: `/api/facilities/${huge}/persons` }],
    ['admin', { method: 'GET', url: `/api/admin/persons/${huge}` }],
    ['admin', { method: 'GET', url: `/api/admin/seasons/${huge}/stats` }],
    ['admin', { method: 'GET', url: `/api/admin/users/${huge}` }],
    ['admin', { method: 'GET', url: `/api/admin/persons?facilityId=${huge}` }],
    ['admin', { method: 'GET', url: `/api/admin/facilities?enrolledSeasonId=${huge}` }],
    ['admin', { method: 'POST', url: '/api/admin/facilities/merge', payload: { sourceId: Number(huge), targetId: 1 } }],
    [
      'admin',
      { method: 'POST', url: '/api/admin/users', payload: { email: 'neu@test.example', firstName: 'N', lastName: 'N', personId: Number(huge) } },
    ],
    ['member', { method: 'DELETE', url: `/api/facilities/${f?.facility.id ?? 1}/persons/1?version=${huge}` }],
    ['member', { method: 'DELETE', url: `/api/facilities/${f?.facility.id ?? 1}/season-enrolment?version=${huge}` }],
  ])('given %s and %j, answers 400 validation_failed, not 500', async (role, req) => {
    // f is created in beforeAll; rebuild the facility-bound urls with its real id
    const url = req.url!.toString().replace('/facilities/1/', `/facilities/${f.facility.id}/`);
    expectReason(await f.call(role, { ...req, url }), 400, 'validation_failed');
  });

  it('given the largest id the column holds, answers 404', async () => {
    expectReason(await f.call('admin', { method: 'GET', url: '/api/facilities/2147483647' }), 404, 'not_found');
  });
});

describe('framework errors answer SPEC §3 in German', () => {
  it('given bad percent-encoding in the path, answers 400 bad_url', async () => {
    const res = await f.call('anonymous', { method: 'GET', url: '/api/facilities/%zz' });
    expect(expectReason(res, 400, 'bad_url').message).toMatch(/Adresse/);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });

  it('given a path parameter over the length limit, answers 414 uri_too_long', async () => {
    expectReason(await f.call('admin', { method: 'GET', url: `/api/facilities/${'1'.repeat(200)}` }), 414, 'uri_too_long');
  });

  it('given a deeply nested JSON body, answers 400 json_too_deep; prototype keys answer invalid_json', async () => {
    const deep = `{"email":${'['.repeat(100_000)}${']'.repeat(100_000)}}`;
    expectReason(
      await f.call('anonymous', { method: 'POST', url: '/api/login', headers: { 'content-type': 'application/json' }, payload: deep }),
      400,
      'json_too_deep',
    );
    const proto = '{"email":"a@b.example","password":"x","__proto__":{"isAdmin":true}}';
    expectReason(
      await f.call('anonymous', { method: 'POST', url: '/api/login', headers: { 'content-type': 'application/json' }, payload: proto }),
      400,
      'invalid_json',
    );
  });

  it('given unparsable HTTP or over-long headers on a real socket, answers in SPEC §3 shape', async () => {
    const t = await buildTestApp();
    try {
      const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
      const port = Number(new URL(address).port);
      const raw = (text: string) =>
        new Promise<string>((resolve, reject) => {
          const socket = net.connect(port, '127.0.0.1', () => socket.write(text));
          let data = '';
          socket.on('data', (d) => (data += d.toString()));
          socket.on('close', () => resolve(data));
          socket.on('error', reject);
        });
      const garbage = await raw('GET /api/config HTTP/1.1\r\nHost: x\r\nContent-Length: abc\r\n\r\n');
      expect(garbage).toMatch(/^HTTP\/1.1 400/);
      expect(JSON.parse(garbage.slice(garbage.indexOf('\r\n\r\n') + 4))).toEqual({
        reason: { message: 'Die Anfrage konnte nicht verarbeitet werden.', code: 'bad_request' },
      });
      const long = await raw(`GET /api/config?${'a'.repeat(20_000)} HTTP/1.1\r\nHost: x\r\n\r\n`);
      expect(long).toMatch(/^HTTP\/1.1 431/);
      expect(JSON.parse(long.slice(long.indexOf('\r\n\r\n') + 4)).reason.code).toBe('headers_too_large');
    } finally {
      await t.close();
    }
  });
});

describe('Cache-Control of personal data', () => {
  it.each<[Role, string]>([
    ['member', '/api/me/account'],
    ['member', '/api/loginstatus'],
    ['member', '/api/facilities/:id'],
    ['member', '/api/facilities/:id/persons'],
    ['member', '/api/facilities/:id/members'],
    ['admin', '/api/admin/persons'],
    ['admin', '/api/admin/facilities/:id'],
    ['anonymous', '/api/me/account'],
  ])('given %s, %s answers no-store (also when refused)', async (role, url) => {
    const res = await f.call(role, { method: 'GET', url: url.replace(':id', String(f.facility.id)) });
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('given a route that declares otherwise, keeps its declaration', async () => {
    expect((await f.call('anonymous', { method: 'GET', url: '/api/config' })).headers['cache-control']).toBe('no-cache');
  });
});

describe('SPA files', () => {
  it('given odd asset paths, answers no 500 and never the manifest; never the source maps (in no start mode)', async () => {
    const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'kita-dist-'));
    fs.mkdirSync(path.join(dist, 'assets'));
    fs.mkdirSync(path.join(dist, '.vite'));
    fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><div id="root"></div>');
    fs.writeFileSync(path.join(dist, 'assets', 'main-abc.js'), 'console.log(1)');
    fs.writeFileSync(path.join(dist, 'assets', 'main-abc.js.map'), '{"sources":["secret.ts"]}');
    fs.writeFileSync(path.join(dist, '.vite', 'manifest.json'), '{"routes/x.tsx":{}}');
    const s = await buildTestApp({ distDir: dist });
    try {
      for (const url of ['/assets/%00.js', '/assets/%E0%A4%A.js', '/.vite/manifest.json', '/%2e%76ite/manifest.json']) {
        const res = await s.app.inject({ method: 'GET', url });
        expect(res.statusCode, url).toBeLessThan(500);
        expect(res.body, url).not.toContain('routes/x.tsx');
      }
      expect(servableFile(dist, '/assets/main-abc.js.map')).toBeUndefined();
      expect(servableFile(dist, '/assets/main-abc.js')).toBe(path.join('assets', 'main-abc.js'));
      const map = await s.app.inject({ method: 'GET', url: '/assets/main-abc.js.map' });
      expect(map.statusCode).toBe(404);
      expect(map.body).not.toContain('secret.ts');
    } finally {
      await s.close();
      fs.rmSync(dist, { recursive: true, force: true });
    }
  });
});

describe('database errors in the log', () => {
  it('given a failing query with a password hash and an e-mail among its parameters, logs neither', async () => {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk: Buffer, _enc, done) {
        lines.push(chunk.toString());
        done();
      },
    });
    const hash = await hashPassword('Geheimes-Passwort-123');
    const email = 'geheim.adresse@test.example';
    const t = await buildTestApp({
      logger: { level: 'info', stream },
      extraRoutes: (app) => {
        // a cast that fails and echoes its input in the driver's message ("invalid input syntax … "$argon2id…"")
        app.get('/api/test-only/cast', { config: { access: 'public' } }, async () => app.db.execute(sql`select ${hash}::int, ${email}::text`));
        // a NUL byte, as a request did before the text schemas refused it
        app.get('/api/test-only/nul', { config: { access: 'public' } }, async () => app.db.execute(sql`select ${`${hash}\u0000`}::text`));
        // a unique violation, whose detail names the value ("Key (email)=(…) already exists")
        app.get('/api/test-only/unique', { config: { access: 'public' } }, async () => {
          const values = sql`(${email}, ${hash}, 'A', 'B')`;
          await app.db.execute(sql`insert into users (email, password_hash, first_name, last_name) values ${values}`);
          return app.db.execute(sql`insert into users (email, password_hash, first_name, last_name) values ${values}`);
        });
      },
    });
    try {
      for (const url of ['/api/test-only/cast', '/api/test-only/nul', '/api/test-only/unique']) {
        const res = await t.app.inject({ method: 'GET', url });
        expectReason(res, 500, 'internal_error');
        expect(res.body).not.toContain(hash);
      }
      const log = lines.join('');
      expect(log).toContain('database query failed');
      expect(log).toContain('22P02'); // the SQLSTATE stays for whoever reads the log
      expect(log).not.toContain(hash);
      expect(log).not.toContain(hash.slice(-20));
      expect(log).not.toContain(email);
    } finally {
      await t.close();
    }
  });
});

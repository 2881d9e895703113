import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import { sharp } from '../../lib/image-work';
import { getDocumentProxy } from 'unpdf';
import { describe, expect, it } from 'vitest';
import { normaliseCheckCode } from '../../../src/shared/contracts/certificates';
import { seasonChecklistSchema } from '../../../src/shared/contracts/season-enrolment';
import { parseAnswer } from '../../testing/parse-answer';
import { brokenZlibPng } from '../../testing/crafted-png';
import { facilityFixture } from '../../testing/facility-fixture';
import { createUser, enrol } from '../../testing/factories';
import { pdfText } from '../../testing/pdf-text';
import { createTestWorld } from '../../testing/test-world';
import { documentationForms } from '../documentation/documentation.table';
import { facilities } from '../facilities/facilities.table';
import { offeringEnrolments, offerings } from '../programme/programme.table';
import { createAwardingEvent, createOffering, createStaff } from '../programme/test-helpers';
import { persons } from '../persons/persons.table';
import { rateLimitHits } from '../rate-limit/rate-limit.table';
import { runRetention } from '../retention/retention.service';
import { users } from '../users/users.table';
import { certificateImages, certificates } from './certificates.table';

const HOUR = 3_600_000;

const w = createTestWorld(async () => {
  const f = await facilityFixture();
  await enrol(f.db, f.facility.id, f.season.id, { projectTitle: 'Wasser für alle' });
  await enrol(f.db, f.otherFacility.id, f.season.id);
  // both KiTas' documentation approved; the first is booked to an awarding event's workshop, the other to none
  await f.db.insert(documentationForms).values([
    { facilityId: f.facility.id, seasonId: f.season.id, state: 'approved' },
    { facilityId: f.otherFacility.id, seasonId: f.season.id, state: 'approved' },
  ]);
  const event = await createAwardingEvent(f.db, f.season.id);
  const workshop = await createOffering(f.db, f.season.id, { kind: 'awarding', awardingEventId: event.id, title: 'Workshop Wasser' });
  const [staff, colleague] = await createStaff(f.db, f.facility.id, 2, { firstName: 'Jürgen' });
  await f.db.insert(offeringEnrolments).values({ offeringId: workshop.id, facilityId: f.facility.id, personId: staff!.id, state: 'confirmed' });
  // a training that began two hours ago, six hours long
  const training = await createOffering(f.db, f.season.id, {
    title: 'Draußen forschen: Bäche',
    startsAt: new Date(Date.now() - 2 * HOUR),
    endsAt: new Date(Date.now() + 4 * HOUR),
    place: 'Umweltstation Würzburg',
  });
  const later = await createOffering(f.db, f.season.id, { title: 'Später' });
  const enrolments = await f.db
    .insert(offeringEnrolments)
    .values([
      { offeringId: training.id, facilityId: f.facility.id, personId: staff!.id, state: 'confirmed' },
      { offeringId: training.id, facilityId: f.facility.id, personId: colleague!.id, state: 'confirmed' },
      { offeringId: later.id, facilityId: f.facility.id, personId: staff!.id, state: 'confirmed' },
    ])
    .returning();
  return { ...f, event, training, later, staff: staff!, enrolments };
});

const admin = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown) =>
  w.call('admin', { method, url, ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }) });
const verify = (code: string, ip = '203.0.113.7') =>
  w.call('anonymous', { method: 'GET', url: `/api/certificates/verify?code=${encodeURIComponent(code)}`, remoteAddress: ip });
const plain = (code: string) => code.replace(/-/g, '');

/**
 * the structure tree of every page as pdf.js reads it (unpdf's pdf.js 5.6 build, as server/testing/pdf-text.ts: a
 * second pdf.js, pdfjs-dist 5.4, in the same process refuses to start, its worker version differs)
 */
async function structure(bytes: Buffer) {
  const pdf = await getDocumentProxy(new Uint8Array(bytes));
  try {
    const roles: string[] = [];
    const alts: string[] = [];
    type Node = { role?: string; alt?: string; children?: Node[] };
    const walk = (n: Node) => {
      if (n.role) roles.push(n.role);
      if (n.alt) alts.push(n.alt);
      for (const c of n.children ?? []) walk(c);
    };
    for (let i = 1; i <= pdf.numPages; i++) walk((await (await pdf.getPage(i)).getStructTree()) as Node);
    const meta = await pdf.getMetadata();
    const mark = await pdf.getMarkInfo();
    return { roles, alts, info: meta.info as Record<string, unknown>, marked: mark?.Marked === true };
  } finally {
    await pdf.destroy();
  }
}

function qpdfCheck(bytes: Buffer): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'certificate-pdf-'));
  try {
    const file = path.join(dir, 'c.pdf');
    writeFileSync(file, bytes);
    return execFileSync('qpdf', ['--check', file], { encoding: 'utf8' });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

describe('check codes', () => {
  it('given a code as people type it, it is read as Crockford base32 reads it', () => {
    expect(normaliseCheckCode('abcd-efgh-jkmn')).toBe('ABCDEFGHJKMN');
    expect(normaliseCheckCode(' o1IL 0000 zzzz ')).toBe('01110000ZZZZ');
    expect(normaliseCheckCode('ABCD-EFGH-JKMU')).toBeNull(); // U is not in the alphabet
    expect(normaliseCheckCode('ABCD-EFGH')).toBeNull();
  });
});

describe('Urkunden', () => {
  it('given two approved KiTas, "Urkunden erzeugen" issues two, again none, and a renamed KiTa gets a new code while the old one checks as superseded', async () => {
    // the start page's checklist names the Urkunde once it is issued, not before
    const checklist = async () =>
      parseAnswer(seasonChecklistSchema, await w.call('member', { method: 'GET', url: `/api/facilities/${w.facility.id}/season-checklist` })).steps;
    expect((await checklist()).map((s) => s.key)).not.toContain('certificate');
    const first = await admin('POST', '/api/admin/certificates/issue', { seasonIdentifier: '2026-27' });
    expect(first.json()).toEqual({ issued: 2, unchanged: 0 });
    expect((await checklist()).at(-1)).toEqual({
      key: 'certificate',
      label: 'Urkunde herunterladen',
      state: 'open',
      detail: expect.stringMatching(/^Eure Urkunde liegt bereit, ausgestellt am \d\d\.\d\d\.\d{4}$/),
      deadline: null,
      path: '/auszeichnungsverantaltung',
    });
    expect((await admin('POST', '/api/admin/certificates/issue', { seasonIdentifier: '2026-27' })).json()).toEqual({ issued: 0, unchanged: 2 });

    const list = (await admin('GET', '/api/admin/certificates?seasonIdentifier=2026-27')).json();
    expect(list.pending).toBe(0);
    expect(list.items.map((i: { facilityLabel: string }) => i.facilityLabel)).toEqual(['Kinderhaus Sonnenschein', 'Kita Lechauen']);
    expect(list.items[0]).toMatchObject({ city: 'München', region: 'Oberbayern', awardingEventId: w.event.id, state: 'valid' });
    expect(list.items[0].code).toMatch(/^[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}$/);
    // the filter by awarding event, and "ohne Veranstaltung"
    const byEvent = (await admin('GET', `/api/admin/certificates?seasonIdentifier=2026-27&awardingEventId=${w.event.id}`)).json();
    expect(byEvent.items.map((i: { facilityLabel: string }) => i.facilityLabel)).toEqual(['Kinderhaus Sonnenschein']);
    const without = (await admin('GET', '/api/admin/certificates?seasonIdentifier=2026-27&awardingEventId=ohne')).json();
    expect(without.items.map((i: { facilityLabel: string }) => i.facilityLabel)).toEqual(['Kita Lechauen']);

    const oldCode = list.items[0].code as string;
    await w.db.update(facilities).set({ label: 'Kinderhaus Sonnenschein e. V.' }).where(eq(facilities.id, w.facility.id));
    expect((await admin('GET', '/api/admin/certificates?seasonIdentifier=2026-27')).json().pending).toBe(1);
    expect((await admin('POST', '/api/admin/certificates/issue', { seasonIdentifier: '2026-27' })).json()).toEqual({ issued: 1, unchanged: 1 });
    const after = (await admin('GET', '/api/admin/certificates?seasonIdentifier=2026-27')).json();
    const renamed = after.items.find((i: { facilityId: number }) => i.facilityId === w.facility.id);
    expect(renamed.code).not.toBe(oldCode);
    expect(renamed.facilityLabel).toBe('Kinderhaus Sonnenschein e. V.');

    const old = await verify(oldCode);
    expect(old.statusCode).toBe(200);
    expect(old.json()).toMatchObject({ state: 'superseded', kind: 'award', facilityLabel: 'Kinderhaus Sonnenschein' });
    const current = await verify(plain(renamed.code).toLowerCase());
    expect(current.json()).toEqual({
      state: 'valid',
      kind: 'award',
      facilityLabel: 'Kinderhaus Sonnenschein e. V.',
      city: 'München',
      seasonIdentifier: '2026-27',
      issuedAt: renamed.issuedAt,
    });
  });

  it('given an issued Urkunde, its PDF is tagged, de-DE, titled, with the font embedded, the text extractable and a QR code with alt text', async () => {
    const [item] = (await admin('GET', '/api/admin/certificates?seasonIdentifier=2026-27')).json().items;
    const res = await admin('GET', `/api/admin/certificates/${item.id}.pdf`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe('attachment; filename="urkunde-kinderhaus-sonnenschein-e-v-2026-27.pdf"');
    const bytes = res.rawPayload;
    const { text, totalPages } = await pdfText(bytes);
    expect(totalPages).toBe(1);
    expect(text).toContain('Urkunde');
    expect(text).toContain('Kinderhaus Sonnenschein e. V.');
    expect(text).toContain('in München hat im KiTa-Jahr 2026/27');
    expect(text).toContain('„Wasser für alle“');
    expect(text).toContain(`Prüfcode: ${item.code}`);
    expect(text).toContain(`/urkunde-pruefen?code=${plain(item.code)}`);
    const s = await structure(bytes);
    expect(s.marked).toBe(true);
    expect(s.roles.slice(0, 4)).toEqual(['Root', 'Document', 'Sect', 'H1']);
    expect(s.roles).toContain('P');
    expect(s.alts).toEqual([expect.stringMatching(/^QR-Code mit der Prüfadresse http.*\/urkunde-pruefen\?code=/)]);
    expect(s.info.Title).toBe('Urkunde: Kinderhaus Sonnenschein e. V., München – KiTa-Jahr 2026/27');
    const raw = bytes.toString('latin1');
    expect(raw).toContain('/Lang (de-DE)');
    expect(raw).toMatch(/\/DisplayDocTitle true/);
    expect(raw).toContain('/FontFile2');
    expect(raw).toContain('pdfuaid:part');
    expect(qpdfCheck(bytes)).toContain('No syntax or stream encoding errors');
  });

  it('given the list, "Alle als PDF herunterladen" is one PDF with one page per KiTa in the table order', async () => {
    const res = await admin('GET', '/api/admin/certificates/batch.pdf?seasonIdentifier=2026-27');
    expect(res.statusCode).toBe(200);
    const { pages, totalPages } = await pdfText(res.rawPayload);
    expect(totalPages).toBe(2);
    expect(pages[0]).toContain('Kinderhaus Sonnenschein e. V.');
    expect(pages[1]).toContain('Kita Lechauen');
    expect((await structure(res.rawPayload)).roles.filter((r) => r === 'Sect')).toHaveLength(2);
    // an awarding event's print PDF: the KiTas booked to it, one page each; "ohne Veranstaltung" the others
    const byEvent = await admin('GET', `/api/admin/certificates/batch.pdf?seasonIdentifier=2026-27&awardingEventId=${w.event.id}`);
    const eventPages = (await pdfText(byEvent.rawPayload)).pages;
    expect(eventPages).toHaveLength(1);
    expect(eventPages[0]).toContain('Kinderhaus Sonnenschein e. V.');
    const without = (
      await pdfText((await admin('GET', '/api/admin/certificates/batch.pdf?seasonIdentifier=2026-27&awardingEventId=ohne')).rawPayload)
    ).pages;
    expect(without).toHaveLength(1);
    expect(without[0]).toContain('Kita Lechauen');
  });

  it("given staff, they see and download their own KiTa's Urkunde; another KiTa's member gets 403, another KiTa's certificate 404", async () => {
    const own = await w.call('member', { method: 'GET', url: `/api/facilities/${w.facility.id}/certificates` });
    expect(own.statusCode).toBe(200);
    const award = own.json().certificates.find((c: { kind: string; state: string }) => c.kind === 'award' && c.state === 'valid');
    expect(award).toMatchObject({ seasonIdentifier: '2026-27', title: 'Urkunde KiTa-Jahr 2026/27', personId: null });
    // the superseded one is listed too, as such
    expect(own.json().certificates.filter((c: { state: string }) => c.state === 'superseded')).toHaveLength(1);
    const pdf = await w.call('member', { method: 'GET', url: `/api/facilities/${w.facility.id}/certificates/${award.id}.pdf` });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect((await w.call('otherMember', { method: 'GET', url: `/api/facilities/${w.facility.id}/certificates/${award.id}.pdf` })).statusCode).toBe(
      403,
    );
    expect((await w.call('otherMember', { method: 'GET', url: `/api/facilities/${w.facility.id}/certificates` })).statusCode).toBe(403);
    expect(
      (await w.call('otherMember', { method: 'GET', url: `/api/facilities/${w.otherFacility.id}/certificates/${award.id}.pdf` })).statusCode,
    ).toBe(404);
    expect((await w.call('anonymous', { method: 'GET', url: `/api/facilities/${w.facility.id}/certificates/${award.id}.pdf` })).statusCode).toBe(401);
    expect((await w.call('member', { method: 'GET', url: '/api/admin/certificates?seasonIdentifier=2026-27' })).statusCode).toBe(403);
  });
});

describe('Teilnahmebescheinigungen', () => {
  it('given a date that has begun, marking two staff attended issues two, setting one back withdraws it; a future date refuses', async () => {
    const [e1, e2, e3] = w.enrolments;
    const too = await admin('POST', `/api/admin/offerings/${w.later.id}/enrolments/actions`, { action: 'attended', enrolmentIds: [e3!.id] });
    expect(too.statusCode).toBe(409);
    expect(too.json().reason.message).toBe('Die Teilnahme lässt sich erst ab Beginn des Termins eintragen.');

    const marked = await admin('POST', `/api/admin/offerings/${w.training.id}/enrolments/actions`, {
      action: 'attended',
      enrolmentIds: [e1!.id, e2!.id],
    });
    expect(marked.statusCode).toBe(200);
    const list = (await w.call('member', { method: 'GET', url: `/api/facilities/${w.facility.id}/certificates` })).json().certificates;
    const own = list.filter((c: { kind: string }) => c.kind === 'attendance');
    expect(own).toHaveLength(2);
    const mine = own.find((c: { enrolmentId: number }) => c.enrolmentId === e1!.id);
    expect(mine).toMatchObject({ title: 'Teilnahmebescheinigung: Draußen forschen: Bäche', personId: w.staff.id, state: 'valid' });

    const pdf = await w.call('member', { method: 'GET', url: `/api/facilities/${w.facility.id}/certificates/${mine.id}.pdf` });
    const text = (await pdfText(pdf.rawPayload)).text.replace(/\s+/g, ' ');
    expect(text).toContain('Teilnahmebescheinigung');
    expect(text).toContain(`${w.staff.firstName} Müller (Kinderhaus Sonnenschein e. V., München) hat an folgender Veranstaltung teilgenommen`);
    expect(text).toContain('Fortbildung: Draußen forschen: Bäche');
    expect(text).toContain('Modul: Einsteiger');
    expect(text).toContain('Dauer: 6 Stunden');
    expect(text).toContain('Ort: Umweltstation Würzburg');
    expect(text).toContain('Veranstalter: KiTa-Portal');

    const checked = await verify(mine.code);
    expect(checked.json()).toMatchObject({
      state: 'valid',
      kind: 'attendance',
      personName: `${w.staff.firstName} Müller`,
      offeringTitle: 'Draußen forschen: Bäche',
    });
    expect(checked.json().dates).toMatch(/^\d{2}\.\d{2}\.\d{4}, \d{2}:\d{2}/);

    // the date's PDF of all its attended persons
    const all = await admin('GET', `/api/admin/offerings/${w.training.id}/attendance-certificates.pdf`);
    expect((await pdfText(all.rawPayload)).totalPages).toBe(2);

    const back = await admin('POST', `/api/admin/offerings/${w.training.id}/enrolments/actions`, { action: 'unattend', enrolmentIds: [e1!.id] });
    expect(back.statusCode).toBe(200);
    expect(back.json().items[0].state).toBe('confirmed');
    expect((await verify(mine.code)).json().state).toBe('withdrawn');
    expect((await w.call('member', { method: 'GET', url: `/api/facilities/${w.facility.id}/certificates/${mine.id}.pdf` })).statusCode).toBe(404);
    const again = await admin('POST', `/api/admin/offerings/${w.training.id}/enrolments/actions`, { action: 'unattend', enrolmentIds: [e1!.id] });
    expect(again.statusCode).toBe(409);
    // marked again: a new certificate with a new code
    await admin('POST', `/api/admin/offerings/${w.training.id}/enrolments/actions`, { action: 'attended', enrolmentIds: [e1!.id] });
    const now = (await w.call('member', { method: 'GET', url: `/api/facilities/${w.facility.id}/certificates` })).json().certificates;
    const renewed = now.filter((c: { enrolmentId: number | null }) => c.enrolmentId === e1!.id);
    expect(renewed.map((c: { state: string }) => c.state).sort()).toEqual(['valid', 'withdrawn']);
  });
});

describe('the template', () => {
  it('given an unknown placeholder, saving refuses it; a logo that does not decode is refused, a real one printed with its alt text', async () => {
    const shipped = (await admin('GET', '/api/admin/certificate-templates/2026-27')).json();
    expect(shipped).toMatchObject({ heading: 'Urkunde', isDefault: true, version: null, signatures: [] });
    const bad = await admin('PUT', '/api/admin/certificate-templates/2026-27', { ...shipped, body: 'Für {KiTa} aus {Stadt}' });
    expect(bad.statusCode).toBe(400);
    expect(JSON.stringify(bad.json())).toContain('Unbekannter Platzhalter {Stadt}. Erlaubt sind {KiTa}, {Ort}, {KiTa-Jahr}, {Projektthema}.');

    const upload = (payload: Buffer) =>
      w.call('admin', { method: 'POST', url: '/api/admin/certificate-images', payload, headers: { 'content-type': 'application/octet-stream' } });
    const broken = await upload(brokenZlibPng());
    expect(broken.statusCode).toBe(400);
    expect(broken.json().reason.code).toBe('image_unreadable');
    const logo = await upload(
      await sharp({ create: { width: 300, height: 120, channels: 4, background: '#2f6b3a' } })
        .png()
        .toBuffer(),
    );
    expect(logo.statusCode).toBe(201);

    const saved = await admin('PUT', '/api/admin/certificate-templates/2026-27', {
      heading: 'Urkunde',
      body: 'Die KiTa {KiTa} in {Ort} wird im KiTa-Jahr {KiTa-Jahr} ausgezeichnet.',
      signatures: [{ name: 'Erika Gruber', role: 'Vorsitzende', imageId: null }],
      logoId: logo.json().id,
      version: null,
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ isDefault: false, version: 1 });
    // the template changed what is printed: every Urkunde is issued again
    expect((await admin('POST', '/api/admin/certificates/issue', { seasonIdentifier: '2026-27' })).json()).toEqual({ issued: 2, unchanged: 0 });
    const res = await admin('GET', '/api/admin/certificates/batch.pdf?seasonIdentifier=2026-27');
    const s = await structure(res.rawPayload);
    expect(s.alts.filter((a) => a === 'Logo: KiTa-Portal')).toHaveLength(2);
    const { pages, images } = await pdfText(res.rawPayload);
    expect(pages[0]).toContain('Erika Gruber');
    expect(images).toBe(2); // the logo and its alpha mask, embedded once for both pages
  });

  it('given edits not saved, "Vorschau" prints them with the first KiTa\'s data and writes nothing; an unknown placeholder is refused at its field', async () => {
    const before = (await admin('GET', '/api/admin/certificate-templates/2026-27')).json();
    const issuedBefore = await w.db.select().from(certificates);
    const draft = {
      heading: 'Urkunde (Entwurf)',
      body: 'Die KiTa {KiTa} in {Ort} erforscht „{Projektthema}“ – Glückwunsch!',
      signatures: [{ name: 'Jürgen Weiß', role: 'Schatzmeister', imageId: null }],
      logoId: null,
      version: before.version,
    };
    const res = await admin('POST', '/api/admin/certificates/preview.pdf?seasonIdentifier=2026-27', draft);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    const { totalPages, text } = await pdfText(res.rawPayload);
    expect(totalPages).toBe(1);
    // (an earlier test renamed the KiTa "… e. V.")
    expect(text.replace(/\s+/g, ' ')).toMatch(/Die KiTa Kinderhaus Sonnenschein( e\. V\.)? in München erforscht „Wasser für alle“ – Glückwunsch!/);
    expect(text).toContain('Urkunde (Entwurf)');
    expect(text).toContain('Jürgen Weiß');
    // nothing saved, nothing issued
    expect((await admin('GET', '/api/admin/certificate-templates/2026-27')).json()).toEqual(before);
    expect(await w.db.select().from(certificates)).toEqual(issuedBefore);

    const bad = await admin('POST', '/api/admin/certificates/preview.pdf?seasonIdentifier=2026-27', { ...draft, body: 'Für {KiTa} aus {Stadt}' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().reason.fields.body).toBe('Unbekannter Platzhalter {Stadt}. Erlaubt sind {KiTa}, {Ort}, {KiTa-Jahr}, {Projektthema}.');
  });

  it("given a stored logo that pdfkit cannot decode (put in directly, past the upload's checks), the streamed PDF fails before its first byte: 409 in German, and the server lives on", async () => {
    await w.db.insert(certificateImages).values({ id: 'kaputt-logo', contentType: 'image/png', bytes: brokenZlibPng(), width: 1, height: 1 });
    const draft = { heading: 'Urkunde', body: 'Die KiTa {KiTa}', signatures: [], logoId: 'kaputt-logo', version: null };
    const res = await admin('POST', '/api/admin/certificates/preview.pdf?seasonIdentifier=2026-27', draft);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      reason: { code: 'pdf_failed', message: expect.stringContaining('Das PDF ließ sich gerade nicht erstellen') },
    });
    // the next PDF gets a fresh thread
    const sound = await admin('POST', '/api/admin/certificates/preview.pdf?seasonIdentifier=2026-27', { ...draft, logoId: null });
    expect(sound.statusCode).toBe(200);
    expect((await pdfText(sound.rawPayload)).text).toContain('Die KiTa Kinderhaus Sonnenschein');
  });
});

describe('the public check', () => {
  it('given 30 unknown codes from one address, the next check answers 429; known codes do not count', async () => {
    await w.db.delete(rateLimitHits);
    const ip = '198.51.100.23';
    const [item] = (await admin('GET', '/api/admin/certificates?seasonIdentifier=2026-27')).json().items;
    for (let i = 0; i < 5; i++) expect((await verify(item.code, ip)).statusCode).toBe(200);
    for (let i = 0; i < 30; i++) {
      const res = await verify(`ZZZZ-ZZZZ-ZZ${String(i).padStart(2, '0')}`, ip);
      expect(res.statusCode).toBe(404);
      expect(res.json().reason.message).toBe('Diesen Prüfcode kennen wir nicht.');
    }
    const blocked = await verify(item.code, ip);
    expect(blocked.statusCode).toBe(429);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    // another address is not affected
    expect((await verify(item.code, '198.51.100.24')).statusCode).toBe(200);
    // an unknown answer reveals nothing but the reason
    expect((await verify('garbage', '198.51.100.25')).json()).toEqual({
      reason: { code: 'unknown_code', message: 'Diesen Prüfcode kennen wir nicht.' },
    });
  });
});

describe('offerings untouched', () => {
  it('keeps the seats: an attended booking still takes its seat', async () => {
    const [row] = await w.db.select().from(offerings).where(eq(offerings.id, w.training.id));
    expect(row!.title).toBe('Draußen forschen: Bäche');
  });
});

describe('retention (issue 38, SPEC §9)', () => {
  // last in this file: a run years ahead warns and deletes the world's other non-admin accounts too
  it('given a person removed from the staff list and their account deleted years later, their Teilnahmebescheinigung still checks valid as issued and the check reveals no more', async () => {
    const [ina] = await createStaff(w.db, w.facility.id, 1, { firstName: 'Ina', lastName: 'Ißler', email: 'ina.issler@kita.example' });
    const account = await createUser(w.db, { firstName: 'Ina', lastName: 'Ißler', email: 'ina.issler@kita.example' });
    await w.db.update(persons).set({ userId: account.id }).where(eq(persons.id, ina!.id));
    const [booked] = await w.db
      .insert(offeringEnrolments)
      .values({ offeringId: w.training.id, facilityId: w.facility.id, personId: ina!.id, state: 'confirmed' })
      .returning();
    const marked = await admin('POST', `/api/admin/offerings/${w.training.id}/enrolments/actions`, {
      action: 'attended',
      enrolmentIds: [booked!.id],
    });
    expect(marked.statusCode).toBe(200);
    const [issued] = await w.db
      .select()
      .from(certificates)
      .where(and(eq(certificates.enrolmentId, booked!.id), eq(certificates.state, 'valid')));
    const code = issued!.code;
    const checkedBefore = await verify(code, '192.0.2.80');
    expect(checkedBefore.json()).toMatchObject({ state: 'valid', personName: 'Ina Ißler' });
    const datePdf = async () =>
      (await pdfText((await admin('GET', `/api/admin/offerings/${w.training.id}/attendance-certificates.pdf`)).rawPayload)).text.replace(/\s+/g, ' ');
    expect(await datePdf()).toContain('Ina Ißler (Kinderhaus Sonnenschein e. V., München) hat an folgender Veranstaltung teilgenommen');

    // removed from the staff list; four years on the person is anonymised and the account warned, 61 days later deleted
    await w.db.update(persons).set({ removedAt: new Date() }).where(eq(persons.id, ina!.id));
    const deps = { db: w.db, config: w.t.app.appConfig, storage: w.t.fileStorage, log: () => undefined };
    const later = new Date(Date.now() + 4 * 365 * 86_400_000);
    await runRetention(deps, { trigger: 'job', now: later });
    await runRetention(deps, { trigger: 'job', now: new Date(later.getTime() + 61 * 86_400_000) });
    expect(await w.db.select().from(users).where(eq(users.id, account.id))).toEqual([]);
    const [person] = await w.db.select().from(persons).where(eq(persons.id, ina!.id));
    expect(person).toMatchObject({ firstName: 'Entfernte', lastName: 'Person', email: '', userId: null });

    // the certificate as issued: same answer (nothing added, nothing taken), same name in its PDF
    const checkedAfter = await verify(code, '192.0.2.81');
    expect(checkedAfter.statusCode).toBe(200);
    expect(checkedAfter.json()).toEqual(checkedBefore.json());
    expect(await datePdf()).toContain('Ina Ißler (Kinderhaus Sonnenschein e. V., München) hat an folgender Veranstaltung teilgenommen');
  });
});

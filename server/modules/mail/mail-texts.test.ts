import { describe, expect, it } from 'vitest';
// every module that registers mail templates, so the registry holds them all
import '../accounts/accounts.mail';
import '../auth/auth.mail';
import '../documentation/decision.mail';
import '../documentation/documentation.mail';
import '../facilities/facility-mails';
import '../programme/programme.mails';
import '../team-workshops/team-workshops.mail';
import { mailContext, mailTemplateNames, renderMail, typed } from './templates';

/**
 * Issue 18 §2 (text staff typed stays out of subjects and links) and issue 19 (mails greet by name, the next sentence
 * goes on in lower case, an admin's comment is the programme team's, signed with PROGRAMME_NAME), for every template.
 */
const evil = 'Elif https://evil.example/login <a href="https://evil.example">x</a>';
const ctx = mailContext({
  programmeName: 'Ökokids Bayern',
  supportEmail: 'hilfe@portal.example',
  supportPhone: '0911 123',
  publicUrl: 'https://portal.example',
});
const future = new Date(Date.now() + 10 * 86_400_000).toISOString();
const booking = {
  enrolmentId: 7,
  kind: 'training',
  title: 'Klima-Werkstatt',
  startsAt: future,
  endsAt: future,
  place: 'Nürnberg',
  onlineUrl: '',
  personName: evil,
  facilityLabel: evil,
  waitlistPosition: 2,
  reason: evil,
  greetName: 'Elif',
};

/** per template: data with every field staff (or anybody) types filled with a link-like text; the greeting's name is "Elif" */
const samples: Record<string, Record<string, unknown>> = {
  'account-activation': { firstName: 'Elif', path: '/aktivieren/ctX' },
  'account-registration-attempt': { firstName: 'Elif', resetPath: '/passwort-vergessen' },
  'account-password-reset': { firstName: 'Elif', path: '/passwort/x' },
  'account-password-changed': { firstName: 'Elif' },
  'account-email-change-confirm': { firstName: 'Elif', path: '/x', newEmail: 'neu@example.org' },
  'account-email-change-notice': { firstName: 'Elif', newEmail: 'neu@example.org' },
  'account-deleted': { firstName: 'Elif' },
  'account-inactive-warning': { firstName: 'Elif', deleteOn: '31.07.2029' },
  'account-email-taken': {},
  'auth-login-attack': { firstName: 'Elif', until: '10:15' },
  'facility-join-request': {
    facilityId: 3,
    facilityLabel: evil,
    requesterName: evil,
    requesterEmail: 'anna@example.org',
    message: evil,
    forAdmin: false,
    greetName: 'Elif',
  },
  'person-invitation': { firstName: 'Elif', facilityLabel: evil, inviterName: evil, path: '/registrieren?einladung=abc' },
  'season-enrolment-confirmation': {
    facilityLabel: evil,
    seasonLabel: 'KiTa-Jahr 2026/27',
    projectTitle: evil,
    topics: [evil],
    contactName: evil,
    deadline: '2027-02-05',
    change: 'created',
    greetName: 'Elif',
  },
  'programme-booking-confirmed': booking,
  'programme-booking-waitlisted': booking,
  'programme-booking-promoted': booking,
  'programme-booking-cancelled': { ...booking, byAdmin: true },
  'programme-offering-cancelled': booking,
  'programme-reminder': booking,
  'team-workshop-decision': {
    facilityLabel: evil,
    seasonLabel: 'KiTa-Jahr 2026/27',
    decision: 'accept',
    scheduledAt: null,
    comment: 'Wir freuen uns!',
    greetName: 'Elif',
  },
  'documentation-decision': {
    facilityLabel: evil,
    seasonLabel: 'KiTa-Jahr 2026/27',
    action: 'return',
    comment: 'Bitte ergänzt Fotos.',
    byAdmin: true,
    greetName: 'Elif',
  },
  'documentation-submitted': {
    formId: 1,
    facilityLabel: evil,
    seasonLabel: 'KiTa-Jahr 2026/27',
    seasonIdentifier: '2026-27',
    submittedAt: future,
    submittedBy: evil,
    greetName: 'Elif',
  },
};
/** templates whose first sentence starts with a person's name (capitalised by right) */
const startsWithName = new Set(['facility-join-request', 'person-invitation']);

describe('mail texts', () => {
  it('has a sample for every registered template', () => {
    expect(
      mailTemplateNames()
        .filter((n) => !n.startsWith('test-'))
        .sort(),
    ).toEqual(Object.keys(samples).sort());
  });

  for (const [name, data] of Object.entries(samples)) {
    it(`${name}: typed text only in the body, defanged; greeted by name, lower case after the greeting, signed by the programme`, () => {
      const m = renderMail(name, data, ctx);
      expect(m.subject).not.toMatch(/evil|Elif|https?:/i);
      // every link is the portal's own
      for (const [, href] of m.html.matchAll(/href="([^"]*)"/g)) expect(href!.startsWith('https://portal.example')).toBe(true);
      expect(m.text).not.toMatch(/evil\.example|https:\/\/evil/);
      expect(m.html).not.toMatch(/evil\.example|<a href="https:\/\/evil/);
      const greeting = name === 'account-email-taken' ? 'Hallo,' : 'Hallo Elif,';
      expect(m.text.startsWith(`${greeting}\n\n`)).toBe(true);
      const next = m.text.slice(greeting.length + 2);
      if (!startsWithName.has(name)) expect(next.charAt(0), next.slice(0, 40)).toMatch(/\p{Ll}/u);
      expect(m.text).toContain('Viele Grüße\nÖkokids Bayern\n');
      expect(m.html).toContain('Viele Grüße<br>Ökokids Bayern');
    });
  }

  it('labels the comment by who wrote it: the programme team (an admin) or the jury', () => {
    const admin = renderMail('documentation-decision', samples['documentation-decision'], ctx).text;
    expect(admin).toContain('Kommentar der Programmleitung: Bitte ergänzt Fotos.');
    expect(admin).toContain('die Programmleitung hat den Dokumentationsbogen');
    const jury = renderMail('documentation-decision', { ...samples['documentation-decision'], byAdmin: false }, ctx).text;
    expect(jury).toContain('Kommentar der Jury: Bitte ergänzt Fotos.');
    expect(jury).toMatch(/Hallo Elif,\n\ndie Jury hat den Dokumentationsbogen/);
    expect(renderMail('team-workshop-decision', samples['team-workshop-decision'], ctx).text).toContain(
      'Kommentar der Programmleitung: Wir freuen uns!',
    );
  });

  it('typed(): one line, no control or bidi characters, addresses defanged, ordinary names untouched', () => {
    expect(typed('Kinderhaus St. Martin')).toBe('Kinderhaus St. Martin');
    expect(typed('Elif\u202egpj.exe\r\nBcc: x')).toBe('Elif gpj[.]exe Bcc: x');
    expect(typed('www.evil.example/a')).toBe('www[.]evil[.]example/a');
    expect(typed('x'.repeat(300)).length).toBe(120);
  });
});

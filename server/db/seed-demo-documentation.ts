import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Answers, DocumentationState } from '../../src/shared/contracts/documentation';
import type { FileStorage } from '../lib/file-storage';
import { documentationFiles, documentationFormEvents, documentationForms, documentationReviews } from '../modules/documentation/documentation.table';
import { facilities } from '../modules/facilities/facilities.table';
import { seasonEnrolments, seasons } from '../modules/seasons/seasons.table';
import { users } from '../modules/users/users.table';
import type { Tx } from './client';

/**
 * SPEC §7, issue 12: documentation forms on the default template (no season has a template of its own) in every
 * state of 2026-27, approved forms of 2025-26 with their award approval, one review by jury@demo.example. Found by
 * KiTa + season and brought to the demo state, so running it twice changes nothing. With a file storage (the seed
 * command passes the configured one) Kinderhaus Sonnenschein's approved form carries a real JPEG.
 */
const answersOf = (
  title: string,
  topics: string[],
  groups: string,
  children: number,
  from: string,
  to: string,
  story: Partial<Answers> = {},
): Answers => ({
  projekttitel: title,
  themen: topics,
  gruppen: groups,
  anzahl_kinder: children,
  projektbeginn: from,
  projektende: to,
  ziele:
    'Die Kinder sollten erleben, woher unser Essen kommt, und selbst etwas anbauen, pflegen und ernten. Im Alltag wollten wir weniger wegwerfen.',
  umsetzung:
    'Im März haben wir mit den Kindern zwei Hochbeete gebaut und Saatgut ausgesucht. Jede Gruppe hat ein Beet gepflegt und ein Gießtagebuch geführt. Im Juni waren wir auf dem Bauernhof von Familie Huber und haben gemeinsam Brot gebacken.',
  erkenntnisse:
    'Die Kinder haben herausgefunden, dass Radieschen schon nach vier Wochen geerntet werden können und Kartoffeln viel länger brauchen. Überrascht hat sie, wie viele Tiere im Beet wohnen.',
  beteiligung_kinder: 'In Kinderkonferenzen haben die Kinder abgestimmt, was gepflanzt wird, und den Gießplan selbst gestaltet.',
  beteiligung_team: 'Zwei Kolleginnen haben das Projekt geleitet; in jeder Teamsitzung gab es einen kurzen Bericht.',
  beteiligung_eltern: 'Beim Elternnachmittag haben Eltern die Beete mit aufgebaut; eine Mutter hat Saatgut aus ihrem Garten mitgebracht.',
  beteiligung_traeger: 'Der Träger hat das Holz für die Hochbeete bezahlt und das Projekt im Gemeindeblatt vorgestellt.',
  netzwerkpartner: 'Bauernhof Huber, Gärtnerei am Stadtpark, Stadtbücherei',
  reflexion: 'Gut gelungen ist die Verantwortung der Kinder für ihre Beete. Beim nächsten Mal fangen wir früher im Jahr an.',
  nachhaltigkeit: 'Die Hochbeete bleiben; jede Gruppe bekommt im Frühjahr wieder ein Beet, und der Kompost steht jetzt im Garten.',
  fotos: { consent: true },
  ...story,
});

type DemoForm = { facility: string; season: '2026-27' | '2025-26'; state: DocumentationState; comment: string; answers: Answers; photo?: boolean };

export const demoForms: DemoForm[] = [
  // eine-kita@: a draft the e2e suite can continue
  {
    facility: 'Kinderhaus Pegnitzwiese',
    season: '2026-27',
    state: 'draft',
    comment: '',
    answers: { projekttitel: 'Wasser ist Leben', themen: ['wasser'], gruppen: 'Vorschulgruppe Biber', anzahl_kinder: 18 },
  },
  // mehrere-kitas@: approved, already "zur Auszeichnung zugelassen" (seed-demo-programme), with a photo
  {
    facility: 'Kinderhaus Sonnenschein',
    season: '2026-27',
    state: 'approved',
    comment: 'Ein rundes Projekt, herzlichen Glückwunsch!',
    photo: true,
    answers: answersOf('Vom Korn zum Brot', ['ernaehrung', 'artenvielfalt'], 'Igelgruppe, Fuchsgruppe', 40, '2026-10-05', '2027-05-29'),
  },
  // einstellungen@: returned with the jury's comment
  {
    facility: 'Haus für Kinder Regenbogen',
    season: '2026-27',
    state: 'returned',
    comment: 'Bitte beschreibt noch genauer, wie die Kinder mitentschieden haben, und ergänzt ein paar Fotos.',
    answers: answersOf('Müll vermeiden im KiTa-Alltag', ['abfall', 'konsum'], 'alle Gruppen', 60, '2026-11-02', '2027-05-15', {
      beteiligung_kinder: 'Die Kinder haben mitgemacht.',
    }),
  },
  // submitted: one with a review by the demo jury member, one waiting for the jury
  {
    facility: 'Waldkindergarten Isarauen',
    season: '2026-27',
    state: 'submitted',
    comment: '',
    answers: answersOf('Wildbienen im Isartal', ['artenvielfalt', 'klima'], 'Waldgruppe', 22, '2026-09-15', '2027-06-10', {
      umsetzung: 'Wir haben Nisthilfen gebaut, eine Blühwiese angelegt und jede Woche gezählt, welche Bienen kommen.',
    }),
  },
  {
    facility: 'Kinderkrippe Zwergerlstube',
    season: '2026-27',
    state: 'submitted',
    comment: '',
    answers: answersOf('Kleine Hände, große Ernte', ['ernaehrung'], 'Krippengruppen Mäuse und Spatzen', 24, '2026-10-01', '2027-06-01'),
  },
  {
    facility: 'Kita Naabtal-Spatzen',
    season: '2026-27',
    state: 'draft',
    comment: '',
    answers: { projekttitel: 'Strom sparen mit Strom-Detektiven', themen: ['energie'] },
  },
  // 2025-26: approved forms of the KiTas awarded that year
  {
    facility: 'Kinderhaus Sonnenschein',
    season: '2025-26',
    state: 'approved',
    comment: '',
    answers: answersOf('Unser Schulgarten blüht', ['artenvielfalt'], 'Vorschulkinder', 25, '2025-10-06', '2026-06-12'),
  },
  {
    facility: 'Kindertagesstätte Zauberwald',
    season: '2025-26',
    state: 'approved',
    comment: '',
    answers: answersOf('Zauberwald-Detektive gegen Müll', ['abfall'], 'alle Gruppen', 70, '2025-11-03', '2026-06-05'),
  },
  {
    facility: 'Kindergarten Mainkiesel',
    season: '2025-26',
    state: 'approved',
    comment: '',
    answers: answersOf('Mit dem Rad zur KiTa', ['mobilitaet', 'klima'], 'Vorschulgruppe', 20, '2025-10-13', '2026-05-29'),
  },
];

const juryEmail = 'jury@demo.example';
const reviewed = 'Waldkindergarten Isarauen';
const photoPath = path.join(path.dirname(fileURLToPath(import.meta.url)), '../testing/fixtures/photo.jpg');
const day = (iso: string) => new Date(`${iso}T08:00:00Z`);

export async function seedDemoDocumentation(tx: Tx, storage?: FileStorage) {
  const [admin] = await tx.select({ id: users.id }).from(users).where(eq(users.email, 'admin@demo.example'));
  const [jury] = await tx.select({ id: users.id }).from(users).where(eq(users.email, juryEmail));
  for (const d of demoForms) {
    const [f] = await tx.select({ id: facilities.id }).from(facilities).where(eq(facilities.label, d.facility)).limit(1);
    const [s] = await tx.select({ id: seasons.id }).from(seasons).where(eq(seasons.identifier, d.season)).limit(1);
    if (!f || !s) throw new Error(`Demo form names unknown KiTa ${d.facility} or season ${d.season}`);
    const previous = d.season === '2025-26';
    const submittedAt = d.state === 'draft' ? null : previous ? day('2026-06-20') : day('2026-11-10');
    const decidedAt =
      d.state === 'approved' || d.state === 'returned' || d.state === 'rejected' ? (previous ? day('2026-07-15') : day('2026-11-18')) : null;

    // 2025-26 had its enrolments; the approved ones are "zur Auszeichnung zugelassen"
    if (previous) {
      const live = and(eq(seasonEnrolments.facilityId, f.id), eq(seasonEnrolments.seasonId, s.id), isNull(seasonEnrolments.withdrawnAt));
      const [enrolment] = await tx.select({ id: seasonEnrolments.id }).from(seasonEnrolments).where(live).limit(1);
      const values = { approvedForAwardAt: decidedAt, approvedForAwardBy: admin?.id ?? null, projectTitle: String(d.answers.projekttitel ?? '') };
      if (enrolment) await tx.update(seasonEnrolments).set(values).where(eq(seasonEnrolments.id, enrolment.id));
      else
        await tx
          .insert(seasonEnrolments)
          .values({ ...values, facilityId: f.id, seasonId: s.id, projectTopics: ['Artenvielfalt'], acceptedTermsAt: day('2025-10-01') });
    }

    const answerVersions = Object.fromEntries(Object.keys(d.answers).map((k) => [k, 1]));
    const values = {
      state: d.state,
      answers: d.answers,
      answerVersions,
      decisionComment: d.comment,
      savedAt: submittedAt ?? day('2026-11-20'),
      submittedAt,
      decidedAt,
      decidedBy: decidedAt ? (admin?.id ?? null) : null,
    };
    const [existing] = await tx
      .select({ id: documentationForms.id })
      .from(documentationForms)
      .where(and(eq(documentationForms.facilityId, f.id), eq(documentationForms.seasonId, s.id)));
    let formId: number;
    if (existing) {
      await tx
        .update(documentationForms)
        .set({ ...values, version: sql`${documentationForms.version}` })
        .where(eq(documentationForms.id, existing.id));
      formId = existing.id;
    } else {
      const [row] = await tx
        .insert(documentationForms)
        .values({ ...values, facilityId: f.id, seasonId: s.id, createdAt: day(previous ? '2026-03-01' : '2026-10-20') })
        .returning({ id: documentationForms.id });
      formId = row!.id;
    }

    // the history as the workflow would have written it
    await tx.delete(documentationFormEvents).where(eq(documentationFormEvents.formId, formId));
    if (submittedAt) await tx.insert(documentationFormEvents).values({ formId, state: 'submitted', at: submittedAt });
    if (decidedAt)
      await tx.insert(documentationFormEvents).values({ formId, state: d.state, comment: d.comment, actorId: admin?.id ?? null, at: decidedAt });

    if (d.photo && storage) {
      const bytes = readFileSync(photoPath);
      const storageKey = `documentation/demo/${formId}/projektfoto`;
      await storage.put(storageKey, bytes, { contentType: 'image/jpeg', size: bytes.length });
      await tx
        .insert(documentationFiles)
        .values({
          formId,
          questionKey: 'fotos',
          storageKey,
          name: 'Hochbeet-Ernte.jpg',
          contentType: 'image/jpeg',
          size: bytes.length,
          width: 40,
          height: 30,
        })
        .onConflictDoNothing({ target: documentationFiles.storageKey });
    }

    if (d.facility === reviewed && jury) {
      const scores = { scope: 4, content: 4, bne: 5, children: 4, team: 3, parents: 3, operator: 2 };
      const comment = 'Sehr anschaulich; die Zählungen der Kinder sind ein schöner Beleg für echte Beteiligung.';
      await tx
        .insert(documentationReviews)
        .values({ formId, reviewerId: jury.id, scores, comment })
        .onConflictDoUpdate({ target: [documentationReviews.formId, documentationReviews.reviewerId], set: { scores, comment } });
    }
  }
}

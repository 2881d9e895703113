import { pathToFileURL } from 'node:url';
import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import { loadConfig } from '../config';
import { hashPassword, verifyPassword } from '../modules/auth/passwords';
import { facilities, facilityMembers } from '../modules/facilities/facilities.table';
import { regions } from '../modules/facilities/regions';
import { seasonEnrolments, seasons } from '../modules/seasons/seasons.table';
import { privacyPolicyVersions, users } from '../modules/users/users.table';
import { openDb, type Db } from './client';
import { migrate } from './migrate';
import { seedDemoProgramme } from './seed-demo-programme';
import { persons } from '../modules/persons/persons.table';
import { seedDemoTeamWorkshops } from './seed-demo-team-workshops';
import { seedDemoDocumentation } from './seed-demo-documentation';
import { seedDemoLegacyImport } from './seed-demo-legacy';
import { seedDemoEmailLists } from './seed-demo-email-lists';
import { seedDemoCertificates } from './seed-demo-certificates';
import type { FileStorage } from '../lib/file-storage';
import { fileStorageFromConfig } from '../plugins/file-storage';
import { demoAccounts, demoFacilities, demoPersons, demoPrivacyPolicyVersion, demoProjectTitles, demoSeasons } from './seed-demo-data';

/**
 * Idempotent: every row is found by its natural key (season identifier, facility label, e-mail) and
 * brought to the demo state, so running it twice gives the same data.
 */
export async function seedDemo(db: Db, opts: { password: string; fileStorage?: FileStorage; programmeName?: string }): Promise<void> {
  const passwordHash = await hashPassword(opts.password);
  await db.transaction(async (tx) => {
    await tx
      .insert(privacyPolicyVersions)
      .values({ version: demoPrivacyPolicyVersion, publishedAt: new Date('2026-01-01T00:00:00Z') })
      .onConflictDoNothing();

    // only one season may be current (partial unique index): clear the others first
    await tx.update(seasons).set({ isCurrent: false }).where(ne(seasons.identifier, '2026-27'));
    const seasonIds: Record<string, number> = {};
    for (const s of demoSeasons) {
      const [row] = await tx.insert(seasons).values(s).onConflictDoUpdate({ target: seasons.identifier, set: s }).returning({ id: seasons.id });
      seasonIds[s.identifier] = row!.id;
    }
    const current = seasonIds['2026-27']!;

    const facilityIds: Record<string, number> = {};
    for (const f of demoFacilities) {
      if (!(regions as readonly string[]).includes(f.region)) throw new Error(`Unknown region ${f.region}`);
      const [existing] = await tx.select({ id: facilities.id }).from(facilities).where(eq(facilities.label, f.label)).limit(1);
      if (existing) {
        await tx.update(facilities).set(f).where(eq(facilities.id, existing.id));
        facilityIds[f.label] = existing.id;
      } else {
        const [row] = await tx.insert(facilities).values(f).returning({ id: facilities.id });
        facilityIds[f.label] = row!.id;
      }
    }

    const decidedAt = new Date('2026-01-15T09:00:00Z');
    for (const a of demoAccounts) {
      const consents = a.consentsDecided
        ? {
            privacyPolicyVersion: demoPrivacyPolicyVersion,
            privacyPolicyAcceptedAt: decidedAt,
            // issue 21 (SPEC §7): the staff accounts (those with a KiTa) consented to the newsletter
            newsletter: Object.keys(a.facilities).length > 0,
            newsletterDecidedAt: decidedAt,
          }
        : { privacyPolicyVersion: null, privacyPolicyAcceptedAt: null, newsletter: null, newsletterDecidedAt: null };
      const values = {
        email: a.email,
        firstName: a.firstName,
        lastName: a.lastName,
        isAdmin: a.isAdmin,
        isJury: a.isJury ?? false,
        deactivatedAt: null,
        ...consents,
      };
      const [existing] = await tx
        .select()
        .from(users)
        .where(eq(sql`lower(${users.email})`, a.email))
        .limit(1);
      let userId: number;
      if (existing) {
        // keep the hash when the password still matches, so repeated runs do not churn rows
        const same = await verifyPassword(existing.passwordHash, opts.password);
        await tx
          .update(users)
          .set({ ...values, activatedAt: existing.activatedAt ?? new Date(), ...(same ? {} : { passwordHash }) })
          .where(eq(users.id, existing.id));
        userId = existing.id;
      } else {
        const [row] = await tx
          .insert(users)
          .values({ ...values, passwordHash, activatedAt: new Date() })
          .returning({ id: users.id });
        userId = row!.id;
      }

      for (const [label, enrolled] of Object.entries(a.facilities)) {
        const facilityId = facilityIds[label];
        if (!facilityId) throw new Error(`Demo account ${a.email} names unknown facility ${label}`);
        await tx.insert(facilityMembers).values({ facilityId, userId }).onConflictDoNothing();
        const live = and(eq(seasonEnrolments.facilityId, facilityId), eq(seasonEnrolments.seasonId, current), isNull(seasonEnrolments.withdrawnAt));
        const [enrolment] = await tx.select({ id: seasonEnrolments.id }).from(seasonEnrolments).where(live).limit(1);
        if (enrolled && !enrolment) {
          await tx.insert(seasonEnrolments).values({
            facilityId,
            seasonId: current,
            projectTopics: ['Ernährung', 'Artenvielfalt'],
            groupsTakingPart: 'Igelgruppe, Fuchsgruppe',
            childrenTakingPart: 40,
            acceptedTermsAt: decidedAt,
            createdBy: userId,
          });
        } else if (!enrolled && enrolment) {
          await tx.update(seasonEnrolments).set({ withdrawnAt: new Date() }).where(eq(seasonEnrolments.id, enrolment.id));
        }
      }
    }

    // issue 5: staff lists (found by KiTa + name), the Leitung linked to its demo account, enrolment details
    const leadIds: Record<string, number> = {};
    for (const p of demoPersons) {
      const facilityId = facilityIds[p.facility];
      if (!facilityId) throw new Error(`Demo person ${p.firstName} ${p.lastName} names unknown facility ${p.facility}`);
      const [user] = p.account
        ? await tx
            .select({ id: users.id })
            .from(users)
            .where(eq(sql`lower(${users.email})`, p.account))
        : [];
      const values = {
        salutation: p.salutation,
        firstName: p.firstName,
        lastName: p.lastName,
        email: p.email,
        phone: p.phone,
        position: p.position,
        userId: user?.id ?? null,
        removedAt: null,
      };
      const [existing] = await tx
        .select({ id: persons.id })
        .from(persons)
        .where(and(eq(persons.facilityId, facilityId), eq(persons.firstName, p.firstName), eq(persons.lastName, p.lastName)))
        .limit(1);
      let personId: number;
      if (existing) {
        await tx.update(persons).set(values).where(eq(persons.id, existing.id));
        personId = existing.id;
      } else {
        const [row] = await tx
          .insert(persons)
          .values({ ...values, facilityId })
          .returning({ id: persons.id });
        personId = row!.id;
      }
      if (p.position === 'Leitung') leadIds[p.facility] = personId;
    }
    for (const [label, projectTitle] of Object.entries(demoProjectTitles)) {
      const facilityId = facilityIds[label]!;
      await tx
        .update(seasonEnrolments)
        .set({ projectTitle, contactPersonId: leadIds[label] ?? null })
        .where(and(eq(seasonEnrolments.facilityId, facilityId), eq(seasonEnrolments.seasonId, current), isNull(seasonEnrolments.withdrawnAt)));
    }
    // issue 11
    await seedDemoTeamWorkshops(tx);

    // issue 11: the season's programme
    await seedDemoProgramme(tx, current);

    // issue 12: documentation forms in every state, a review by the demo jury member (the photo needs the storage)
    await seedDemoDocumentation(tx, opts.fileStorage);

    // issue 21: a saved e-mail list
    await seedDemoEmailLists(tx, current);
  });
  // issue 24: a committed legacy import (its own transactions, as an admin's upload and commit)
  await seedDemoLegacyImport(db, 'admin@demo.example');
  // issue 37: Urkunden of the approved KiTas, Teilnahmebescheinigungen of the attended bookings
  await seedDemoCertificates(db, opts.programmeName ?? 'KiTa-Portal');
}

async function main() {
  const config = loadConfig();
  const handle = await openDb({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    await migrate(handle);
    await seedDemo(handle.db, {
      password: process.env.DEMO_PASSWORD || 'Demo-Passwort-2026',
      fileStorage: fileStorageFromConfig(config),
      programmeName: config.programmeName,
    });
    console.log(
      `Demo data ready: ${demoAccounts.length} accounts (${demoAccounts.map((a) => a.email).join(', ')}), ${demoFacilities.length} KiTas, seasons 2026-27 (current) and 2025-26.`,
    );
  } finally {
    await handle.close();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main().catch((err: Error) => {
    console.error(err.message);
    process.exit(1);
  });
}

// The server's module map, read by .dependency-cruiser.cjs (imports) and scripts/check-module-sql.mjs (SQL).
// docs/decisions/0009-module-boundaries.md explains the rules; every allowance below names its reason.
'use strict';

/**
 * Server modules from the bottom up: a module may import only modules listed before it (so there are no
 * module cycles, and the direction is written down). Tests are exempt: they drive the whole app.
 */
const serverLayers = [
  'users', //          the account row and its query file (users.queries.ts); everyone may read who someone is
  'audit', //          the audit log and the request's audit context
  'mail', //           outbox, templates, worker
  'rate-limit',
  'config',
  'auth', //           passwords, sessions, login throttle; the second factor is passed in by app.ts
  'facilities', //     KiTas, their members and join requests
  'persons', //        staff entries of a KiTa (and the member list with their staff entry)
  'seasons', //        seasons and enrolments
  'team-workshops', // team-workshop applications (issue 11); the checklist gets its step passed in by app.ts
  'programme', //      the season's programme: training events, hospitations, awarding events, bookings (issue 11)
  'documentation', //  the documentation form, its templates and the jury (issue 12)
  'legacy-imports', // the import of the years before the portal (issue 24): KiTas, seasons and their history
  'accounts', //       registration, settings, admin account tools, deletion and data export
  'admin-facilities', // admin read models and tools over the modules below
  'admin-persons',
  'admin-home', //     the admin home's work list (issue 22): counts over the modules below, read-only
  'season-report', //  the season report (issue 22): figures over the modules below, read-only; "taken part / awarded before" from legacy-imports' historyBefore
  'health', //         GET /api/health: reads the mail outbox's counts through mail's outboxHealth
  'email-lists', //    e-mail address lists (issue 21): a read model over KiTas, staff, accounts, programme and forms
  'active-campaign', // the ActiveCampaign sync (issue 21): reads who consented and their state, writes only its own tables
  'certificates', //   Urkunden and Teilnahmebescheinigungen (issue 37): reads approvals and attendance, writes only its own tables;
  //                   programme tells it about attendance through the listeners its module.ts offers
  'season-transition', // "Nächstes KiTa-Jahr vorbereiten" (issue 38): asks seasons, programme and documentation to copy their records
  'retention', //      the retention rules (issue 38): asks each owner to delete or anonymise what is past its period
];

/**
 * Modules whose files may read other modules' tables (joins in list queries). They are read models of the
 * admin area: one query over several modules' tables is what makes a sortable, filterable, paged list of
 * 5,000 KiTas fast. Their writes still must go through the owning module (scripts/check-module-sql.mjs).
 */
const readModelModules = ['admin-facilities', 'admin-persons', 'email-lists', 'active-campaign', 'admin-home', 'season-report', 'certificates'];

/**
 * Single files that deliberately read other modules' tables in one query, with the reason. Not debt: splitting
 * them would cost a query on a hot path.
 */
const readModelFiles = [
  {
    file: 'server/modules/programme/admin-offerings.list.ts',
    tables: ['facilities'],
    reason: 'the admin list of dates (page, sort, search, export) joins the host KiTa in one keyset query',
  },
  {
    file: 'server/modules/programme/admin-enrolments.list.ts',
    tables: ['facilities', 'persons'],
    reason:
      "the admin lists of a date's and an awarding event's enrolments (page, sort, search, SPEC §3 exports) join the KiTa and the staff entry in one keyset query",
  },
  {
    file: 'server/modules/programme/programme.queries.ts',
    tables: ['facilities', 'persons'],
    reason:
      "the programme's lists (offerings with host KiTa, enrolments with KiTa and person, the admin list and its SPEC §3 export) join " +
      'the KiTa and the staff entry in the one query that pages, sorts and exports; writes stay with the owners',
  },
  {
    file: 'server/modules/team-workshops/admin-team-workshops.list.ts',
    tables: ['facilities', 'seasons'],
    reason:
      "the admin list of team-workshop applications filters by the KiTa's region, searches its name and city and sorts by them " +
      'and by the season: one paged query (list kit), like the admin KiTa list',
  },
  {
    file: 'server/modules/documentation/admin-documentation.list.ts',
    tables: ['facilities', 'season_enrolments'],
    reason:
      "the jury's list is every KiTa live-enrolled to the season with its form (or none), filtered by region, searched by name and city, " +
      'sorted by them: one paged query (list kit) and its SPEC §3 exports',
  },
  {
    file: 'server/modules/documentation/jury-queue.service.ts',
    tables: ['facilities', 'season_enrolments'],
    reason:
      "the jury's queue and its next form (issue 19) are the forms of the jury's list (live enrolment, KiTa not merged away) in the list's " +
      "KiTa-name order, with the caller's own review: one query",
  },
  {
    file: 'server/modules/documentation/export-answers.ts',
    tables: ['facilities'],
    reason: "the answers export names each form's KiTa (name, PLZ, Ort, Regierungsbezirk) in the keyset batches it streams, in KiTa order",
  },
];

/**
 * Tables any module may read (join) without going through the owner: `users` is who someone is (names and
 * e-mail of the actor in "zuletzt geändert von", member lists). Writes stay with the owner.
 */
const sharedReadTables = ['server/modules/users/users.table.ts'];

/**
 * Modules that may write a table of another module, with the reason. Keep this short; each entry is a
 * follow-up (move the write behind the owner's query file or service).
 */
const writeAllowances = [
  // accounts is the service layer over the users row (settings, admin tools, registration); users/ keeps only
  // the query file the other modules read through
  { module: 'accounts', table: 'users', reason: 'accounts is the service layer of the account row' },
  {
    module: 'accounts',
    table: 'privacy_policy_versions',
    reason: 'the admin publishes a privacy policy version (accounts is the service layer of users/)',
  },
];

/**
 * Known places where a module still reads or writes another module's table (import of its *.table.ts or its
 * name in raw SQL). Existing debt, listed so it cannot grow unnoticed; each names the move that removes it.
 */
const knownExceptions = [
  {
    file: 'server/modules/seasons/enrolment.service.ts',
    tables: ['persons'],
    reason: "the enrolment's contact person (name in the list, belongs-to-KiTa check): use persons/person-scope.ts",
  },
  {
    file: 'server/modules/seasons/admin-seasons.service.ts',
    tables: ['facilities'],
    reason:
      "the season statistics group live enrolments by the KiTa's region and kind (a read model): move to a facilities query taking the enrolled ids, or into the admin read models",
  },
  {
    file: 'server/modules/admin-facilities/admin-facilities.service.ts',
    tables: ['facilities', 'facility_members', 'facility_join_requests', 'persons', 'season_enrolments'],
    reason:
      'merging two KiTas moves members, staff, enrolments and requests in one transaction: move each step to its owner (facilities/persons/seasons mergeInto())',
  },
];

/**
 * Functions the migrations leave in the database (PL/pgSQL): code the module SQL check cannot read in the modules, so
 * each would be listed here as { name, module, writes, pinTest, reason }. None is (issue 36: the booking's function of
 * migration 0020 was dropped by 0024, docs/decisions/0031-booking-in-one-call.md); a function not listed here fails
 * `npm run lint:deps`.
 */
const databaseFunctions = [];

module.exports = { serverLayers, readModelModules, readModelFiles, sharedReadTables, writeAllowances, knownExceptions, databaseFunctions };

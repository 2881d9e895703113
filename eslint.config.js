// @ts-check
import js from '@eslint/js';
import pluginQuery from '@tanstack/eslint-plugin-query';
import pluginRouter from '@tanstack/eslint-plugin-router';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import { demoReadOnlyRule } from './e2e/demo-read-only.mjs';
import { oneWayRule } from './scripts/eslint-one-way.mjs';

/** Imports flow one way (CONVENTIONS habit 1): routes → features → shared; server/ only takes src/shared/. */
const zone = (files, patterns) => ({
  files,
  rules: { 'no-restricted-imports': ['error', { patterns }] },
});

/**
 * One way for the Berlin calendar day and the German date (issue 20): src/shared/berlin-date.ts has them
 * (berlinToday, germanDate, berlinWallClock); pages format with src/lib/locale.ts, which reads them. A third copy is refused here.
 */
const oneBerlinDate = [
  {
    selector: "Literal[value='en-CA']",
    message: "Today in Berlin is berlinToday() (src/shared/berlin-date.ts); no own Intl 'en-CA' formatter.",
  },
  {
    selector: "TemplateLiteral[quasis.length=4][quasis.1.value.raw='.'][quasis.2.value.raw='.'][expressions.0.name=/^d(d|ay)?$/]",
    message: 'A German date is germanDate() (src/shared/berlin-date.ts) or formatDate() (src/lib/locale.ts); no own `${d}.${m}.${y}`.',
  },
];

/**
 * One way each (issue 20), checked by `local/one-way` (scripts/eslint-one-way.mjs): what a second way looks like, why
 * it is refused, and the one place where it is the way itself (`only`).
 */
const oneWay = [
  {
    // imports from outside the feature (routes) name it by its path through features/; the feature's own files say ./
    selector:
      'ImportDeclaration[source.value=/features\\/(admin-programme\\/components\\/(offerings-admin-list|offering-enrolments)|programme\\/components\\/offerings-page)$/]',
    message:
      'The programme pages differ by kind only: a route takes its page and loader from routes/_app/-components/offerings-route-page.tsx or routes/_app/verwaltung/-components/ (offering-list-page, enrolments-route-page).',
    only: [
      'routes/_app/-components/offerings-route-page.tsx',
      'routes/_app/verwaltung/-components/offering-list-page.tsx',
      'routes/_app/verwaltung/-components/enrolments-route-page.tsx',
    ],
  },
  {
    selector: "Property[key.name='personIds'] > CallExpression:has(Identifier[name='z'])",
    message:
      'Who is booked is bookingPersonIdsSchema (src/shared/contracts/programme.ts), for the KiTa and for admins alike; no second personIds rule.',
  },
  {
    selector: "JSXOpeningElement > JSXMemberExpression[object.name='DataList'][property.name=/^Item/]",
    message: 'A row of a DataList is <DataListItem label value /> (src/components/data-list/data-list-item.tsx); no own item helper.',
    only: ['src/components/data-list/data-list-item.tsx'],
  },
  {
    selector: "JSXOpeningElement > JSXMemberExpression[object.name='Table'][property.name='ScrollContainer']",
    message:
      'A table that may scroll sideways sits in TableScrollRegion (src/components/data-table/table-scroll-region.tsx): named, reachable by keyboard, scrolled by the browser.',
    only: ['src/components/data-table/table-scroll-region.tsx'],
  },
  {
    selector: "JSXAttribute[name.name='title'][value.value=/^(Kein KiTa-Jahr aktiv|.+ zurückziehen\\?)$/]",
    message:
      "A step of the KiTa's season (no season, its heading, the withdrawal asked for) is SeasonStepView (src/components/season-step/season-step-view.tsx); no second frame.",
    only: ['src/components/season-step/season-step-view.tsx'],
  },
  {
    selector:
      "ObjectExpression:has(> Property[key.name='maxAttendeesPerFacility'][value.type='MemberExpression']):has(> Property[key.name='registrationClosesAt'][value.callee.name='isoOrNull'])",
    message:
      'An awarding event in an answer is awardingEventFields(row) (server/modules/programme/programme.queries.ts), extended by what the answer adds; no second mapping of its fields.',
    only: ['server/modules/programme/programme.queries.ts'],
  },
  {
    selector:
      "ObjectExpression:has(> Property[key.name='id'][value.property.name='id'][value.object.name!='users']):has(> Property[key.name='firstName'][value.property.name='firstName']):has(> Property[key.name='isAdmin'][value.property.name='isAdmin'])",
    message:
      'An account in an answer begins with accountIdentity(user) or is accountFields(user) (server/modules/users/user-ref.ts), extended by what the answer adds; no second mapping of its fields.',
    only: ['server/modules/users/user-ref.ts'],
  },
  {
    selector:
      "VariableDeclarator > ArrowFunctionExpression.init:matches([body.consequent.callee.property.name='toISOString'], [body.left.expression.callee.property.name='toISOString'])",
    message: 'A timestamp as ISO text is iso() or isoOrNull() (server/lib/record-helpers.ts); no own helper.',
    only: ['server/lib/record-helpers.ts'],
  },
  {
    // a page whose search changes while it stays (lists, the KiTa-Jahr switch) keeps its match: with loaderDeps the
    // router made a new one, whose slow load put the loading page in the page's place and hid the field in use
    selector: "Property[key.name='loaderDeps']",
    message:
      "No loaderDeps: the loader reads the address's search from its `location` (a list: listRoute(contract).queryOf, src/lib/list-search.ts), so a change of the search while the page stays never shows the loading page.",
  },
  {
    selector: "CallExpression[callee.object.name='test'][callee.property.name='setTimeout']",
    message: "A long e2e test says its time with allowTime(ms) (e2e/fixtures.ts), which scales it by CI's slowdown (e2e/timing.ts).",
    only: ['e2e/fixtures.ts'],
  },
  {
    selector: "ImportDeclaration[source.value='sharp']",
    message:
      'Server code takes sharp from server/lib/image-work.ts (one libvips thread, no cache, one image at a time with inImageSlot), so that configuration holds everywhere.',
    // the upload bench's load process makes its phone photos with sharp: a client, not server code
    only: ['server/lib/image-work.ts', 'scripts/bench/upload-client.mjs'],
  },
];

/**
 * Every eslint-disable comment says why (`// eslint-disable-next-line rule -- reason`): the check of
 * eslint-plugin-eslint-comments' require-description, without the dependency.
 */
const disableReason = {
  meta: { type: 'suggestion', messages: { missing: 'Say why after "--": // eslint-disable-next-line <rule> -- <reason>' }, schema: [] },
  create(context) {
    return {
      Program() {
        for (const comment of context.sourceCode.getAllComments()) {
          const text = comment.value.trim();
          if (/^eslint-disable(-next-line|-line)?\b/.test(text) && !/\s--\s*\S/.test(text))
            context.report({ loc: comment.loc, messageId: 'missing' });
        }
      },
    };
  },
};

export default tseslint.config(
  { ignores: ['dist', 'build', 'node_modules', 'src/routeTree.gen.ts', 'data', 'test-results', 'playwright-report', 'server/db/migrations'] },
  // a disable comment that no longer hides a problem fails the lint (it would hide the next one)
  { linterOptions: { reportUnusedDisableDirectives: 'error' } },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  ...pluginQuery.configs['flat/recommended'],
  ...pluginRouter.configs['flat/recommended'],
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      'local/disable-reason': 'error',
      'local/one-way': ['error', ...oneWay],
    },
  },
  { plugins: { local: { rules: { 'disable-reason': disableReason, 'e2e-demo-read-only': demoReadOnlyRule, 'one-way': oneWayRule } } } },
  { files: ['**/*.{ts,tsx}'], ignores: ['src/shared/berlin-date.ts'], rules: { 'no-restricted-syntax': ['error', ...oneBerlinDate] } },
  // issue 34: a filter's choices keep the order the server gave (KiTa-Jahre newest first); an object built from ids
  // lists its integer keys ascending, so the order is lost before the select sees it
  {
    files: ['src/**/*.tsx', 'routes/**/*.tsx'],
    rules: {
      'no-restricted-syntax': [
        'error',
        ...oneBerlinDate,
        {
          selector: "JSXAttribute[name.name='options'] CallExpression[callee.object.name='Object'][callee.property.name='fromEntries']",
          message: 'Pass the choices as [{ value, label }] in the order given: an object from ids lists them by ascending id.',
        },
      ],
    },
  },
  // speed lives in `npm run bench`: a stopwatch in a unit test fails on a loaded runner (it did in CI); count the work
  {
    files: ['**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-properties': [
        'error',
        {
          object: 'performance',
          property: 'now',
          message: 'No timed tests: count the work (a spy on the slow call), and measure speed in `npm run bench`.',
        },
      ],
    },
  },
  // issue 20: specs write only with KiTas and accounts of their own; the demo staff accounts are read-only
  { files: ['e2e/**/*.spec.ts'], rules: { 'local/e2e-demo-read-only': 'error' } },
  {
    files: ['server/**'],
    ignores: ['src/shared/berlin-date.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        ...oneBerlinDate,
        {
          selector: "TSNonNullExpression > MemberExpression[object.name=/^req(uest)?$/][property.name='user']",
          message:
            'No `request.user!`: register the route through its builder (server/lib/route-builders.ts), whose `request.user` is typed by its access.',
        },
      ],
    },
  },
  // CommonJS config files (dependency-cruiser reads .dependency-cruiser.cjs with require)
  { files: ['**/*.cjs'], languageOptions: { sourceType: 'commonjs' }, rules: { '@typescript-eslint/no-require-imports': 'off' } },
  zone(
    ['src/**'],
    [
      { group: ['**/server/**', '../server/*'], message: 'src/ never imports server/.' },
      { group: ['**/routes/**'], message: 'src/ never imports routes/ (routes → features → shared).' },
    ],
  ),
  zone(
    ['src/shared/**'],
    [
      {
        group: ['**/features/**', '**/components/**', '**/lib/**', '**/app/**', 'react', '@mantine/*'],
        message: 'src/shared/ is plain contracts used by client and server.',
      },
    ],
  ),
  zone(['src/components/**', 'src/lib/**'], [{ group: ['**/features/**'], message: 'Shared code does not import features.' }]),
  // a route's definition (validateSearch, params) loads with every page, /login included: zod there cost 27 KB gzip
  {
    files: ['routes/**'],
    ignores: ['routes/**/-components/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        { paths: [{ name: 'zod', message: 'Route definitions load with every page: parse search with src/lib/search-schema.ts, not zod.' }] },
      ],
    },
  },
  zone(
    ['server/**'],
    [
      {
        group: ['**/src/!(shared)/**', '**/src/!(shared)', '**/routes/**', 'react', '@mantine/*'],
        message: 'server/ imports from src/ only src/shared/.',
      },
    ],
  ),
);

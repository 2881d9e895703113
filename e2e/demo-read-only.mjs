// @ts-check
/**
 * ESLint rule `local/e2e-demo-read-only` (eslint.config.js, e2e/*.spec.ts): the SPEC §7 demo staff accounts are
 * read-only for specs (issue 20). A test that writes makes its own KiTa and accounts with loginWithFreshEnrolledKita /
 * loginAsFreshUser (e2e/fixtures.ts); the demo admin may act on what the test made itself.
 *
 * A test (a `test('title', …)` call) that signs in as a demo staff account — `demoAccounts.eineKita`,
 * `pageAs('eineKita')`, `demoAccounts[x]`, `pageAs(x)` or the address itself — is refused
 *   - when it also sends an API write (`.post/.put/.patch/.delete(…)` other than login/logout, `call('POST', …)`,
 *     `bookViaApi`, `cancelBooking`), and
 *   - when its title is not in `readOnlyTests` below: a write through the UI (a click on "Speichern") cannot be told
 *     from a read by looking at the code, so every use is listed with why it only reads.
 * A use outside any test (a helper at the top of a spec) is refused too: pass the account in from the test.
 */

const staff = new Set(['eineKita', 'ohneKita', 'nichtAngemeldet', 'mehrereKitas', 'einstellungen']);
const staffAddress = /^(eine-kita|ohne-kita|nicht-angemeldet|mehrere-kitas|einstellungen)@demo\.example$/;
const writeMethods = new Set(['post', 'put', 'patch', 'delete']);
const writeVerbs = /^(POST|PUT|PATCH|DELETE)$/;
const writeHelpers = new Set(['bookViaApi', 'cancelBooking']);

/**
 * The tests allowed to sign in as a demo staff account, by spec file and title (a template title with `${…}` as
 * written), each with why it does not change what another test sees. `'*'` lists a whole spec (it may also name the
 * account in a helper outside its tests).
 * @type {Record<string, Record<string, string>>}
 */
const readOnlyTests = {
  'accounts.spec.ts': {
    'data export: the JSON file downloads': 'downloads the export (a GET)',
  },
  'all-routes.spec.ts': {
    '*': 'opens every route and scans it (axe, sideways scrolling); submits nothing',
  },
  'certificates.spec.ts': {
    'staff download their Urkunde and a Teilnahmebescheinigung, and the printed code checks as genuine':
      "downloads two PDFs and checks a code (GETs and the public check); the chosen KiTa is its own session's",
  },
  'dialogs-keyboard.spec.ts': {
    "the staff pages' dialogs at ${…} px: axe and the keyboard walk in each, the focus back on its button":
      'opens each dialog with Enter and closes it with Escape; submits nothing',
  },
  'clipped-labels.spec.ts': {
    '${…}: no button text is cut at 320 and 1280 px': 'measures buttons; the page with a booking books for a KiTa of its own',
  },
  'documentation.spec.ts': {
    "staff cannot open another KiTa's files or the admin pages of the documentation": 'GETs that answer 403/404',
  },
  'errors.spec.ts': {
    '504 on a call: the gateway text with the support e-mail, red, at the top, with a progress bar': 'the login is answered by a mock',
    '511 on a call: the network-login text': 'the login is answered by a mock',
    '500 with reason.message: intro, the caller text and the server message': 'the login is answered by a mock',
    'an unknown path shows the German 404 page inside the layout, also when logged in': 'opens pages',
  },
  'focus.spec.ts': {
    'the first KiTa selection keeps focus on the page': 'the active KiTa lives in the browser (localStorage)',
    'guard dialog 1 opens on its first button, not the mail link, and Escape closes it like "Abbrechen."': 'opens and closes a dialog',
    'a confirm dialog opens on "Abbrechen": Enter twice removes nothing': 'cancels the removal (and asserts nothing was removed)',
  },
  'guards.spec.ts': {
    'non-admins are sent home from every /verwaltung path': 'opens pages',
    'several KiTas, none chosen: the selection dialog comes before facility pages': 'cancels the dialog; the choice lives in the browser',
    'dialog 1 (no KiTa): title, support contact, buttons, persistent, focus, keyboard; cancel rules': 'cancels, then only opens /neue-kita',
    'dialog 2 (not enrolled): title, season, buttons, persistent, focus in and back; cancel keeps the previous page':
      'cancels, then only opens the enrolment page',
    'dialog 3 (missing settings): names the settings, only "Ok, mache ich.", persistent, leads to the settings':
      'opens the settings page; decides nothing',
  },
  'keyboard.spec.ts': {
    'the skip link "Zum Inhalt springen" is the first Tab stop and moves focus to the main content': 'moves focus',
    'every navigation link is reachable by Tab, in order, and Enter opens it': 'opens pages',
  },
  'offline.spec.ts': {
    'offline, a page not visited yet: the network notification and "Neu laden", not a blank page': 'opens pages offline',
    'offline on /login: the first notification still shows (without its lazily loaded container)': 'the login fails offline',
    'after a deploy the old chunk files are gone (404): "Neu laden" on the page and the new-version notice': 'opens pages',
  },
  'ping.spec.ts': {
    'the ping: on load, before each navigation and every 60 s, always with the same window id': 'the ping touches only its own session',
    'a lost session: the next ping sends the user to /login and the login returns to the page': 'logs its own session out',
  },
  'session.spec.ts': {
    'login by keyboard alone: authenticated, name, season and the single KiTa shown; a reload keeps it all': 'its own session',
    'a network error on login gives failure and the offline notification': 'the login is answered by a mock',
    'logout clears user, season and the active KiTa and lands on /login': 'logs its own session out',
    'the active KiTa: chosen in the dialog, persisted across a reload, restored from storage on navigation':
      'the active KiTa lives in the browser (localStorage)',
  },
  'shell-guards.spec.ts': {
    'anonymous visitors land on /login and return to the page they wanted': 'its own session',
    'wrong password shows the German message': 'a failed login',
  },
  'table-scrollbars.spec.ts': {
    'the staff list at 320 px scrolls sideways in its region: the scrollbar is drawn, the arrow keys scroll it':
      'opens /personal and scrolls its table',
  },
  'tables-reflow.spec.ts': {
    'the home page at 320 px: status badges wrap instead of being cut, nothing scrolls sideways': 'opens a page',
    'several KiTas at 320 px: the header with „KiTa wechseln“ fits on every staff page; the chooser keeps its badges inside':
      'opens pages; the choice lives in the browser',
    'a phone’s first load${…}: the header has its height before the KiTa switcher and the user menu arrive, nothing moves': 'opens a page',
  },
};

/** @param {any} node */
const titleOf = (node) => {
  if (!node) return undefined;
  if (node.type === 'Literal' && typeof node.value === 'string') return node.value;
  if (node.type === 'TemplateLiteral')
    return node.quasis.map((/** @type {any} */ q, /** @type {number} */ i) => q.value.cooked + (i < node.expressions.length ? '${…}' : '')).join('');
  return undefined;
};

/** @param {any} node */
const isTestCall = (node) =>
  node.type === 'CallExpression' &&
  (node.callee.type === 'Identifier'
    ? node.callee.name === 'test'
    : node.callee.type === 'MemberExpression' &&
      node.callee.object.type === 'Identifier' &&
      node.callee.object.name === 'test' &&
      ['only', 'fixme', 'fail', 'slow'].includes(node.callee.property.name)) &&
  titleOf(node.arguments[0]) !== undefined &&
  node.arguments.some((/** @type {any} */ a) => a.type === 'ArrowFunctionExpression' || a.type === 'FunctionExpression');

/** @param {any} node — a demo staff account named here, or undefined */
function staffUse(node) {
  if (node.type === 'MemberExpression' && node.object.type === 'Identifier' && node.object.name === 'demoAccounts') {
    if (!node.computed) return staff.has(node.property.name) ? `demoAccounts.${node.property.name}` : undefined;
    return node.property.type === 'Literal' && !staff.has(String(node.property.value)) ? undefined : 'demoAccounts[…]';
  }
  if (node.type === 'CallExpression' && node.callee.type === 'Identifier' && node.callee.name === 'pageAs') {
    const arg = node.arguments[0];
    if (arg?.type === 'Literal') return staff.has(String(arg.value)) ? `pageAs('${arg.value}')` : undefined;
    return 'pageAs(…)';
  }
  if (node.type === 'Literal' && typeof node.value === 'string' && staffAddress.test(node.value)) return node.value;
  return undefined;
}

/** @param {any} node — an API write sent here, or undefined */
function writeIn(node) {
  if (node.type !== 'CallExpression') return undefined;
  const { callee } = node;
  if (callee.type === 'Identifier' && writeHelpers.has(callee.name)) return `${callee.name}(…)`;
  if (callee.type !== 'MemberExpression' || callee.property.type !== 'Identifier') return undefined;
  const name = callee.property.name;
  const first = titleOf(node.arguments[0]);
  if (writeMethods.has(name) && first !== undefined && !/^\/?(api\/)?(login|logout)\b/.test(first)) return `.${name}('${first}')`;
  if (name === 'call' && first !== undefined && writeVerbs.test(first)) return `.call('${first}', …)`;
  return undefined;
}

/** @type {import('eslint').Rule.RuleModule} */
export const demoReadOnlyRule = {
  meta: {
    type: 'problem',
    messages: {
      writes:
        'This test signs in as a demo staff account ({{use}}) and writes ({{write}}): the demo accounts are read-only for specs; make its own KiTa with loginWithFreshEnrolledKita (e2e/fixtures.ts).',
      unlisted:
        'This test signs in as a demo staff account ({{use}}): if it only reads, list its title with the reason in e2e/demo-read-only.mjs; if it writes, make its own KiTa with loginWithFreshEnrolledKita (e2e/fixtures.ts).',
      outside: 'A demo staff account ({{use}}) outside a test: pass the account in from the test, so the test can be checked.',
    },
    schema: [],
  },
  create(context) {
    const file = context.filename.split(/[\\/]/).pop() ?? '';
    const listed = readOnlyTests[file] ?? {};
    const keys = context.sourceCode.visitorKeys;
    /** @param {any} node @param {(n: any) => void} visit */
    const walk = (node, visit) => {
      visit(node);
      for (const key of keys[node.type] ?? []) {
        const child = node[key];
        for (const c of Array.isArray(child) ? child : [child]) if (c && typeof c.type === 'string') walk(c, visit);
      }
    };
    return {
      Program(program) {
        /** @type {Set<any>} */
        const inTests = new Set();
        walk(program, (node) => {
          if (!isTestCall(node)) return;
          const title = titleOf(node.arguments[0]);
          /** @type {string | undefined} */ let use;
          /** @type {string | undefined} */ let write;
          // an account named inside expect(…) is asserted about (e.g. "never synced"), not signed in as
          /** @type {Set<any>} */
          const asserted = new Set();
          for (const arg of node.arguments.slice(1))
            walk(arg, (n) => {
              if (n.type === 'CallExpression' && n.callee.type === 'Identifier' && n.callee.name === 'expect')
                for (const a of n.arguments) walk(a, (inner) => asserted.add(inner));
            });
          for (const arg of node.arguments.slice(1))
            walk(arg, (n) => {
              if (asserted.has(n)) {
                if (staffUse(n)) inTests.add(n);
                return;
              }
              const u = staffUse(n);
              if (u) inTests.add(n);
              use ??= u;
              write ??= writeIn(n);
            });
          if (!use) return;
          if (write) context.report({ node: node.arguments[0], messageId: 'writes', data: { use, write } });
          else if (!(title in listed) && !('*' in listed)) context.report({ node: node.arguments[0], messageId: 'unlisted', data: { use } });
        });
        walk(program, (node) => {
          const use = staffUse(node);
          if (use && !inTests.has(node) && !('*' in listed)) context.report({ node, messageId: 'outside', data: { use } });
        });
      },
    };
  },
};

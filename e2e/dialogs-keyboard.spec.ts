import { expectAccessibleWith, test } from './fixtures';

/*
 * The staff pages' dialogs by keyboard, on an office PC and on a phone: each opened with Enter passes axe, every stop
 * of its keyboard walk is in view, ringed and not under its sticky header, and Escape gives the focus back to the
 * button that opened it (expectAccessibleWith). Opened and closed only: nothing is saved, so the demo KiTa serves.
 */
const dialogs: Array<{ path: string; openers: string[] }> = [
  { path: '/personal', openers: ['Person hinzufügen', 'Clara Lehmann bearbeiten', 'Clara Lehmann entfernen'] },
  { path: '/kita-jahr-anmeldung', openers: ['Anmeldung zurückziehen'] },
  { path: '/fortbildungen', openers: ['Anmelden'] },
  { path: '/hospitationen', openers: ['Anmelden'] },
  { path: '/einstellungen', openers: ['Konto löschen …'] },
];

for (const width of [1366, 390])
  test(`the staff pages' dialogs at ${width} px: axe and the keyboard walk in each, the focus back on its button`, async ({ pageAs }) => {
    const page = await pageAs('eineKita');
    await page.setViewportSize({ width, height: width > 1000 ? 768 : 844 });
    for (const { path, openers } of dialogs) {
      await page.goto(path);
      // the first one that can be pressed ("Anmelden" is disabled on a date that is full or over)
      const buttons = openers.map((name) => page.getByRole('main').getByRole('button', { name, exact: true }).and(page.locator(':enabled')).first());
      await buttons[0]!.waitFor();
      await expectAccessibleWith(page, buttons, `${path} at ${width} px`);
    }
  });

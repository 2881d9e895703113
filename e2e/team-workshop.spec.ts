import { germanDate } from '../src/shared/berlin-date';
import { allowTime, DEMO_PASSWORD, demoAccounts, expect, expectAccessible, loginWithFreshEnrolledKita, test } from './fixtures';
import { linkFromMail } from './mailbox';

// Issue 11: a KiTa applies for a team workshop, an admin schedules it, the KiTa sees the date and gets the mail.
// The KiTa is one of its own (loginWithFreshEnrolledKita): the demo KiTas are for reading.

/** a day `n` days ahead as DD.MM.YYYY (what a person types) */
const dayAhead = (n: number) => germanDate(new Date(Date.now() + n * 86_400_000));

test('a KiTa applies for a team workshop, an admin schedules it, the KiTa sees "terminiert" with the date and is mailed', async ({
  page,
  browser,
}) => {
  allowTime(120_000);
  const kita = await loginWithFreshEnrolledKita(page, 'E2E-Kita Team-Workshop');
  await page.goto('/');
  await page.getByRole('navigation', { name: 'Hauptnavigation' }).getByRole('link', { name: 'Team-Workshop' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Team-Workshop' })).toBeVisible();
  await expect(page.getByText('noch nicht beantragt')).toBeVisible();
  await expectAccessible(page, '/team-workshop-application');

  // German messages first
  await page.getByRole('button', { name: 'Team-Workshop beantragen' }).click();
  await expect(page.getByText('Bitte gib mindestens einen Wunschtermin an.')).toBeVisible();
  await expect(page.getByText('Bitte gib die Zahl der Teilnehmenden an.')).toBeVisible();
  await expectAccessible(page, '/team-workshop-application with messages');

  await page.getByRole('textbox', { name: '1. Wunschtermin' }).fill(dayAhead(40));
  await page.getByRole('textbox', { name: '2. Wunschtermin (optional)' }).fill(dayAhead(47));
  await page.getByRole('textbox', { name: 'Zahl der Teilnehmenden' }).fill('15');
  await page.getByRole('textbox', { name: 'Themenwünsche' }).fill('Wasser erleben an der Pegnitz');
  await page.getByRole('button', { name: 'Team-Workshop beantragen' }).click();
  await expect(page.getByText('Dein Antrag auf einen Team-Workshop ist eingereicht.')).toBeVisible();
  await expect(page.getByText(`${dayAhead(40)}, ${dayAhead(47)}`)).toBeVisible();
  await expect(page.getByText('eingereicht', { exact: true }).first()).toBeVisible();
  await expectAccessible(page, '/team-workshop-application submitted');

  // withdrawing asks first (and is not what we do here)
  await page.getByRole('button', { name: 'Zurückziehen' }).click();
  const confirm = page.getByRole('dialog', { name: 'Antrag zurückziehen?' });
  await expect(confirm).toBeVisible();
  await expectAccessible(page, 'withdraw dialog');
  await confirm.getByRole('button', { name: 'Abbrechen' }).click();
  await expect(confirm).toBeHidden();

  // the admin schedules it
  const adminContext = await browser.newContext({ locale: 'de-DE', timezoneId: 'Europe/Berlin', viewport: { width: 1366, height: 768 } });
  const admin = await adminContext.newPage();
  expect((await admin.request.post('/api/login', { data: { email: demoAccounts.admin, password: DEMO_PASSWORD } })).ok()).toBeTruthy();
  await admin.goto('/verwaltung');
  await admin.getByRole('list', { name: 'Bereiche der Verwaltung' }).getByRole('link', { name: 'Team-Workshops' }).click();
  await expect(admin.getByRole('heading', { level: 1, name: 'Team-Workshops' })).toBeVisible();
  await expect(admin.getByRole('link', { name: 'Als CSV (Excel) exportieren' })).toBeVisible();
  await expect(admin.getByRole('link', { name: 'Als Excel (XLSX) exportieren' })).toBeVisible();
  await expectAccessible(admin, '/verwaltung/team-workshops');
  await admin.getByRole('searchbox', { name: 'Suche' }).fill(kita.facilityLabel);
  // named by its visible text (WCAG 2.5.3), the row's KiTa in its description
  const open = admin.getByRole('button', { name: 'Entscheiden', exact: true });
  await expect(open).toHaveCount(1);
  await expect(open).toHaveAccessibleDescription(new RegExp(`^${kita.facilityLabel} `));
  await open.click();
  const dialog = admin.getByRole('dialog', { name: `Team-Workshop: ${kita.facilityLabel}` });
  await expect(dialog.getByText('Wasser erleben an der Pegnitz')).toBeVisible();
  await expectAccessible(admin, 'decide dialog');
  await dialog.getByRole('radio', { name: 'Terminieren' }).check();
  await dialog.getByRole('textbox', { name: 'Datum' }).fill(dayAhead(47));
  await dialog.getByLabel('Stunden', { exact: true }).fill('10');
  await dialog.getByLabel('Minuten', { exact: true }).fill('30');
  await dialog.getByRole('textbox', { name: /Kommentar für die KiTa/ }).fill('Wir kommen zu zweit.');
  await expectAccessible(admin, 'decide dialog filled');
  const mailsFrom = Date.now() - 1000;
  await dialog.getByRole('button', { name: 'Speichern' }).click();
  await expect(dialog).toBeHidden();
  const when = `${dayAhead(47)}, 10:30 Uhr`;
  await expect(admin.getByRole('cell', { name: `terminiert am ${when}` })).toBeVisible();
  await expectAccessible(admin, '/verwaltung/team-workshops after scheduling');
  await adminContext.close();

  // the KiTa sees the date, and the mail is there
  await page.reload();
  await expect(page.getByText(`terminiert am ${when}`).first()).toBeVisible();
  await expect(page.getByText('Wir kommen zu zweit.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Zurückziehen' })).toHaveCount(0);
  await expectAccessible(page, '/team-workshop-application scheduled');
  expect(await linkFromMail(kita.email, '/team-workshop-application', mailsFrom)).toBe('/team-workshop-application');
});

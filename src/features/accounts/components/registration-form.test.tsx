import { screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { errorBody, privacyPolicyHandler, recordingPost, SAME_ANSWER } from '../../../testing/handlers/accounts';
import { renderRoute } from '../../../testing/render';

const strong = 'Kastanienbaum-Wolkenschiff-42';

async function fill(user: Awaited<ReturnType<typeof renderRoute>>['user'], values: Partial<Record<string, string>>) {
  for (const [label, value] of Object.entries(values)) {
    const field = screen.getByLabelText(label, { exact: true });
    await user.clear(field);
    if (value) await user.type(field, value);
  }
}

describe('/registrieren', () => {
  it('shows German messages for empty fields, a too short password and a mismatch', async () => {
    const post = recordingPost('auth/register', { msg: SAME_ANSWER.registered }, 202);
    const { user } = await renderRoute('/registrieren', { handlers: [privacyPolicyHandler(), post.handler] });
    expect(screen.getByRole('heading', { level: 1, name: 'Registrieren' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Registrieren' }));
    expect(screen.getByText('Bitte gib deinen Vornamen an.')).toBeInTheDocument();
    expect(screen.getByText('Bitte gib deinen Nachnamen an.')).toBeInTheDocument();
    expect(screen.getByText('Bitte gib deine E-Mail-Adresse an.')).toBeInTheDocument();
    expect(screen.getByText('Bitte akzeptiere die Datenschutzerklärung.')).toBeInTheDocument();

    await fill(user, { Passwort: 'kurz', 'Passwort wiederholen': 'anders' });
    expect(screen.getByText('Das Passwort muss mindestens 12 Zeichen lang sein.')).toBeInTheDocument();
    await fill(user, { Passwort: strong, 'Passwort wiederholen': `${strong}x` });
    expect(screen.getByText('Die beiden Passwörter stimmen nicht überein.')).toBeInTheDocument();
    expect(post.bodies).toHaveLength(0);
  });

  it('refuses a guessable password while typing and before sending', async () => {
    const post = recordingPost('auth/register', { msg: SAME_ANSWER.registered }, 202);
    const { user } = await renderRoute('/registrieren', { handlers: [privacyPolicyHandler(), post.handler] });
    await fill(user, {
      Vorname: 'Erika',
      Nachname: 'Muster',
      'E-Mail': 'erika@example.org',
      Passwort: 'passwort1234',
      'Passwort wiederholen': 'passwort1234',
    });
    await user.click(screen.getByRole('checkbox', { name: /Datenschutzerklärung/ }));
    expect(await screen.findByText(/Passwortstärke: (sehr )?schwach/, {}, { timeout: 30_000 })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Registrieren' }));
    expect(screen.getAllByText(/Dieses Passwort ist zu leicht zu erraten/).length).toBeGreaterThan(0);
    expect(post.bodies).toHaveLength(0);
  });

  it('shows the server field messages on their fields', async () => {
    const post = recordingPost(
      'auth/register',
      errorBody('validation', 'Bitte prüfe deine Eingaben.', { email: 'Diese Adresse nehmen wir nicht an.' }),
      400,
    );
    const { user } = await renderRoute('/registrieren', { handlers: [privacyPolicyHandler(), post.handler] });
    await fill(user, { Vorname: 'Erika', Nachname: 'Muster', 'E-Mail': 'erika@example.org', Passwort: strong, 'Passwort wiederholen': strong });
    await user.click(screen.getByRole('checkbox', { name: /Datenschutzerklärung/ }));
    await user.click(screen.getByRole('button', { name: 'Registrieren' }));
    expect(await screen.findByText('Diese Adresse nehmen wir nicht an.')).toBeInTheDocument();
    expect(screen.getByLabelText('E-Mail')).toHaveAttribute('aria-invalid', 'true');
  });

  it('sends the accepted policy version and answers "Schau in dein Postfach" without telling more', async () => {
    const post = recordingPost('auth/register', { msg: SAME_ANSWER.registered }, 202);
    const { user } = await renderRoute('/registrieren', { handlers: [privacyPolicyHandler('2026-01'), post.handler] });
    await fill(user, { Vorname: 'Erika', Nachname: 'Muster', 'E-Mail': 'erika@example.org', Passwort: strong, 'Passwort wiederholen': strong });
    await user.click(screen.getByRole('checkbox', { name: /Datenschutzerklärung \(Fassung 2026-01\)/ }));
    await user.click(screen.getByRole('checkbox', { name: /Newsletter/ }));
    await user.click(screen.getByRole('button', { name: 'Registrieren' }));
    expect(await screen.findByText('Schau in dein Postfach')).toBeInTheDocument();
    expect(screen.getByText(SAME_ANSWER.registered)).toBeInTheDocument();
    expect(post.bodies[0]).toEqual({
      firstName: 'Erika',
      lastName: 'Muster',
      email: 'erika@example.org',
      password: strong,
      passwordRepeat: strong,
      privacyPolicyVersion: '2026-01',
      acceptPrivacyPolicy: true,
      newsletter: true,
    });
  });

  it('shows the privacy policy text in a dialog', async () => {
    const { user } = await renderRoute('/registrieren', { handlers: [privacyPolicyHandler('2026-01')] });
    await user.click(screen.getByRole('button', { name: 'Datenschutzerklärung lesen' }));
    expect(await screen.findByRole('dialog', { name: 'Datenschutzerklärung (Fassung 2026-01)' })).toBeInTheDocument();
    expect(screen.getByText('Deine Rechte')).toBeInTheDocument();
  });
});

describe('/registrieren with a policy published meanwhile', () => {
  it('asks to accept the newer version before sending again', async () => {
    let version = '2026-01';
    const policy = http.get('*/api/privacy-policy', () => HttpResponse.json({ version, publishedAt: '2026-01-01T00:00:00.000Z' }));
    const outdated = 'Inzwischen gilt eine neue Datenschutzerklärung. Bitte lies sie und bestätige sie noch einmal.';
    const bodies: Array<{ privacyPolicyVersion: string }> = [];
    const post = http.post('*/api/auth/register', async ({ request }) => {
      const body = (await request.json()) as { privacyPolicyVersion: string };
      bodies.push(body);
      if (body.privacyPolicyVersion !== version)
        return HttpResponse.json(errorBody('policy_outdated', outdated, { privacyPolicyVersion: outdated }), { status: 409 });
      return HttpResponse.json({ msg: SAME_ANSWER.registered }, { status: 202 });
    });
    const { user } = await renderRoute('/registrieren', { handlers: [policy, post] });
    await fill(user, { Vorname: 'Erika', Nachname: 'Muster', 'E-Mail': 'erika@example.org', Passwort: strong, 'Passwort wiederholen': strong });
    await user.click(screen.getByRole('checkbox', { name: /Datenschutzerklärung/ }));
    version = '2026-02';
    await user.click(screen.getByRole('button', { name: 'Registrieren' }));
    expect(await screen.findByRole('checkbox', { name: /Fassung 2026-02/ })).not.toBeChecked();
    await user.click(screen.getByRole('checkbox', { name: /Fassung 2026-02/ }));
    await user.click(screen.getByRole('button', { name: 'Registrieren' }));
    expect(await screen.findByText('Schau in dein Postfach')).toBeInTheDocument();
    expect(bodies.map((b) => b.privacyPolicyVersion)).toEqual(['2026-01', '2026-02']);
  });
});

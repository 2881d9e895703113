import { screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import type { CertificateTemplate } from '../../../shared/contracts/certificates';
import { textCharsMessage } from '../../../shared/contracts/text';
import { adminSeason } from '../../../testing/factories/admin';
import { users } from '../../../testing/factories/users';
import { renderRoute } from '../../../testing/render';

const template: CertificateTemplate = {
  seasonIdentifier: '2026-27',
  heading: 'Urkunde',
  body: '{KiTa} hat am Programm teilgenommen.',
  signatures: [],
  logoId: null,
  version: 1,
  isDefault: false,
};

/** the editor on the route; `meanwhile`: someone else saved this template (version 7) before our first save */
async function renderEditor({ meanwhile }: { meanwhile?: CertificateTemplate } = {}) {
  const saved: unknown[] = [];
  let current = template;
  const rendered = await renderRoute('/verwaltung/urkunden', {
    user: users.admin(),
    handlers: [
      http.get('*/api/admin/seasons/choices', () => HttpResponse.json({ items: [adminSeason({ identifier: '2026-27' })] })),
      http.get('*/api/admin/certificates', () => HttpResponse.json({ items: [], pending: 0 })),
      http.get('*/api/admin/certificate-templates/2026-27', () => HttpResponse.json(current)),
      http.put('*/api/admin/certificate-templates/2026-27', async ({ request }) => {
        const input = (await request.json()) as CertificateTemplate;
        saved.push(input);
        if (meanwhile) current = meanwhile;
        if (input.version !== current.version) {
          const message = 'Jemand hat das inzwischen geändert.';
          return HttpResponse.json({ msg: message, reason: { code: 'conflict', message } }, { status: 409 });
        }
        current = { ...current, ...input, version: (current.version ?? 0) + 1, isDefault: false };
        return HttpResponse.json(current);
      }),
    ],
  });
  await screen.findByRole('button', { name: 'Vorlage speichern' });
  return { saved, user: rendered.user };
}

describe('the certificate template editor', () => {
  it("given a signature's name pasted with a tab, says so at the field by the server's rule and sends nothing", async () => {
    const { saved, user } = await renderEditor();
    const [name] = screen.getAllByRole('textbox', { name: 'Name' });
    await user.click(name!);
    await user.paste('Anna\tMüller');
    await user.click(screen.getByRole('button', { name: 'Vorlage speichern' }));
    expect(await screen.findByText(textCharsMessage)).toBeInTheDocument();
    expect(name).toHaveAccessibleDescription(textCharsMessage);
    expect(saved).toEqual([]);
  });

  it('given a name and a role, saves them as the first signature', async () => {
    const { saved, user } = await renderEditor();
    const [name] = screen.getAllByRole('textbox', { name: 'Name' });
    const [role] = screen.getAllByRole('textbox', { name: 'Funktion' });
    await user.type(name!, 'Jürgen Weiß');
    await user.type(role!, 'Vorsitzender');
    await user.click(screen.getByRole('button', { name: 'Vorlage speichern' }));
    expect(await screen.findByText(/Die Vorlage ist gespeichert/)).toBeInTheDocument();
    expect(saved).toEqual([expect.objectContaining({ signatures: [{ name: 'Jürgen Weiß', role: 'Vorsitzender', imageId: null }], version: 1 })]);
  });

  it('saving keeps the focus on its button, and the next save sends the version just saved', async () => {
    const { saved, user } = await renderEditor();
    const button = screen.getByRole('button', { name: 'Vorlage speichern' });
    await user.click(button);
    expect(await screen.findByText(/Die Vorlage ist gespeichert/)).toBeInTheDocument();
    // the same button, not a new form's: a remount dropped the focus to the page
    expect(screen.getByRole('button', { name: 'Vorlage speichern' })).toBe(button);
    expect(button).toHaveFocus();
    await user.click(button);
    await vi.waitFor(() => expect(saved).toHaveLength(2));
    expect(saved.map((s) => (s as CertificateTemplate).version)).toEqual([1, 2]);
  });

  it('given a version saved meanwhile by someone else, keeps the input, says so, and "Aktuellen Stand laden" replaces it', async () => {
    const { saved, user } = await renderEditor({ meanwhile: { ...template, heading: 'Urkunde 2027', version: 7 } });
    const heading = screen.getByRole('textbox', { name: 'Überschrift' });
    await user.clear(heading);
    await user.type(heading, 'Meine Überschrift');
    await user.click(screen.getByRole('button', { name: 'Vorlage speichern' }));
    expect(await screen.findByText('Jemand war schneller')).toBeInTheDocument();
    expect(heading).toHaveValue('Meine Überschrift');
    await user.click(screen.getByRole('button', { name: 'Aktuellen Stand laden (deine Eingaben werden verworfen)' }));
    await vi.waitFor(() => expect(heading).toHaveValue('Urkunde 2027'));
    expect(heading).toHaveFocus();
    expect(screen.queryByText('Jemand war schneller')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Vorlage speichern' }));
    expect(await screen.findByText(/Die Vorlage ist gespeichert/)).toBeInTheDocument();
    expect(saved.map((s) => (s as CertificateTemplate).version)).toEqual([1, 7]);
  });
});

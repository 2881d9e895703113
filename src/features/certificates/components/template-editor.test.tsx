import { screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
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

async function renderEditor() {
  const saved: unknown[] = [];
  const rendered = await renderRoute('/verwaltung/urkunden', {
    user: users.admin(),
    handlers: [
      http.get('*/api/admin/seasons/choices', () => HttpResponse.json({ items: [adminSeason({ identifier: '2026-27' })] })),
      http.get('*/api/admin/certificates', () => HttpResponse.json({ items: [], pending: 0 })),
      http.get('*/api/admin/certificate-templates/2026-27', () => HttpResponse.json(template)),
      http.put('*/api/admin/certificate-templates/2026-27', async ({ request }) => {
        saved.push(await request.json());
        return HttpResponse.json({ ...template, version: 2 });
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
});

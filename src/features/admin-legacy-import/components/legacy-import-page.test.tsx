import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { LegacyImport, LegacyImportRowDto, LegacyImportSummary } from '../../../shared/contracts/legacy-imports';
import { adminFacilityItem } from '../../../testing/factories/admin';
import { users } from '../../../testing/factories/users';
import { renderRoute } from '../../../testing/render';

const legacyImport = (over: Partial<LegacyImport> = {}): LegacyImport => ({
  id: 7,
  fileName: 'alte-daten.csv',
  state: 'preview',
  createdAt: '2026-11-20T09:30:00.000Z',
  createdBy: 'Alex Admin',
  committedAt: null,
  undoneAt: null,
  headers: ['Einrichtung', 'PLZ', 'Jahr'],
  columns: ['label', 'postalCode', 'season'],
  counts: { total: 3, accepted: 1, error: 1, duplicate: 1, skipped: 0 },
  created: { facilities: 0, seasons: 0, enrolments: 0, awards: 0 },
  plan: { facilities: 0, seasons: 0, enrolments: 1, awards: 0, seasonLabels: [] },
  keptFacilities: [],
  ...over,
});

const row = (over: Partial<LegacyImportRowDto> = {}): LegacyImportRowDto => ({
  id: 1,
  rowNo: 2,
  state: 'accepted',
  errors: {},
  label: 'Kinderhaus Sonnenschein Süd',
  postalCode: '80802',
  city: 'München',
  season: 'KiTa-Jahr 2021/22',
  enrolledOn: '2021-10-04',
  awarded: true,
  fields: { label: 'Kinderhaus Sonnenschein Süd', postalCode: '80802', season: '2021-22' },
  matchKind: 'candidate',
  facility: { id: 3, label: 'Kinderhaus Sonnenschein', postalCode: '80802', city: 'München' },
  candidates: [{ id: 3, label: 'Kinderhaus Sonnenschein', postalCode: '80802', city: 'München', similarity: 0.71 }],
  ...over,
});

/** what the list "Importe" gets: an import without the file's headers and mapping */
const summaryOf = ({ headers: _headers, columns: _columns, ...summary }: LegacyImport): LegacyImportSummary => summary;

function handlers(imp = legacyImport()) {
  const calls: { method: string; url: string; body: unknown }[] = [];
  let listed = [summaryOf(imp)];
  let current = imp;
  const record = async (request: Request) => {
    const url = new URL(request.url);
    calls.push({ method: request.method, url: url.pathname + url.search, body: await request.json().catch(() => null) });
  };
  return {
    calls,
    handlers: [
      http.get('*/api/admin/legacy-imports', () => HttpResponse.json({ items: listed })),
      http.delete('*/api/admin/legacy-imports/:id', async ({ request, params }) => {
        await record(request);
        listed = listed.filter((i) => i.id !== Number(params.id));
        return new HttpResponse(null, { status: 204 });
      }),
      http.get('*/api/admin/legacy-imports/:id', () => HttpResponse.json(current)),
      http.get('*/api/admin/legacy-imports/:id/rows', async ({ request }) => {
        await record(request);
        const state = new URL(request.url).searchParams.get('state');
        const items =
          state === 'error'
            ? [
                row({
                  id: 2,
                  rowNo: 3,
                  state: 'error',
                  errors: { postalCode: 'Die PLZ „8080“ hat nicht genau 5 Ziffern.' },
                  matchKind: 'none',
                  facility: null,
                  candidates: [],
                }),
              ]
            : [row()];
        return HttpResponse.json({ items, total: items.length, page: 1, pageSize: 100 });
      }),
      http.put('*/api/admin/legacy-imports/:id/rows/:rowId/match', async ({ request }) => {
        await record(request);
        return HttpResponse.json(row({ matchKind: 'manual', facility: null }));
      }),
      http.post('*/api/admin/legacy-imports/:id/commit', async ({ request }) => {
        await record(request);
        current = legacyImport({ state: 'committed', created: { facilities: 1, seasons: 1, enrolments: 1, awards: 1 }, plan: null });
        return HttpResponse.json(current);
      }),
    ],
  };
}

describe('/verwaltung/datenpflege/migration-alte-manuelle-daten', () => {
  it('offers the file field "Datei" and lists the imports in the table "Importe" with state and counts', async () => {
    const { handlers: h } = handlers(legacyImport({ state: 'committed' }));
    await renderRoute('/verwaltung/datenpflege/migration-alte-manuelle-daten', { user: users.admin(), handlers: h });
    expect(screen.getByLabelText('Datei')).toHaveAttribute('type', 'file');
    const table = screen.getByRole('table', { name: 'Importe' });
    const line = within(table).getByRole('row', { name: /alte-daten\.csv/ });
    expect(line).toHaveTextContent('Alex Admin');
    expect(line).toHaveTextContent('importiert');
    expect(within(line).getByRole('link', { name: 'alte-daten.csv' })).toHaveAttribute(
      'href',
      '/verwaltung/datenpflege/migration-alte-manuelle-daten/listenansicht?importId=7',
    );
  });

  it('the list view shows the rows, filters by state, fixes a match to "neu anlegen" and imports', async () => {
    const { handlers: h, calls } = handlers();
    const { user } = await renderRoute('/verwaltung/datenpflege/migration-alte-manuelle-daten/listenansicht?importId=7', {
      user: users.admin(),
      handlers: h,
    });
    const table = await screen.findByRole('table', { name: 'Zeilen der Datei' });
    expect(await within(table).findByText('Kinderhaus Sonnenschein Süd (80802 München)')).toBeInTheDocument();
    await user.selectOptions(screen.getByRole('combobox', { name: 'KiTa für Zeile 2' }), 'neu anlegen');
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'PUT')).toMatchObject({ url: '/api/admin/legacy-imports/7/rows/1/match', body: { facilityId: null } }),
    );
    await user.selectOptions(screen.getByRole('combobox', { name: 'Zustand' }), 'Fehler');
    expect(await within(table).findByText('PLZ: Die PLZ „8080“ hat nicht genau 5 Ziffern.')).toBeInTheDocument();
    expect(calls.some((c) => c.url.includes('state=error'))).toBe(true);
    await user.click(screen.getByRole('button', { name: 'Importieren' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Importieren?' })).getByRole('button', { name: 'Ja, importieren' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST' && c.url === '/api/admin/legacy-imports/7/commit')).toBe(true));
  });

  it('given a preview, says before the commit what "Importieren" creates, in correct German, asks to confirm it, and reports the same counts with the focus on the result', async () => {
    const { handlers: h, calls } = handlers(
      legacyImport({ plan: { facilities: 12, seasons: 1, enrolments: 33, awards: 21, seasonLabels: ['KiTa-Jahr 2018/19'] } }),
    );
    const { user } = await renderRoute('/verwaltung/datenpflege/migration-alte-manuelle-daten/listenansicht?importId=7', {
      user: users.admin(),
      handlers: h,
    });
    const planned = '„Importieren“ legt an: 12 neue KiTas, 1 neues KiTa-Jahr, 33 Anmeldungen und 21 Auszeichnungen.';
    expect(await screen.findByText(planned)).toBeInTheDocument();
    expect(screen.getByText(/Neue KiTa-Jahre werden als abgeschlossene frühere KiTa-Jahre angelegt: KiTa-Jahr 2018\/19\./)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Importieren' }));
    const dialog = await screen.findByRole('dialog', { name: 'Importieren?' });
    expect(within(dialog).getByText(planned)).toBeInTheDocument();
    // "Abbrechen" imports nothing
    await user.click(within(dialog).getByRole('button', { name: 'Abbrechen' }));
    expect(calls.some((c) => c.url.endsWith('/commit'))).toBe(false);
    await user.click(screen.getByRole('button', { name: 'Importieren' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Importieren?' })).getByRole('button', { name: 'Ja, importieren' }));
    const result = await screen.findByText(/Importiert: 1 neue KiTa, 1 neues KiTa-Jahr, 1 Anmeldung und 1 Auszeichnung\./, { selector: 'p' });
    await waitFor(() => expect(result).toHaveFocus());
    expect(screen.queryByText(planned)).toBeNull();
  });

  it.each([
    ['preview', 'wird übernommen'],
    ['committed', 'übernommen'],
    ['undone', 'rückgängig gemacht'],
  ] as const)('given an import in state %s, a good row, its count and the filter read "%s"', async (state, label) => {
    const { handlers: h } = handlers(legacyImport({ state }));
    await renderRoute('/verwaltung/datenpflege/migration-alte-manuelle-daten/listenansicht?importId=7', { user: users.admin(), handlers: h });
    const table = await screen.findByRole('table', { name: 'Zeilen der Datei' });
    const line = await within(table).findByRole('row', { name: /Kinderhaus Sonnenschein Süd/ });
    expect(within(line).getByText(label, { exact: true })).toBeInTheDocument();
    expect(screen.getByText(new RegExp(`3 Zeilen: 1 ${label}, 1 Fehler, 1 doppelt\\.`))).toBeInTheDocument();
    expect(within(screen.getByRole('combobox', { name: 'Zustand' })).getByRole('option', { name: label })).toHaveValue('accepted');
  });

  it('given a preview with three good rows, the counts line says "3 werden übernommen"', async () => {
    const { handlers: h } = handlers(legacyImport({ counts: { total: 4, accepted: 3, error: 1, duplicate: 0, skipped: 0 } }));
    await renderRoute('/verwaltung/datenpflege/migration-alte-manuelle-daten/listenansicht?importId=7', { user: users.admin(), handlers: h });
    expect(await screen.findByText(/4 Zeilen: 3 werden übernommen, 1 Fehler, 0 doppelt\./)).toBeInTheDocument();
  });

  it('given an import in preview, "Vorschau verwerfen" asks first, then removes it from the list and puts the focus on the heading "Importe"', async () => {
    const { handlers: h, calls } = handlers(legacyImport({ state: 'preview' }));
    const { user } = await renderRoute('/verwaltung/datenpflege/migration-alte-manuelle-daten', { user: users.admin(), handlers: h });
    const table = screen.getByRole('table', { name: 'Importe' });
    await user.click(within(table).getByRole('button', { name: 'Vorschau verwerfen: „alte-daten.csv“' }));
    const dialog = await screen.findByRole('dialog', { name: 'Vorschau verwerfen?' });
    expect(dialog).toHaveTextContent('Die Vorschau der Datei „alte-daten.csv“ wird mit ihren 3 Zeilen entfernt.');
    // the safe choice has the focus: Abbrechen changes nothing
    await user.click(within(dialog).getByRole('button', { name: 'Abbrechen' }));
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);
    await user.click(within(table).getByRole('button', { name: 'Vorschau verwerfen: „alte-daten.csv“' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Vorschau verwerfen?' })).getByRole('button', { name: 'Ja, verwerfen' }));
    await waitFor(() => expect(calls.find((c) => c.method === 'DELETE')).toMatchObject({ url: '/api/admin/legacy-imports/7' }));
    expect(await within(table).findByText('Noch keine Importe.')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('heading', { name: 'Importe' })).toHaveFocus());
  });

  it('given "Hochladen" by keyboard, the focus goes to the heading of the new import\'s mapping and the list "Importe" gains it', async () => {
    const uploaded = legacyImport({ id: 8, fileName: 'neu.csv', headers: ['Einrichtung', 'Ort'], columns: ['label', 'city'] });
    let listed: LegacyImportSummary[] = [];
    const h = [
      http.get('*/api/admin/legacy-imports', () => HttpResponse.json({ items: listed })),
      http.post('*/api/admin/legacy-imports', () => {
        listed = [summaryOf(uploaded)];
        return HttpResponse.json(uploaded, { status: 201 });
      }),
      http.get('*/api/admin/legacy-imports/:id', () => HttpResponse.json(uploaded)),
    ];
    const { user } = await renderRoute('/verwaltung/datenpflege/migration-alte-manuelle-daten', { user: users.admin(), handlers: h });
    await user.upload(screen.getByLabelText('Datei'), new File(['Einrichtung;Ort\r\nKita Eins;Fürth\r\n'], 'neu.csv', { type: 'text/csv' }));
    screen.getByRole('button', { name: 'Hochladen' }).focus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(screen.getByRole('heading', { name: 'Spaltenzuordnung' })).toHaveFocus());
    expect(await within(screen.getByRole('table', { name: 'Importe' })).findByRole('link', { name: 'neu.csv' })).toBeInTheDocument();
  });

  it('given a file without the columns PLZ and KiTa-Jahr, "Vorschau anzeigen" says next to the mapping which are missing and what to do, focused, and stays', async () => {
    const imp = legacyImport({ headers: ['Einrichtung', 'Ort'], columns: ['label', 'city'] });
    const message =
      'Diesen Feldern ist keine Spalte der Datei zugeordnet: PLZ, KiTa-Jahr. Ohne sie lässt sich keine Zeile einer KiTa und einem KiTa-Jahr zuordnen. Steht die Angabe in einer Spalte der Datei, wähle bei dieser Spalte das Feld. Hat die Datei keine solche Spalte, ergänze sie in der Datei (eine Spalte je Angabe, mit Überschrift) und lade die Datei noch einmal hoch.';
    const h = [
      http.get('*/api/admin/legacy-imports', () => HttpResponse.json({ items: [] })),
      http.post('*/api/admin/legacy-imports', () => HttpResponse.json(imp, { status: 201 })),
      http.get('*/api/admin/legacy-imports/:id', () => HttpResponse.json(imp)),
      http.put('*/api/admin/legacy-imports/:id/mapping', () =>
        HttpResponse.json({ reason: { code: 'validation_failed', message } }, { status: 400 }),
      ),
    ];
    const { user, router } = await renderRoute('/verwaltung/datenpflege/migration-alte-manuelle-daten', { user: users.admin(), handlers: h });
    await user.upload(screen.getByLabelText('Datei'), new File(['Einrichtung;Ort\r\n'], 'ohne-plz.csv', { type: 'text/csv' }));
    await user.click(screen.getByRole('button', { name: 'Hochladen' }));
    const mapping = await screen.findByRole('region', { name: 'Spaltenzuordnung' });
    await user.click(within(mapping).getByRole('button', { name: 'Vorschau anzeigen' }));
    const said = await within(mapping).findByRole('alert');
    expect(said).toHaveTextContent(message);
    await waitFor(() => expect(said).toHaveFocus());
    expect(router.state.location.pathname).toBe('/verwaltung/datenpflege/migration-alte-manuelle-daten');
    // choosing a field again clears it
    await user.selectOptions(within(mapping).getByRole('combobox', { name: 'Feld für Spalte „Ort“' }), 'PLZ');
    expect(within(mapping).queryByRole('alert')).toBeNull();
  });

  it('given a row in error, "Korrigieren" opens its fields with what is wrong, sends the corrected cells, keeps the dialog while the row is still wrong, and gives the focus back', async () => {
    const bad = row({
      id: 2,
      rowNo: 3,
      state: 'error',
      label: 'Kita Fehlerhaft',
      postalCode: '8080',
      errors: { postalCode: 'Die PLZ „8080“ hat nicht genau 5 Ziffern. Trag die fünfstellige PLZ der KiTa ein.' },
      fields: { label: 'Kita Fehlerhaft', postalCode: '8080', season: '2021-22' },
      matchKind: 'none',
      facility: null,
      candidates: [],
    });
    const sent: unknown[] = [];
    const h = [
      http.get('*/api/admin/legacy-imports/:id', () => HttpResponse.json(legacyImport())),
      http.get('*/api/admin/legacy-imports/:id/rows', () => HttpResponse.json({ items: [bad], total: 1, page: 1, pageSize: 100 })),
      http.put('*/api/admin/legacy-imports/:id/rows/:rowId', async ({ request, params }) => {
        const body = (await request.json()) as { fields: Record<string, string> };
        sent.push({ rowId: params.rowId, ...body });
        return body.fields.postalCode === '80802'
          ? HttpResponse.json(row({ ...bad, state: 'accepted', errors: {}, postalCode: '80802', fields: body.fields, matchKind: 'new' }))
          : HttpResponse.json(
              row({ ...bad, fields: body.fields, errors: { postalCode: `Die PLZ „${body.fields.postalCode}“ hat nicht genau 5 Ziffern.` } }),
            );
      }),
      http.put('*/api/admin/legacy-imports/:id/rows/:rowId/skip', async ({ request }) => {
        sent.push(await request.json());
        return HttpResponse.json(row({ ...bad, state: 'skipped' }));
      }),
    ];
    const { user } = await renderRoute('/verwaltung/datenpflege/migration-alte-manuelle-daten/listenansicht?importId=7', {
      user: users.admin(),
      handlers: h,
    });
    const table = await screen.findByRole('table', { name: 'Zeilen der Datei' });
    const fix = await within(table).findByRole('button', { name: 'Korrigieren' });
    // the button reads as it is named and says which row it acts on
    expect(fix).toHaveAccessibleDescription('Zeile 3: Kita Fehlerhaft (8080 München)');
    expect(screen.getByText(/berichtigst du mit „Korrigieren“/)).toBeInTheDocument();
    await user.click(fix);
    const dialog = await screen.findByRole('dialog', { name: 'Zeile 3 korrigieren' });
    const plz = within(dialog).getByRole('textbox', { name: 'PLZ (Spalte „PLZ“)' });
    expect(plz).toHaveValue('8080');
    expect(plz).toHaveAccessibleDescription(/Die PLZ „8080“ hat nicht genau 5 Ziffern\. Trag die fünfstellige PLZ der KiTa ein\./);
    await user.clear(plz);
    await user.type(plz, '808');
    await user.click(within(dialog).getByRole('button', { name: 'Speichern und prüfen' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Die Zeile hat noch Fehler.');
    expect(plz).toHaveAccessibleDescription(/Die PLZ „808“ hat nicht genau 5 Ziffern\./);
    await user.clear(plz);
    await user.type(plz, '80802');
    await user.click(within(dialog).getByRole('button', { name: 'Speichern und prüfen' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Zeile 3 korrigieren' })).toBeNull());
    expect(sent.at(-1)).toEqual({ rowId: '2', fields: { label: 'Kita Fehlerhaft', postalCode: '80802', season: '2021-22' } });
    await waitFor(() => expect(within(table).getByRole('button', { name: 'Korrigieren' })).toHaveFocus());
    await user.click(within(table).getByRole('button', { name: 'Überspringen' }));
    await waitFor(() => expect(sent.at(-1)).toEqual({ skipped: true }));
  });

  it('given a preview, "Andere KiTa suchen" finds any KiTa of the portal by name and assigns it to the row', async () => {
    const { handlers: h, calls } = handlers();
    const search = http.get('*/api/admin/facilities', ({ request }) => {
      const q = new URL(request.url).searchParams.get('q') ?? '';
      const items = q.includes('Wald') ? [adminFacilityItem(44, 'Waldkindergarten Eiche', { postalCode: '91054', city: 'Erlangen' })] : [];
      return HttpResponse.json({ items, total: items.length, page: 1, pageSize: 8 });
    });
    const { user } = await renderRoute('/verwaltung/datenpflege/migration-alte-manuelle-daten/listenansicht?importId=7', {
      user: users.admin(),
      handlers: [search, ...h],
    });
    const table = await screen.findByRole('table', { name: 'Zeilen der Datei' });
    await user.click(await within(table).findByRole('button', { name: 'Andere KiTa suchen' }));
    const dialog = await screen.findByRole('dialog', { name: 'KiTa für Zeile 2 suchen' });
    await user.type(within(dialog).getByLabelText('KiTa im Portal', { selector: 'input' }), 'Wald');
    await user.click(await screen.findByRole('option', { name: 'Waldkindergarten Eiche (91054 Erlangen)' }));
    await user.click(within(dialog).getByRole('button', { name: 'Zuordnen' }));
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'PUT')).toMatchObject({ url: '/api/admin/legacy-imports/7/rows/1/match', body: { facilityId: 44 } }),
    );
  });

  it('given an imported or undone import, offers no "Vorschau verwerfen"', async () => {
    const { handlers: h } = handlers(legacyImport({ state: 'committed' }));
    await renderRoute('/verwaltung/datenpflege/migration-alte-manuelle-daten', { user: users.admin(), handlers: h });
    const table = screen.getByRole('table', { name: 'Importe' });
    expect(within(table).queryByRole('button', { name: /verwerfen/ })).toBeNull();
  });
});

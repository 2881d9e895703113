import { fireEvent, screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { adminFacilityItem, adminSeason } from '../../../testing/factories/admin';
import { users } from '../../../testing/factories/users';
import { renderRoute, waitForIdle } from '../../../testing/render';

function listHandlers(total = 60) {
  const queries: URLSearchParams[] = [];
  const handlers = [
    http.get('*/api/admin/seasons/choices', () =>
      HttpResponse.json({ items: [adminSeason(), adminSeason({ id: 1, identifier: '2025-26', isCurrent: false })] }),
    ),
    http.get('*/api/admin/facilities', ({ request }) => {
      const params = new URL(request.url).searchParams;
      queries.push(params);
      const page = Number(params.get('page'));
      const size = Number(params.get('pageSize'));
      return HttpResponse.json({
        items: [
          adminFacilityItem(page * 100 + 1, `KiTa Seite ${page}`),
          adminFacilityItem(page * 100 + 2, 'Kinderhaus Übersee', { isEnrolled: false }),
        ],
        total,
        page,
        pageSize: size,
      });
    }),
  ];
  return { handlers, queries, last: () => Object.fromEntries(queries.at(-1) ?? []) };
}

describe('/verwaltung/kitas', () => {
  it('asks the server for the first page sorted by name and shows the rows with a caption', async () => {
    const { handlers, last } = listHandlers();
    await renderRoute('/verwaltung/kitas', { user: users.admin(), handlers });
    expect(last()).toEqual({ page: '1', pageSize: '25', sort: 'label', dir: 'asc' });
    expect(screen.getByRole('table', { name: 'Alle KiTas' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'KiTa Seite 1' })).toHaveAttribute('href', '/verwaltung/kitas/101');
    expect(screen.getByText('1–25 von 60')).toBeInTheDocument();
  });

  it('paging, page size, sorting, search and filters drive the query string and the URL', async () => {
    const { handlers, last } = listHandlers();
    const { user, router } = await renderRoute('/verwaltung/kitas', { user: users.admin(), handlers });

    await user.click(screen.getByRole('button', { name: 'Seite 2' }));
    await waitFor(() => expect(last()).toMatchObject({ page: '2' }));
    expect(router.state.location.search).toMatchObject({ page: 2 });

    await user.click(screen.getByRole('button', { name: 'Nach Ort sortieren' }));
    await waitFor(() => expect(last()).toMatchObject({ page: '1', sort: 'city', dir: 'asc' }));
    await user.click(screen.getByRole('button', { name: 'Nach Ort sortieren' }));
    await waitFor(() => expect(last()).toMatchObject({ sort: 'city', dir: 'desc' }));

    await user.selectOptions(screen.getByRole('combobox', { name: 'Zeilen pro Seite' }), 'Alle');
    await waitFor(() => expect(last()).toMatchObject({ pageSize: '0' }));

    fireEvent.change(screen.getByRole('searchbox', { name: /Suche/ }), { target: { value: '804' } });
    await waitFor(() => expect(last()).toMatchObject({ q: '804', page: '1' }));

    await user.selectOptions(screen.getByRole('combobox', { name: 'Regierungsbezirk' }), 'Schwaben');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Art' }), 'Hort');
    await user.selectOptions(screen.getByRole('combobox', { name: 'KiTa-Jahr' }), 'nicht angemeldet zu 2025/26');
    await user.click(screen.getByRole('checkbox', { name: 'Stammdaten unvollständig' }));
    await waitFor(() =>
      expect(last()).toEqual({
        q: '804',
        region: 'Schwaben',
        kind: 'Hort',
        enrolledSeasonId: '1',
        enrolled: 'no',
        incomplete: 'yes',
        sort: 'city',
        dir: 'desc',
        page: '1',
        pageSize: '0',
      }),
    );
    await waitForIdle(router);
    expect(router.state.location.search).toEqual({
      q: '804',
      region: 'Schwaben',
      kind: 'Hort',
      enrolledSeasonId: 1,
      enrolled: 'no',
      incomplete: 'yes',
      sort: 'city',
      dir: 'desc',
      pageSize: 0,
    });
  });

  it('opens a bookmarked, filtered list as it was shared', async () => {
    const { handlers, last } = listHandlers();
    await renderRoute('/verwaltung/kitas?region=Oberfranken&q=Bamberg&page=3&sort=postalCode&dir=desc&kind=kaputt', {
      user: users.admin(),
      handlers,
    });
    // the broken kind is dropped on its own; the rest stays
    expect(last()).toEqual({ q: 'Bamberg', region: 'Oberfranken', sort: 'postalCode', dir: 'desc', page: '3', pageSize: '25' });
    expect(screen.getByRole('searchbox', { name: /Suche/ })).toHaveValue('Bamberg');
    expect(screen.getByRole('combobox', { name: 'Regierungsbezirk' })).toHaveValue('Oberfranken');
  });

  it('export links carry the filters and sort but no page', async () => {
    const { handlers } = listHandlers();
    await renderRoute('/verwaltung/kitas?region=Unterfranken&enrolledSeasonId=2&q=W%C3%BCrzburg&page=2&sort=city', {
      user: users.admin(),
      handlers,
    });
    const xlsx = new URL(screen.getByRole('link', { name: 'Als Excel (XLSX) exportieren' }).getAttribute('href')!, 'http://x');
    const csv = new URL(screen.getByRole('link', { name: 'Als CSV (Excel) exportieren' }).getAttribute('href')!, 'http://x');
    expect(xlsx.pathname).toBe('/api/admin/facilities/export.xlsx');
    expect(csv.pathname).toBe('/api/admin/facilities/export.csv');
    for (const url of [xlsx, csv]) {
      expect(Object.fromEntries(url.searchParams)).toEqual({
        q: 'Würzburg',
        region: 'Unterfranken',
        enrolledSeasonId: '2',
        enrolled: 'yes',
        sort: 'city',
        dir: 'asc',
      });
    }
  });
});

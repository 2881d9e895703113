import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { LegacyImport } from '../../../shared/contracts/legacy-imports';
import { server } from '../../../testing/msw-server';
import { uploadLegacyFile } from './upload-legacy-file';

const created: LegacyImport = {
  id: 9,
  fileName: 'Übersicht.csv',
  state: 'preview',
  createdAt: '2026-11-20T09:30:00.000Z',
  createdBy: 'Alex Admin',
  committedAt: null,
  undoneAt: null,
  headers: ['KiTa-Name', 'PLZ', 'KiTa-Jahr'],
  columns: ['label', 'postalCode', 'season'],
  counts: { total: 1, accepted: 1, error: 0, duplicate: 0, skipped: 0 },
  created: { facilities: 0, seasons: 0, enrolments: 0, awards: 0 },
  plan: { facilities: 0, seasons: 0, enrolments: 1, awards: 0, seasonLabels: [] },
  keptFacilities: [],
};

describe('uploadLegacyFile', () => {
  afterEach(() => vi.restoreAllMocks());

  it('given a file, sends it as multipart/form-data in the field datei with its name', async () => {
    const append = vi.spyOn(FormData.prototype, 'append');
    const contentTypes: (string | null)[] = [];
    server.use(
      http.post('*/api/admin/legacy-imports', ({ request }) => {
        contentTypes.push(request.headers.get('content-type'));
        return HttpResponse.json(created, { status: 201 });
      }),
    );
    const file = new File(['KiTa-Name;PLZ;KiTa-Jahr\r\nKita Eins;80331;2016-17\r\n'], 'Übersicht.csv', { type: 'text/csv' });
    await expect(uploadLegacyFile(file, () => undefined)).resolves.toEqual(created);
    // the form holds the file alone, in the field datei, under its own name (msw's XHR proxy cannot read jsdom's File)
    expect(append.mock.calls).toEqual([['datei', file, 'Übersicht.csv']]);
    expect(contentTypes).toEqual([expect.stringMatching(/^multipart\/form-data; boundary=/)]);
  });

  it('given the server refuses the file, rejects with its German message', async () => {
    const message = 'Bitte lade genau eine Datei auf einmal hoch.';
    server.use(http.post('*/api/admin/legacy-imports', () => HttpResponse.json({ reason: { message, code: 'validation_failed' } }, { status: 400 })));
    await expect(uploadLegacyFile(new File(['x'], 'alt.csv'), () => undefined)).rejects.toThrow(message);
  });
});

import { http, HttpResponse } from 'msw';
import { formProblems, type AutosaveInput, type AutosaveResult, type DocumentationForm } from '../../shared/contracts/documentation';
import { fileTypeLabels, mimeTypesOf } from '../../shared/contracts/documentation-template';
import { buildDocumentationForm, buildUploadedFile } from '../factories/documentation';

const reason = (status: number, code: string, message: string, fields?: Record<string, string>) =>
  HttpResponse.json({ reason: { code, message, ...(fields ? { fields } : {}) } }, { status });

/** the content type by magic bytes, as the server decides (never by the name) */
function sniff(bytes: Uint8Array): string | null {
  const at = (i: number) => bytes[i] ?? -1;
  if (at(0) === 0xff && at(1) === 0xd8 && at(2) === 0xff) return 'image/jpeg';
  if (at(0) === 0x89 && at(1) === 0x50 && at(2) === 0x4e && at(3) === 0x47) return 'image/png';
  if (at(0) === 0x25 && at(1) === 0x50 && at(2) === 0x44 && at(3) === 0x46) return 'application/pdf';
  return null;
}

/**
 * A small in-memory fake of the staff documentation API (issue 12) that behaves like the server: autosave stores only
 * the keys sent and refuses keys a colleague changed after `baseVersion` (`conflicts`) unless named in `overwrite`;
 * "Einreichen" checks the version and every gap; uploads are checked by content. `store.form` is the server's state
 * (a test may change it, e.g. to play a colleague), `store.saves` every autosave body received.
 *
 *   const { handlers, store } = documentationHandlers({ answers: {} });
 *   await renderRoute('/dokumentationsbogen', { user: users.oneEnrolled(), handlers });
 */
export function documentationHandlers(overrides: Partial<DocumentationForm> = {}, options: { savedBy?: string } = {}) {
  const store = { form: buildDocumentationForm(overrides), saves: [] as AutosaveInput[], submits: [] as number[], nextFileId: 100 };
  const savedBy = options.savedBy ?? 'Erika Muster';
  const base = '*/api/facilities/:facilityId/documentation';
  const closed = () =>
    reason(
      409,
      'form_locked',
      `Der Dokumentationsbogen ist ${store.form.state === 'draft' ? 'gesperrt' : 'eingereicht'} und lässt sich nicht mehr ändern.`,
    );

  const handlers = [
    http.get(base, () => HttpResponse.json(store.form)),
    http.put(base, async ({ request }) => {
      const input = (await request.json()) as AutosaveInput;
      store.saves.push(input);
      if (!store.form.editable) return closed();
      const conflicts: string[] = [];
      const version = store.form.version + 1;
      const answers = { ...store.form.answers };
      const answerVersions = { ...store.form.answerVersions };
      for (const [key, value] of Object.entries(input.answers)) {
        if (!(input.overwrite ?? []).includes(key) && (answerVersions[key] ?? 0) > input.baseVersion) conflicts.push(key);
        else {
          answers[key] = value;
          answerVersions[key] = version;
        }
      }
      if (conflicts.length < Object.keys(input.answers).length)
        store.form = { ...store.form, answers, answerVersions, version, savedAt: new Date().toISOString(), savedBy };
      // like the server: only what changed after baseVersion
      const f = store.form;
      const changed = Object.keys(f.answerVersions).filter((k) => (f.answerVersions[k] ?? 0) > input.baseVersion && k in f.answers);
      const result: AutosaveResult = {
        version: f.version,
        state: f.state,
        savedAt: f.savedAt,
        savedBy: f.savedBy,
        answers: Object.fromEntries(changed.map((k) => [k, f.answers[k]!])),
        answerVersions: Object.fromEntries(changed.map((k) => [k, f.answerVersions[k]!])),
        conflicts,
      };
      return HttpResponse.json(result);
    }),
    http.post(`${base}/submit`, async ({ request }) => {
      const { version } = (await request.json()) as { version: number };
      store.submits.push(version);
      if (!store.form.editable) return closed();
      if (version !== store.form.version) return reason(409, 'conflict', 'Jemand hat den Bogen inzwischen geändert. Lade die Seite neu.');
      const counts: Record<string, number> = {};
      for (const f of store.form.files) counts[f.questionKey] = (counts[f.questionKey] ?? 0) + 1;
      const fields = formProblems(store.form.sections, store.form.answers, counts, 'submit');
      if (Object.keys(fields).length > 0)
        return reason(400, 'validation_failed', 'Bitte beantworte zuerst alle Pflichtfragen. Die erste offene Frage ist markiert.', fields);
      const at = new Date().toISOString();
      store.form = {
        ...store.form,
        state: 'submitted',
        editable: false,
        notEditableReason: null,
        submittedAt: at,
        version: store.form.version + 1,
        history: [...store.form.history, { state: 'submitted', at, by: savedBy, comment: '' }],
      };
      return HttpResponse.json(store.form);
    }),
    http.post(`${base}/files`, async ({ request }) => {
      const url = new URL(request.url);
      const questionKey = url.searchParams.get('questionKey') ?? '';
      const name = url.searchParams.get('name') ?? '';
      const bytes = new Uint8Array(await request.arrayBuffer());
      const question = store.form.sections.flatMap((s) => s.questions).find((q) => q.key === questionKey);
      if (!question || question.kind !== 'files') return reason(400, 'validation_failed', 'Zu dieser Frage lassen sich keine Dateien hochladen.');
      const type = sniff(bytes);
      if (!type || !question.fileTypes.some((t) => mimeTypesOf[t].includes(type)))
        return reason(
          400,
          'wrong_file_type',
          `Diese Datei ist kein erlaubter Dateityp (erlaubt: ${question.fileTypes.map((t) => fileTypeLabels[t]).join(', ')}). Ihr Inhalt zählt, nicht ihr Name.`,
        );
      if (bytes.length > store.form.limits.fileBytes) return reason(413, 'file_too_large', 'Diese Datei ist zu groß (höchstens 10 MB).');
      const file = buildUploadedFile({
        id: store.nextFileId++,
        questionKey,
        name,
        contentType: type,
        size: bytes.length,
        uploadedAt: new Date().toISOString(),
      });
      store.form = {
        ...store.form,
        files: [...store.form.files, file],
        limits: { ...store.form.limits, usedBytes: store.form.limits.usedBytes + bytes.length },
      };
      return HttpResponse.json(file, { status: 201 });
    }),
    http.delete(`${base}/files/:fileId`, ({ params }) => {
      const id = Number(params.fileId);
      if (!store.form.files.some((f) => f.id === id)) return reason(404, 'not_found', 'Diese Datei gibt es nicht (mehr).');
      store.form = { ...store.form, files: store.form.files.filter((f) => f.id !== id) };
      return new HttpResponse(null, { status: 204 });
    }),
  ];
  return { handlers, store };
}

/**
 * Every mail's text lives in a template registered here by name; modules add their own with
 * `defineMailTemplate` (at import time) and enqueue by that name. German, du-form, plain text AND HTML.
 */
export type MailContext = {
  programmeName: string;
  supportEmail: string;
  supportPhone: string;
  publicUrl: string;
  /** absolute link from a path: link('/aktivieren/ct…') → https://portal.example/aktivieren/ct… */
  link: (path: string) => string;
  /**
   * true while the worker renders a mail again because the attachment of this source could not be built (it threw
   * AttachmentUnavailableError): the template says so in its text; the worker leaves the attachment out
   */
  attachmentMissing?: (source: string) => boolean;
};

/** a file sent with the mail (an .ics invitation); built by the template from its data, so nothing binary waits in the outbox */
export type MailAttachment = { filename: string; contentType: string; content: string };
/**
 * A file the worker builds when it sends (a PDF read from the database and the file storage): the template names a
 * source the app registered in `app.mail.attachmentSources` and the JSON that source needs, so nothing binary waits
 * in the outbox either.
 */
export type MailAttachmentFromSource = { filename: string; contentType: string; source: string; sourceData: Record<string, unknown> };
export type AttachmentSources = Map<string, (data: Record<string, unknown>) => Promise<Buffer>>;
/**
 * Thrown by an attachment source whose file cannot be made, now or later (a PDF whose photo breaks the renderer):
 * the mail goes out without it instead of failing. Any other error of a source is a failed attempt (retried).
 */
export class AttachmentUnavailableError extends Error {}
export type RenderedMail = { subject: string; text: string; html: string; attachments?: (MailAttachment | MailAttachmentFromSource)[] };
export type MailTemplate<D> = (data: D, ctx: MailContext) => RenderedMail;

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- each template checks its own data
const registry = new Map<string, MailTemplate<any>>();

export function defineMailTemplate<D extends Record<string, unknown>>(name: string, render: MailTemplate<D>): string {
  const existing = registry.get(name);
  if (existing && existing !== render) throw new Error(`Mail template "${name}" is defined twice.`);
  registry.set(name, render);
  return name;
}

export const hasMailTemplate = (name: string) => registry.has(name);
/** every registered template's name (tests check each one's texts) */
export const mailTemplateNames = () => [...registry.keys()];

export function renderMail(name: string, data: unknown, ctx: MailContext): RenderedMail {
  const render = registry.get(name);
  if (!render) throw new UnknownTemplateError(`Unknown mail template "${name}".`);
  return render(data, ctx);
}

export class UnknownTemplateError extends Error {}

export function mailContext(config: { programmeName: string; supportEmail: string; supportPhone: string; publicUrl: string }): MailContext {
  return {
    programmeName: config.programmeName,
    supportEmail: config.supportEmail,
    supportPhone: config.supportPhone,
    publicUrl: config.publicUrl,
    link: (p) => `${config.publicUrl}${p.startsWith('/') ? '' : '/'}${p}`,
  };
}

/**
 * Text that someone other than the programme typed (a KiTa's name, a staff entry's name, a message), for a mail's
 * body only — never its subject or a link (issue 18): one line, at most `max` characters, and whatever looks like an
 * address defanged (`evil.example` → `evil[.]example`, `https://` → `https[:]//`), so no mail program turns it
 * into a link that seems to come from us. The layout escapes it for HTML like every text.
 */
export function typed(value: string | null | undefined, max = 120): string {
  const line = (value ?? '')
    // eslint-disable-next-line no-control-regex -- control and bidi characters are what we remove
    .replace(/[\u0000-\u001f\u007f-\u009f\u200b-\u200f\u202a-\u202e\u2066-\u2069\ufeff]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  const short = line.length > max ? `${line.slice(0, max - 1)}…` : line;
  return short
    .replace(/:\/\//g, '[:]//')
    .replace(/([\p{L}\p{N}])\.(?=\p{L}{2,})/gu, '$1[.]')
    .replace(/@/g, '[at]');
}

/** "Hallo Elif," with a first name, "Hallo," without; the next paragraph starts in lower case, as a German letter does */
export const hello = (firstName?: string | null) => {
  const name = typed(firstName, 60);
  return name ? `Hallo ${name},` : 'Hallo,';
};

const escapeHtml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');

export type MailBody = {
  subject: string;
  /** "Hallo Erika," */
  greeting: string;
  paragraphs: string[];
  action?: { label: string; url: string };
  /** after the button, e.g. "Der Link gilt 48 Stunden." */
  after?: string[];
};

/** One look for every mail: greeting, paragraphs, an optional button (plus the bare link), signature with support. */
export function layout(body: MailBody, ctx: MailContext): RenderedMail {
  // signed by the programme (PROGRAMME_NAME), not by the portal software
  const signature = ['Viele Grüße', ctx.programmeName];
  const support = `Fragen? Schreib uns an ${ctx.supportEmail} oder ruf an: ${ctx.supportPhone}.`;
  const text = [
    body.greeting,
    '',
    ...body.paragraphs.flatMap((p) => [p, '']),
    ...(body.action ? [`${body.action.label}:`, body.action.url, ''] : []),
    ...(body.after ?? []).flatMap((p) => [p, '']),
    ...signature,
    '',
    '-- ',
    support,
    ctx.publicUrl,
  ].join('\n');
  const p = (s: string) => `<p style="margin:0 0 16px">${escapeHtml(s)}</p>`;
  const button = body.action
    ? `<p style="margin:24px 0"><a href="${escapeHtml(body.action.url)}" style="background:#2f7d32;color:#fff;padding:12px 20px;border-radius:6px;text-decoration:none;display:inline-block">${escapeHtml(body.action.label)}</a></p>` +
      `<p style="margin:0 0 16px;font-size:13px;color:#555">Falls der Knopf nicht geht, kopiere diesen Link in deinen Browser:<br><a href="${escapeHtml(body.action.url)}">${escapeHtml(body.action.url)}</a></p>`
    : '';
  const html = `<!doctype html>
<html lang="de"><head><meta charset="utf-8"><title>${escapeHtml(body.subject)}</title></head>
<body style="font-family:Arial,Helvetica,sans-serif;font-size:15px;line-height:1.5;color:#222;max-width:600px;margin:0 auto;padding:24px">
${p(body.greeting)}
${body.paragraphs.map(p).join('\n')}
${button}
${(body.after ?? []).map(p).join('\n')}
<p style="margin:24px 0 16px">${signature.map(escapeHtml).join('<br>')}</p>
<hr style="border:none;border-top:1px solid #ddd">
<p style="font-size:13px;color:#555">${escapeHtml(support)}<br><a href="${escapeHtml(ctx.publicUrl)}">${escapeHtml(ctx.publicUrl)}</a></p>
</body></html>`;
  return { subject: body.subject, text, html };
}

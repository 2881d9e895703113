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

const escapeHtml = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');

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
  const signature = [`Viele Grüße`, `dein Team von ${ctx.programmeName}`];
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

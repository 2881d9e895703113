import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createPdfRenderer, type PdfRenderer, type PdfRendererOptions } from '../lib/pdf-pool';

/**
 * `app.pdf`: renders PDFs in worker threads (server/lib/pdf-pool.ts has the API), so a PDF that cannot be built fails
 * its caller instead of the process. Its threads end when the app closes.
 */
declare module 'fastify' {
  interface FastifyInstance {
    pdf: PdfRenderer;
  }
}

async function pdfPlugin(app: FastifyInstance, opts: PdfRendererOptions) {
  const renderer = createPdfRenderer(opts);
  app.decorate('pdf', renderer);
  // after the mail worker stopped (onClose hooks run in reverse order of registration): its last send may need a PDF
  app.addHook('onClose', async () => renderer.close());
}

export default fp(pdfPlugin, { name: 'pdf' });

import { serverModule } from '../../lib/server-module';
import { copyCertificateTemplateToSeason } from '../certificates/templates.service';
import { seasonTransitionRoutes } from './season-transition.routes';

/**
 * "Nächstes KiTa-Jahr vorbereiten" (issue 38). Besides the documentation template, the certificate template (SPEC §8)
 * goes along: certificates sits below this module and hands in its copier.
 */
export default serverModule(async (app) => {
  await app.register(seasonTransitionRoutes, { templateCopiers: [copyCertificateTemplateToSeason] });
});

import { serverModule } from '../../lib/server-module';

/**
 * The login routes need parts of modules above auth (the second factor from accounts, the session's context columns
 * from seasons): server/app.ts registers them and passes those in (docs/decisions/0009-module-boundaries.md).
 */
export default serverModule();

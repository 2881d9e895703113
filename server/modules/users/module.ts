import { serverModule } from '../../lib/server-module';

/** a library for the modules above it: no routes, no jobs */
export default serverModule();

import { accounts } from './accounts';
import { activeCampaign } from './active-campaign';
import { adminFacilities } from './admin-facilities';
import { auth } from './auth';
import { certificates } from './certificates';
import { common } from './common';
import { documentation } from './documentation';
import { emailLists } from './email-lists';
import { facilities } from './facilities';
import { health } from './health';
import { legacyImports } from './legacy-imports';
import { persons } from './persons';
import { programme } from './programme';
import { retention } from './retention';
import { seasonReport } from './season-report';
import { seasonTransition } from './season-transition';
import { seasons } from './seasons';
import { teamWorkshops } from './team-workshops';

/**
 * THE list of the modules' catalogues (errors, audit actions with their German names, audit entity types), in the
 * order of the server's layers (scripts/module-boundaries.cjs). A new module adds its file beside this one and one
 * line here; src/shared/contracts/error-codes.ts and audit-actions.ts derive everything else from this list.
 */
export const moduleCatalogues = [
  common,
  auth,
  facilities,
  persons,
  seasons,
  teamWorkshops,
  programme,
  documentation,
  legacyImports,
  accounts,
  adminFacilities,
  health,
  emailLists,
  activeCampaign,
  seasonReport,
  certificates,
  seasonTransition,
  retention,
] as const;

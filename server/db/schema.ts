// The relational query builder needs every table in one object; this is not a barrel for imports elsewhere.
import * as accounts from '../modules/accounts/accounts.table';
import * as audit from '../modules/audit/audit.table';
import * as sessions from '../modules/auth/sessions.table';
import * as facilities from '../modules/facilities/facilities.table';
import * as joinRequests from '../modules/facilities/join-requests.table';
import * as persons from '../modules/persons/persons.table';
import * as programme from '../modules/programme/programme.table';
import * as mail from '../modules/mail/mail.table';
import * as rateLimit from '../modules/rate-limit/rate-limit.table';
import * as seasons from '../modules/seasons/seasons.table';
import * as teamWorkshops from '../modules/team-workshops/team-workshops.table';
import * as users from '../modules/users/users.table';

export const schema = {
  ...users,
  ...facilities,
  ...joinRequests,
  ...persons,
  ...seasons,
  ...sessions,
  ...audit,
  ...mail,
  ...accounts,
  ...rateLimit,
  ...teamWorkshops,
  ...programme,
};

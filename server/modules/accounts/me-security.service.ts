import type { AppConfig } from '../../config';
import type { Db } from '../../db/client';
import { fail } from '../../lib/http-error';
import { audit } from '../audit/audit';
import { userSessions } from '../auth/user-sessions';
import { userQueries } from '../users/users.queries';
import type { UserRow } from '../users/users.table';
import { exportData } from './account-data.service';
import { assertPassword, sessionInfo } from './me.service';
import { throttledReauth } from './reauth';
import { beginTotpSetup, confirmTotpSetup, disableTotp, recoveryCodesLeft, regenerateRecoveryCodes, totpEnabled, totpRequired } from './totp';

// The logged-in account's sessions, second factor and data export (routes → this service → repositories).

type Deps = { db: Db; config: AppConfig };
type Meta = { ip: string; requestId: string };

export const totpMessages = {
  enabled: 'Die Zwei-Faktor-Authentifizierung ist eingerichtet. Bewahre die Wiederherstellungscodes sicher auf – sie werden nur jetzt angezeigt.',
  disabled: 'Die Zwei-Faktor-Authentifizierung ist ausgeschaltet.',
  newCodes: 'Hier sind deine neuen Wiederherstellungscodes. Die alten gelten nicht mehr.',
};

/** the whole account row (the session lookup reads only what every request needs) */
export async function ownAccount(db: Db, userId: number): Promise<UserRow> {
  const row = await userQueries({ db }).findById(userId);
  if (!row) throw fail('common.unauthenticated');
  return row;
}

export async function exportOwnData(deps: Deps, user: UserRow, currentSessionId: string | undefined, meta: Meta) {
  const data = await exportData(deps, user, currentSessionId);
  await audit(deps.db, { actorUserId: user.id, action: 'account.export_data', entityType: 'user', entityId: user.id, ...meta });
  return data;
}

export async function ownSessions(db: Db, userId: number, currentSessionId: string | undefined) {
  const rows = await userSessions(db).list(userId);
  return { items: rows.map((s) => sessionInfo(s, currentSessionId)) };
}

export async function endOtherSessions(db: Db, userId: number, currentSessionId: string | undefined, meta: Meta) {
  const ended = await userSessions(db).endAll(userId, currentSessionId);
  await audit(db, { actorUserId: userId, action: 'session.end_others', entityType: 'user', entityId: userId, ...meta, after: { ended } });
  return { ended, msg: ended === 1 ? 'Eine andere Sitzung wurde beendet.' : `${ended} andere Sitzungen wurden beendet.` };
}

export const ownTotpStatus = async (deps: Deps, user: UserRow) => ({
  enabled: await totpEnabled(deps.db, user.id),
  required: totpRequired(user, deps.config),
  recoveryCodesLeft: await recoveryCodesLeft(deps.db, user.id),
});

export async function beginOwnTotpSetup(deps: Deps, user: UserRow) {
  if (await totpEnabled(deps.db, user.id)) throw fail('me.totp_already_enabled');
  return beginTotpSetup(deps.db, user, deps.config);
}

export async function enableOwnTotp(deps: Deps, userId: number, code: string, meta: Meta) {
  if (await totpEnabled(deps.db, userId)) throw fail('me.totp_already_enabled');
  const codes = await throttledReauth(deps, userId, () => confirmTotpSetup(deps.db, userId, code, deps.config));
  if (!codes) throw fail('me.totp_invalid');
  await audit(deps.db, { actorUserId: userId, action: 'account.enable_totp', entityType: 'user', entityId: userId, ...meta });
  return { recoveryCodes: codes, msg: totpMessages.enabled };
}

export async function disableOwnTotp(deps: Deps, account: UserRow, password: string, meta: Meta) {
  if (totpRequired(account, deps.config)) throw fail('me.totp_required');
  await assertPassword(deps, account, password);
  await disableTotp(deps.db, account.id);
  await audit(deps.db, { actorUserId: account.id, action: 'account.disable_totp', entityType: 'user', entityId: account.id, ...meta });
}

export async function newOwnRecoveryCodes(deps: Deps, account: UserRow, password: string, meta: Meta) {
  await assertPassword(deps, account, password);
  if (!(await totpEnabled(deps.db, account.id))) throw fail('me.totp_not_enabled');
  const codes = await regenerateRecoveryCodes(deps.db, account.id);
  await audit(deps.db, { actorUserId: account.id, action: 'account.renew_recovery_codes', entityType: 'user', entityId: account.id, ...meta });
  return { recoveryCodes: codes, msg: totpMessages.newCodes };
}

/**
 * The audit log's actions: one catalogue for all modules, plain data (no zod) so the client's history views
 * import it cheaply.
 *
 * Naming rule: `<entity>.<verb>` — the entity is the thing that changed (snake_case: facility, person, season,
 * season_enrolment, join_request, account, session, privacy_policy, team_workshop_application), the verb says what happened to it
 * (snake_case, imperative, optionally qualified: `create_on_behalf`, `end_others`). A new action is added here
 * first; the server's `audit()` accepts nothing else.
 */
export const auditActions = [
  'facility.create',
  'facility.update',
  'facility.admin_update',
  'facility.merge_into',
  'facility.merged_away',
  'facility.remove_member',
  'join_request.create',
  'join_request.approve',
  'join_request.decline',
  'person.create',
  'person.update',
  'person.remove',
  'person.invite',
  'person.link_account',
  'season.create',
  'season.update',
  'season.enrolment_open',
  'season.enrolment_close',
  'season.make_current',
  'season_enrolment.create',
  'season_enrolment.create_on_behalf',
  'season_enrolment.update',
  'season_enrolment.update_on_behalf',
  'season_enrolment.withdraw',
  'season_enrolment.withdraw_on_behalf',
  'account.create_first_admin',
  'account.register',
  'account.activate',
  'account.reset_password',
  'account.update_profile',
  'account.request_email_change',
  'account.change_email',
  'account.change_password',
  'account.update_consents',
  'account.export_data',
  'account.delete',
  'account.enable_totp',
  'account.disable_totp',
  'account.renew_recovery_codes',
  'account.use_recovery_code',
  'account.create',
  'account.resend_activation',
  'account.deactivate',
  'account.reactivate',
  'account.grant_admin',
  'account.revoke_admin',
  'session.start',
  'session.end',
  'session.end_others',
  'session.end_all',
  'privacy_policy.publish',
  'team_workshop_application.create',
  'team_workshop_application.update',
  'team_workshop_application.withdraw',
  'team_workshop_application.accept',
  'team_workshop_application.decline',
  'team_workshop_application.schedule',
] as const;

export type AuditAction = (typeof auditActions)[number];

/** the `entity_type` column: which record `entity_id` points at (accounts are stored as 'user') */
export type AuditEntityType = 'facility' | 'person' | 'season' | 'season_enrolment' | 'user' | 'privacy_policy' | 'team_workshop_application';

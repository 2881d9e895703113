/**
 * The audit log's actions: one catalogue for all modules, plain data (no zod) so the client's history views
 * import it cheaply.
 *
 * Naming rule: `<entity>.<verb>` — the entity is the thing that changed (snake_case: facility, person, season,
 * season_enrolment, join_request, account, session, privacy_policy, team_workshop_application, training_module,
 * awarding_event, offering, offering_enrolment), the verb says what happened to it
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
  'account.grant_jury',
  'account.revoke_jury',
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
  'season_enrolment.approve_for_award',
  'season_enrolment.revoke_award_approval',
  'training_module.create',
  'training_module.update',
  'training_module.delete',
  'awarding_event.create',
  'awarding_event.update',
  'awarding_event.publish',
  'awarding_event.cancel',
  'offering.create',
  'offering.update',
  'offering.publish',
  'offering.cancel',
  'offering.copy',
  'offering_enrolment.create',
  'offering_enrolment.create_on_behalf',
  'offering_enrolment.cancel',
  'offering_enrolment.cancel_by_admin',
  'offering_enrolment.cancel_with_offering',
  'offering_enrolment.confirm',
  'offering_enrolment.mark_attended',
  'offering_enrolment.move',
  'offering_enrolment.promote',
  'documentation_template.update',
  'documentation_template.copy',
  'documentation_form.create',
  'documentation_form.submit',
  'documentation_form.approve',
  'documentation_form.return',
  'documentation_form.reject',
  'documentation_form.edit_by_admin',
  'documentation_form.upload_file',
  'documentation_form.delete_file',
  'documentation_form.review',
  'documentation_form.add_note',
  'facility.create_by_import',
  'facility.delete_by_import_undo',
  'season.create_by_import',
  'season.delete_by_import_undo',
  'legacy_import.upload',
  'legacy_import.update_mapping',
  'legacy_import.fix_match',
  'legacy_import.commit',
  'legacy_import.undo',
  'legacy_import.discard',
  'email_list.create',
  'email_list.update',
  'email_list.delete',
  'email_list.copy',
  'email_list.export',
  'active_campaign_settings.update',
  'active_campaign_run.start',
  'active_campaign_list.create',
  // issue 38: the season's end (server/modules/season-transition, server/modules/retention)
  'season.prepare_next',
  'retention.run',
  'account.delete_by_retention',
  'account.warn_by_retention',
] as const;

export type AuditAction = (typeof auditActions)[number];

/** the `entity_type` column: which record `entity_id` points at (accounts are stored as 'user') */
export type AuditEntityType =
  | 'facility'
  | 'person'
  | 'season'
  | 'season_enrolment'
  | 'user'
  | 'privacy_policy'
  | 'team_workshop_application'
  | 'training_module'
  | 'awarding_event'
  | 'offering'
  | 'offering_enrolment'
  | 'documentation_template'
  | 'documentation_form'
  | 'legacy_import'
  | 'email_list'
  | 'active_campaign_settings'
  | 'active_campaign_run'
  | 'active_campaign_list'
  | 'retention_run';

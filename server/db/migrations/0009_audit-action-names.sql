-- Custom SQL migration (issue 9): the audit log's actions follow one naming rule, <entity>.<verb>
-- (src/shared/contracts/audit-actions.ts, docs/decisions/catalogues-and-casing.md). Stored rows written under the
-- older names are renamed, so history views, the own-data export and tests read one name per action.
UPDATE "audit_log" SET "action" = m.new_name
FROM (VALUES
  ('facility.member.remove', 'facility.remove_member'),
  ('facility.join_request.create', 'join_request.create'),
  ('facility.join_request.approve', 'join_request.approve'),
  ('facility.join_request.decline', 'join_request.decline'),
  ('create_first_admin', 'account.create_first_admin'),
  ('register', 'account.register'),
  ('activate', 'account.activate'),
  ('password_reset', 'account.reset_password'),
  ('update_profile', 'account.update_profile'),
  ('request_email_change', 'account.request_email_change'),
  ('change_email', 'account.change_email'),
  ('change_password', 'account.change_password'),
  ('update_consents', 'account.update_consents'),
  ('export_own_data', 'account.export_data'),
  ('delete_account', 'account.delete'),
  ('totp_enable', 'account.enable_totp'),
  ('totp_disable', 'account.disable_totp'),
  ('totp_recovery_codes', 'account.renew_recovery_codes'),
  ('totp_recovery_code_used', 'account.use_recovery_code'),
  ('admin_create_user', 'account.create'),
  ('admin_resend_activation', 'account.resend_activation'),
  ('admin_deactivate_user', 'account.deactivate'),
  ('admin_reactivate_user', 'account.reactivate'),
  ('admin_grant_admin', 'account.grant_admin'),
  ('admin_revoke_admin', 'account.revoke_admin'),
  ('admin_end_sessions', 'session.end_all'),
  ('login', 'session.start'),
  ('logout', 'session.end'),
  ('end_other_sessions', 'session.end_others'),
  ('publish_privacy_policy', 'privacy_policy.publish')
) AS m(old_name, new_name)
WHERE "audit_log"."action" = m.old_name;

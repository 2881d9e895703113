import type { DbOrTx } from '../../db/client';
import { versionedTransition, type VersionedTransition } from '../../lib/versioned-update';
import type { AuditAction } from '../../../src/shared/contracts/audit-actions';
import type { Ctx } from '../audit/audit';
import { documentationFormEvents, documentationForms, type DocumentationFormRow } from './documentation.table';

type FormTransition = Omit<VersionedTransition<typeof documentationForms>, 'table' | 'audit' | 'ctx'> & {
  action: AuditAction;
  /** the jury's comment, kept in the form's history */
  comment?: string;
  /** when it happened: the history event's time and the form's own "…At" column */
  at: Date;
  /** stored in the audit entry's `after` next to the new state */
  context: (row: DocumentationFormRow) => Record<string, unknown>;
  ctx: Ctx;
};

/**
 * The one way a documentation form changes state (submit, approve, return, reject): the version-checked transition
 * with its audit entry (versionedTransition), plus the history event the form's page shows. Runs in the caller's
 * transaction.
 */
export async function transitionForm(tx: DbOrTx, { action, comment, at, context, ctx, ...spec }: FormTransition) {
  const result = await versionedTransition(tx, {
    ...spec,
    table: documentationForms,
    audit: { action, entityType: 'documentation_form', context },
    ctx,
  });
  await tx.insert(documentationFormEvents).values({ formId: result.row.id, state: spec.to, comment: comment ?? '', actorId: ctx.actorUserId, at });
  return result;
}

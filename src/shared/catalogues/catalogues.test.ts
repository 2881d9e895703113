import { describe, expect, expectTypeOf, it } from 'vitest';
import { auditActionLabel, auditActions, type AuditAction, type AuditEntityType } from '../contracts/audit-actions';
import { errorCatalogue, type ErrorCode, type ErrorId } from '../contracts/error-codes';
import { moduleCatalogues } from './all-modules';

describe('the modules’ catalogues (src/shared/catalogues, gathered by all-modules.ts)', () => {
  it('given every module, no error group and no audit action is declared by two of them', () => {
    const groups = moduleCatalogues.flatMap((m) => Object.keys(m.errors));
    const actions = moduleCatalogues.flatMap((m) => Object.keys(m.audit));
    expect(groups.filter((g, i) => groups.indexOf(g) !== i)).toEqual([]);
    expect(actions.filter((a, i) => actions.indexOf(a) !== i)).toEqual([]);
    // the gathered catalogues hold every module's entries
    expect(Object.keys(errorCatalogue).sort()).toEqual([...groups].sort());
    expect([...auditActions].sort()).toEqual([...actions].sort());
  });

  it('given every audit action, it follows <entity>.<verb> and has a German name the history shows', () => {
    expect(auditActions.length).toBeGreaterThan(100);
    for (const action of auditActions) {
      expect(action).toMatch(/^[a-z]+(_[a-z]+)*\.[a-z]+(_[a-z]+)*$/);
      expect(auditActionLabel(action), action).not.toBe(action);
      expect(auditActionLabel(action).length, action).toBeGreaterThan(3);
    }
    expect(auditActionLabel('facility.create')).toBe('KiTa angelegt');
    // a name the catalogue doesn't know (a row written before a rename) appears as written
    expect(auditActionLabel('legacy.thing')).toBe('legacy.thing');
  });

  it('given the types, unknown error ids, wire codes, audit actions and entity types are refused at compile time', () => {
    expectTypeOf<'common.not_found'>().toExtend<ErrorId>();
    expectTypeOf<'me.wrong_password'>().toExtend<ErrorId>();
    expectTypeOf<'facility.no_such_error'>().not.toExtend<ErrorId>();
    expectTypeOf<'nomodule.not_found'>().not.toExtend<ErrorId>();
    expectTypeOf<'token_expired'>().toExtend<ErrorCode>();
    expectTypeOf<'no_such_code'>().not.toExtend<ErrorCode>();
    expectTypeOf<'email_list.export'>().toExtend<AuditAction>();
    expectTypeOf<'email_list.burn'>().not.toExtend<AuditAction>();
    expectTypeOf<'offering_enrolment'>().toExtend<AuditEntityType>();
    expectTypeOf<'spaceship'>().not.toExtend<AuditEntityType>();
  });
});

import { describe, expect, it } from 'vitest';
import { fieldLabel } from './field-labels';

describe('fieldLabel', () => {
  it('names the fields of a history entry in German, whether the server wrote them camelCase or snake_case', () => {
    expect(fieldLabel('childrenCount', 'facility')).toBe('Zahl der Kinder');
    expect(fieldLabel('children_count', 'facility')).toBe('Zahl der Kinder');
    expect(fieldLabel('phone', 'facility')).toBe('Telefon');
    expect(fieldLabel('email', 'facility')).toBe('E-Mail der KiTa');
    expect(fieldLabel('email', 'person')).toBe('E-Mail');
    expect(fieldLabel('firstName', 'person')).toBe('Vorname');
    expect(fieldLabel('facilityId', 'person')).toBe('KiTa (Nr.)');
    expect(fieldLabel('isAdmin', 'user')).toBe('Verwaltungsrechte');
  });

  it('shows a name it does not know as sent', () => {
    expect(fieldLabel('somethingNew', 'facility')).toBe('somethingNew');
  });
});

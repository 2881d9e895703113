import { describe, expect, it } from 'vitest';
import { catalogueProblem, fieldProblem } from './fuzz-german';

describe('the API gate judges German by the catalogue', () => {
  it('accepts catalogue texts, fixed and made by a message function, and refuses others', () => {
    // the seed 531857156 case: a correct answer the word list refused
    expect(catalogueProblem('registration_closed', 'Dieser Termin wurde abgesagt.')).toBeUndefined();
    expect(catalogueProblem('not_found', 'Das gibt es hier nicht.')).toBeUndefined();
    expect(catalogueProblem('too_many_attempts', 'Zu viele Anmeldeversuche. Bitte versuche es um 10:15 Uhr wieder.')).toBeUndefined();
    expect(catalogueProblem('limit_per_event', 'Pro KiTa ist bei diesem Termin eine Person möglich.')).toBeUndefined();
    expect(catalogueProblem('limit_per_event', 'Pro KiTa sind bei diesem Termin höchstens 4 Personen möglich.')).toBeUndefined();
    expect(
      catalogueProblem('token_unknown', 'Diesen Link kennen wir nicht. Du kannst unter „Passwort vergessen“ einen neuen Link anfordern.'),
    ).toBeUndefined();
    expect(catalogueProblem('not_found', 'Not Found')).toMatch(/not the catalogue/);
    expect(catalogueProblem('FST_ERR_X', 'Route GET:/x not found')).toMatch(/not in the error catalogue/);
    expect(catalogueProblem('too_many_attempts', 'Too many attempts')).toMatch(/not the catalogue/);
  });

  it('accepts field texts of the contracts and zod-german, refuses zod English', () => {
    expect(fieldProblem('firstName', 'Pflichtfeld.')).toBeUndefined();
    expect(fieldProblem('name', 'Zu lang (höchstens 200 Zeichen).')).toBeUndefined();
    expect(fieldProblem('name', 'Bitte gib einen Dateinamen an.')).toBeUndefined();
    expect(fieldProblem('name', 'Invalid input: expected string, received undefined')).toMatch(/no text/);
    expect(fieldProblem('name', 'Too big: expected string to have <=200 characters')).toMatch(/no text/);
  });
});

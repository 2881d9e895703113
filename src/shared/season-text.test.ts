import { describe, expect, it } from 'vitest';
import { seasonText } from './season-text';

describe('seasonText', () => {
  it('writes an identifier as the season reads in text', () => {
    expect(seasonText('2026-27')).toBe('2026/27');
  });

  it('leaves anything else as it is', () => {
    expect(seasonText('')).toBe('');
    expect(seasonText('Sommer')).toBe('Sommer');
  });
});

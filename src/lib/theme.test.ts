import { describe, expect, it } from 'vitest';
import { cssVariablesResolver, DIMMED_LIGHT, theme } from './theme';

/** WCAG 2 relative luminance of a #rrggbb colour. */
function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((i) => {
    const v = parseInt(hex.slice(i, i + 2), 16) / 255;
    return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}
const contrastWithWhite = (hex: string) => 1.05 / (luminance(hex) + 0.05);

describe('theme', () => {
  const green = theme.colors?.green ?? [];
  const shade = typeof theme.primaryShade === 'object' ? theme.primaryShade.light : theme.primaryShade;

  it('given white text on a filled primary button, the contrast passes WCAG AA (4.5:1)', () => {
    expect(theme.primaryColor).toBe('green');
    expect(shade).toBeDefined();
    expect(contrastWithWhite(green[shade ?? 0] ?? '#ffffff')).toBeGreaterThanOrEqual(4.5);
  });

  it('given the light variant, its text shade 6 passes AA against white', () => {
    expect(contrastWithWhite(green[6] ?? '#ffffff')).toBeGreaterThanOrEqual(4.5);
  });

  it('given dimmed text (descriptions, hints), it passes AA against white in the light scheme', () => {
    expect(cssVariablesResolver(theme as never).light['--mantine-color-dimmed']).toBe(DIMMED_LIGHT);
    expect(contrastWithWhite(DIMMED_LIGHT)).toBeGreaterThanOrEqual(4.5);
  });

  it('given a notification with a title, its text uses the AA-safe dimmed colour (Mantine default: gray 6)', () => {
    expect(theme.components?.Notification?.styles).toEqual({ description: { color: 'var(--mantine-color-dimmed)' } });
  });

  it('uses the seed §9 breakpoints in em (16 px base)', () => {
    expect(theme.breakpoints).toEqual({ xs: '36em', sm: '37.5em', md: '64em', lg: '90em', xl: '120em' });
  });
});

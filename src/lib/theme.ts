import { createTheme, type CSSVariablesResolver, type MantineColorsTuple } from '@mantine/core';

/**
 * A calm green for the programme. Mantine's own green is too light for white text (shade 6 reaches 2.4:1),
 * so the palette is ours: shade 8, the filled/primary shade, gives 6.5:1 against white and shade 6 (the
 * "light" variant's text colour) still passes 4.5:1 — see theme.test.ts, which checks the numbers.
 */
export const kitaGreen: MantineColorsTuple = [
  '#eef8f1',
  '#dcefe2',
  '#b8dfc6',
  '#90cca6',
  '#6cb98a',
  '#4fa673',
  '#347f53',
  '#317a50',
  '#2a6a46',
  '#1f5236',
];

export const theme = createTheme({
  // Overriding `green` (not adding a new name) makes every `color="green"` in the app accessible too.
  colors: { green: kitaGreen },
  primaryColor: 'green',
  // Shade 8 for filled elements in both schemes: with it Mantine's red (4.5:1) and blue (5.0:1) pass AA as well.
  primaryShade: { light: 8, dark: 8 },
  // seed §9 breakpoints, in em so they follow the user's font size (16 px base): sm 600, md 1024, lg 1440, xl 1920.
  breakpoints: {
    xs: '36em',
    sm: '37.5em',
    md: '64em',
    lg: '90em',
    xl: '120em',
  },
  // Keyboard users always see where they are (':focus-visible'); the ring is 2 px in the primary filled colour,
  // i.e. 6.5:1 against white, well above the 3:1 WCAG asks of focus indicators.
  focusRing: 'auto',
  defaultRadius: 'sm',
  components: {
    // WCAG 2.4.11: a dialog's header is sticky inside its scrolling content, and a field the keyboard reaches while
    // the content scrolls up was put under it (the season select of "Neuer Fortbildungstermin", found by the keyboard
    // walk of e2e/fixtures.ts). Scrolling a field into view keeps room for the header: 60 px, a title on two lines 80.
    Modal: { styles: { content: { scrollPaddingTop: 'calc(5rem * var(--mantine-scale))' } } },
    // Mantine draws a notification's text under a title in gray 6 (3.3:1 on white, below AA); the seed §8 error
    // notifications always have the title 'Da ging etwas schief.', so their text takes the AA-safe dimmed colour.
    Notification: { styles: { description: { color: 'var(--mantine-color-dimmed)' } } },
    // A light alert draws its title in the colour's light shade: orange and yellow reach only ~2.5:1 on their tint
    // (axe: serious). Titles take the text colour; the tint and the icon still carry the alert's colour.
    Alert: { styles: { title: { color: 'var(--mantine-color-text)' } } },
    // WCAG 1.4.10: Mantine cuts a badge to one line with an ellipsis ("ERLE…", "GESCHLOS…"). Ours wrap instead and
    // never grow wider than their container; on one line where there is room.
    Badge: {
      styles: {
        root: { height: 'auto', minHeight: 'var(--badge-height)', maxWidth: '100%', overflow: 'visible', lineHeight: 1.25, paddingBlock: 2 },
        label: { whiteSpace: 'normal', overflow: 'visible', textOverflow: 'clip', overflowWrap: 'break-word' },
      },
    },
    // WCAG 1.4.10 (issue 19): Mantine's button keeps its label on one line and hides what does not fit, so
    // "Stornieren" in a narrow table cell and long labels at 320 px were cut. Ours never shrink below their longest
    // word, wrap onto a second line where the container is narrower than the label, and grow in height with it.
    Button: {
      styles: {
        root: { height: 'auto', minHeight: 'var(--button-height)', maxWidth: '100%', flexShrink: 0, paddingBlock: 4 },
        inner: { height: 'auto', minHeight: 'calc(var(--button-height) - 10px)' },
        label: { whiteSpace: 'normal', overflow: 'visible', textAlign: 'center', lineHeight: 1.25, height: 'auto' },
      },
    },
    // A menu (role="menu") may hold only menu items (axe critical: aria-required-children). Mantine's default puts a
    // focusable zero-height placeholder first in the dropdown: invalid inside the menu, and where the focus landed on
    // opening by keyboard, invisibly. Without it the focus trap focuses the first item (WAI-ARIA menu button pattern).
    Menu: { defaultProps: { withInitialFocusPlaceholder: false } },
    // Label and value side by side while they fit, else the value moves under its label; long values (e-mail
    // addresses, web addresses) break instead of pushing the page sideways at 320 px.
    DataList: {
      styles: {
        item: { flexWrap: 'wrap' },
        itemValue: { minWidth: 0, flex: '1 1 12rem', overflowWrap: 'anywhere' },
      },
    },
  },
  fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif',
});

/**
 * Mantine's "dimmed" text (descriptions, hints, `c="dimmed"`) is gray 6 in the light scheme: 3.3:1 against white,
 * below WCAG AA. Gray 7 gives 8.6:1 and still reads as secondary text.
 */
export const DIMMED_LIGHT = '#495057';

/** Mantine's red 9: German field messages ("Bitte gib … an.") must be readable (WCAG 1.4.3). */
export const ERROR_LIGHT = '#c92a2a';

export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  // Field messages and invalid inputs use the error colour; Mantine's red 6 reaches 3.3:1 on white, red 9 5.6:1.
  light: { '--mantine-color-dimmed': DIMMED_LIGHT, '--mantine-color-error': ERROR_LIGHT },
  dark: {},
});

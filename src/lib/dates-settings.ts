import type { DatesProviderSettings } from '@mantine/dates';

/**
 * For Mantine's DatesProvider: German names, Monday first, always six weeks so the grid doesn't jump.
 * Apart from ./locale (which sets up dayjs and its plugins) so the first page does not load dayjs: every module
 * that shows or parses a date imports ./locale, which registers the German locale before it is used.
 */
export const DATES_SETTINGS = {
  locale: 'de',
  firstDayOfWeek: 1,
  consistentWeeks: true,
} as const satisfies DatesProviderSettings;

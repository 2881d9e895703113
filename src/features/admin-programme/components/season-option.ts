import { seasonText } from '../../../shared/season-text';

/** the seasons the route hands over (from the seasons feature) for the season filter and field */
export type SeasonOption = { id: number; identifier: string; isCurrent: boolean };

export const seasonOptions = (seasons: SeasonOption[]) => seasons.map((s) => ({ value: String(s.id), label: seasonText(s.identifier) }));
export const currentSeasonId = (seasons: SeasonOption[]) => seasons.find((s) => s.isCurrent)?.id;

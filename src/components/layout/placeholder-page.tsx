/**
 * How the navigation names an area that is not built yet (routes declare `staticData.status: 'planned'`). Since the
 * admin data tools (issues 21, 24) no area is: the placeholder page that said "in Vorbereitung" and what to do
 * meanwhile went with the last of them (git history has it for a later area).
 */
export const PLANNED_LABEL = 'in Vorbereitung';

import { http, HttpResponse } from 'msw';

/** the admin home's work list with nothing to do (issue 22) */
export const emptyWorkList = () => ({
  currentSeason: null,
  joinRequests: 0,
  documentation: { submitted: 0, juryReviews: 0, juryMembers: 0 },
  teamWorkshopsToDecide: 0,
  datesWithWaitlist: { training: 0, hospitation: 0, awarding: 0 },
  datesSoonWithFreeSeats: { training: 0, hospitation: 0, awarding: 0 },
  failedMails: 0,
  activeCampaign: null,
  deadlines: [],
});

const emptyPage = () => HttpResponse.json({ items: [], total: 0, page: 1, pageSize: 25 });

/**
 * Quiet defaults for the list reads of the admin pages (KiTas, open join requests, people, KiTa-Jahre): empty
 * pages, so tests about something else (guards, shell) may land on those pages. A test's own handlers win over these.
 */
export function adminDefaultHandlers() {
  return [
    http.get('*/api/admin/facilities', emptyPage),
    http.get('*/api/admin/persons', emptyPage),
    http.get('*/api/admin/seasons', emptyPage),
    http.get('*/api/admin/seasons/choices', () => HttpResponse.json({ items: [] })),
    http.get('*/api/admin/team-workshop-applications', emptyPage),
    http.get('*/api/admin/join-requests', () => HttpResponse.json({ items: [] })),
    http.get('*/api/admin/offerings', emptyPage),
    http.get('*/api/admin/training-modules', () => HttpResponse.json({ items: [] })),
    http.get('*/api/admin/awarding-events', () => HttpResponse.json({ items: [] })),
    http.get('*/api/admin/facilities/:facilityId/programme', () => HttpResponse.json({ items: [] })),
    http.get('*/api/admin/facilities/:facilityId/legacy-history', () => HttpResponse.json({ items: [] })),
    http.get('*/api/admin/legacy-imports', () => HttpResponse.json({ items: [] })),
    http.get('*/api/admin/work-list', () => HttpResponse.json(emptyWorkList())),
    http.get('*/api/admin/documentation/:seasonIdentifier', emptyPage),
    http.get('*/api/admin/documentation/:seasonIdentifier/:facilityId', () =>
      HttpResponse.json({ reason: { message: 'Nicht gefunden.', code: 'not_found' } }, { status: 404 }),
    ),
  ];
}

import { http, HttpResponse } from 'msw';
import { buildFacility, enrolmentStatus } from '../factories/facilities';

/**
 * Quiet defaults for the reads of the KiTa pages (home checklist, master data, staff, enrolment), so tests about
 * something else (guards, shell) may land on those pages. A test's own handlers win over these.
 */
export function kitaDefaultHandlers() {
  const id = (params: Record<string, unknown>) => Number(params.facilityId);
  return [
    http.get('*/api/facilities/:facilityId/season-checklist', () => HttpResponse.json({ season: null, steps: [] })),
    http.get('*/api/facilities/:facilityId/season-enrolment', () => HttpResponse.json(enrolmentStatus())),
    http.get('*/api/facilities/:facilityId/persons', () => HttpResponse.json({ items: [], total: 0, page: 1, pageSize: 25 })),
    http.get('*/api/facilities/:facilityId/members', () => HttpResponse.json({ items: [] })),
    http.get('*/api/facilities/:facilityId/join-requests', () => HttpResponse.json({ items: [] })),
    http.get('*/api/facilities/:facilityId/history', () => HttpResponse.json({ items: [] })),
    // the season's programme: nothing published, nothing booked
    http.get('*/api/facilities/:facilityId/offerings', () => HttpResponse.json({ offerings: [], modules: [] })),
    http.get('*/api/facilities/:facilityId/enrolments', () => HttpResponse.json({ enrolments: [] })),
    http.get('*/api/facilities/:facilityId/hospitation-visits', () => HttpResponse.json({ hospitations: [] })),
    // issue 37: no Urkunde, no Teilnahmebescheinigung yet
    http.get('*/api/facilities/:facilityId/certificates', () => HttpResponse.json({ certificates: [] })),
    http.get('*/api/facilities/:facilityId/awarding', () =>
      HttpResponse.json({ eligible: false, message: 'Eure KiTa ist noch nicht zur Auszeichnung zugelassen.', chosenEventId: null, events: [] }),
    ),
    http.get('*/api/facilities/:facilityId', ({ params }) =>
      Number.isInteger(id(params)) ? HttpResponse.json(buildFacility({ id: id(params) })) : HttpResponse.json({ items: [] }),
    ),
  ];
}

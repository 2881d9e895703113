import type { Page } from '@playwright/test';
import { expect } from './fixtures';

export type Booked = { facilityId: number; title: string; personName: string; enrolmentId: number };

/**
 * Books one person of the page's (logged-in) KiTa on a bookable date of `kind` through the staff API, so a page shows
 * a "Stornieren" button; `cancelBooking` takes it back.
 */
export async function bookViaApi(page: Page, baseURL: string | undefined, kind: 'training' | 'hospitation'): Promise<Booked> {
  const status = await (await page.request.get('/api/loginstatus')).json();
  const facilityId = Number(Object.keys(status.user.facilities)[0]);
  const { offerings } = (await (await page.request.get(`/api/facilities/${facilityId}/offerings?kind=${kind}`)).json()) as {
    offerings: Array<{ id: number; title: string; canBook: boolean; seatsLeft: number; enrolments: Array<{ personId: number }> }>;
  };
  const persons = (await (await page.request.get(`/api/facilities/${facilityId}/persons`)).json()).items as Array<{
    id: number;
    firstName: string;
    lastName: string;
  }>;
  const free = (o: (typeof offerings)[number]) => persons.filter((p) => !o.enrolments.some((e) => e.personId === p.id));
  // a date of the demo data: the dates other tests create (titled "E2E-…") belong to their worlds, and taking the one
  // seat of such a date made its test's own booking land on the waiting list (seen once in programme.spec.ts)
  const offering = offerings.find((o) => !o.title.startsWith('E2E-') && o.canBook && o.seatsLeft > 0 && free(o).length > 0);
  if (!offering) throw new Error(`the demo data has no bookable ${kind}`);
  const person = free(offering)[0]!;
  const res = await page.request.post(`/api/facilities/${facilityId}/enrolments`, {
    data: { offeringId: offering.id, personIds: [person.id] },
    headers: { origin: baseURL ?? '' },
  });
  expect(res.ok(), await res.text()).toBe(true);
  const { results } = (await res.json()) as { results: Array<{ enrolmentId: number }> };
  return { facilityId, title: offering.title, personName: `${person.firstName} ${person.lastName}`, enrolmentId: results[0]!.enrolmentId };
}

export async function cancelBooking(page: Page, baseURL: string | undefined, booked: Booked) {
  await page.request.delete(`/api/facilities/${booked.facilityId}/enrolments/${booked.enrolmentId}`, { headers: { origin: baseURL ?? '' } });
}

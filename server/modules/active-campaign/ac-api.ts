import { AcError, acMessages, type AcClient } from './ac-client';

/** The calls of ActiveCampaign's API v3 the sync uses (developers.activecampaign.com/reference), typed. */
export type AcContact = { id: string; email: string; firstName: string; lastName: string };
export type AcContactList = { id: string; list: string; contact: string; status: string };
export type AcContactTag = { id: string; contact: string; tag: string };
export type AcFieldValue = { id: string; contact: string; field: string; value: string };
export type AcFullContact = { contact: AcContact; contactLists: AcContactList[]; contactTags: AcContactTag[]; fieldValues: AcFieldValue[] };

/** one contact of `POST /import/bulk_import` (the documented request shape) */
export type AcBulkContact = {
  email: string;
  first_name: string;
  last_name: string;
  fields: { id: number; value: string }[];
  tags: string[];
  subscribe: { listid: number }[];
};

/** list status on a list: 1 active, 2 unsubscribed, 3 bounced (0 unconfirmed) */
export const listStatus = { active: '1', unsubscribed: '2', bounced: '3' } as const;

const PAGE = 100;
/** a collection read whole has at most this many pages (10,000 entries): an answer claiming more is not followed */
export const MAX_PAGES = 100;

export function acApi(client: AcClient) {
  /** every page of a collection (limit/offset pagination, `meta.total`), at most MAX_PAGES of them */
  async function all<T>(path: string, key: string): Promise<T[]> {
    const out: T[] = [];
    for (let page = 0; page < MAX_PAGES; page++) {
      const sep = path.includes('?') ? '&' : '?';
      const { body } = await client.call<Record<string, unknown>>('GET', `${path}${sep}limit=${PAGE}&offset=${page * PAGE}`);
      const raw = body?.[key];
      if (raw !== undefined && !Array.isArray(raw)) throw new AcError('refused', acMessages.notActiveCampaign);
      const items = (raw as T[] | undefined) ?? [];
      out.push(...items);
      const total = Number((body?.meta as { total?: string } | undefined)?.total ?? out.length);
      if (items.length < PAGE || out.length >= total) return out;
    }
    throw new AcError('refused', acMessages.tooManyPages);
  }

  return {
    me: async () => (await client.call<{ user?: { username?: string; email?: string } }>('GET', '/users/me')).body?.user ?? {},
    /** entries as the server sent them: the caller checks each (a hostile answer may hold anything) */
    lists: () => all<{ id?: unknown; name?: unknown } | null>('/lists', 'lists'),
    /** a new list; ActiveCampaign answers 422 when the name (or stringid) is taken */
    createList: async (list: { name: string; stringid: string; senderUrl: string; senderReminder: string }) =>
      (
        await client.call<{ list: { id: string; name: string } }>('POST', '/lists', {
          list: { name: list.name, stringid: list.stringid, sender_url: list.senderUrl, sender_reminder: list.senderReminder },
        })
      ).body.list,
    tags: () => all<{ id: string; tag: string }>('/tags', 'tags'),
    createTag: async (name: string) =>
      (
        await client.call<{ tag: { id: string; tag: string } }>('POST', '/tags', {
          tag: { tag: name, tagType: 'contact', description: 'KiTa-Portal' },
        })
      ).body.tag,
    fields: () => all<{ id: string; title: string; perstag: string }>('/fields', 'fields'),
    createField: async (title: string, perstag: string) => {
      const field = (await client.call<{ field: { id: string } }>('POST', '/fields', { field: { type: 'text', title, perstag } })).body.field;
      // relid 0: the field is shown for every list
      await client.call('POST', '/fieldRels', { fieldRel: { field: field.id, relid: 0 } });
      return field;
    },
    findByEmail: async (email: string) =>
      (await client.call<{ contacts?: AcContact[] }>('GET', `/contacts?email=${encodeURIComponent(email)}`)).body?.contacts?.[0] ?? null,
    /** the contact with its lists, tags and field values (sideloaded), or null when it was deleted */
    contact: async (id: string): Promise<AcFullContact | null> => {
      const res = await client.call<Partial<AcFullContact>>('GET', `/contacts/${encodeURIComponent(id)}`);
      if (res.status === 404 || !res.body?.contact) return null;
      return {
        contact: res.body.contact,
        contactLists: res.body.contactLists ?? [],
        contactTags: res.body.contactTags ?? [],
        fieldValues: res.body.fieldValues ?? [],
      };
    },
    syncContact: async (c: { email: string; firstName: string; lastName: string; fieldValues: { field: string; value: string }[] }) =>
      (await client.call<{ contact: AcContact }>('POST', '/contact/sync', { contact: c })).body.contact,
    setListStatus: (contact: string, list: string, status: string) =>
      client.call('POST', '/contactLists', { contactList: { list, contact, status: Number(status) } }),
    addTag: (contact: string, tag: string) => client.call('POST', '/contactTags', { contactTag: { contact, tag } }),
    removeTag: (contactTagId: string) => client.call('DELETE', `/contactTags/${encodeURIComponent(contactTagId)}`),
    /**
     * The bulk importer (≤ 250 contacts a call, processed asynchronously): creates or updates each contact by e-mail,
     * sets its fields, adds its tags (by name) and subscribes it to the lists. Sent once: a timeout or 5xx answers
     * `uncertain` (AcError) instead of importing the batch a second time.
     */
    bulkImport: async (contacts: AcBulkContact[]) =>
      (
        await client.call<{ success?: number; queued_contacts?: number; batchId: string }>(
          'POST',
          '/import/bulk_import',
          { contacts },
          { once: true },
        )
      ).body,
    /** one import's state: `completed` with the ids of the contacts it created and the addresses it refused */
    importInfo: async (batchId: string) =>
      (
        await client.call<{ status: string | false; success?: string[]; failure?: string[] }>(
          'GET',
          `/import/info?batchId=${encodeURIComponent(batchId)}`,
        )
      ).body,
    /** contacts of the account's imports still in the queue (all of them, not only the portal's) */
    importsOutstanding: async () => {
      const body = (await client.call<{ outstanding?: { contacts?: string }[] }>('GET', '/import/bulk_import')).body;
      return (body?.outstanding ?? []).reduce((n, o) => n + Number(o.contacts ?? 0), 0);
    },
  };
}

export type AcApi = ReturnType<typeof acApi>;

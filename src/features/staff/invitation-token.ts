/**
 * The invitation link (`/registrieren?einladung=<token>`, mailed from /personal) is redeemed after the invited
 * person has registered, activated and logged in — possibly days later, so the token waits in localStorage.
 * Whoever redeems it subscribes: the logged-in layout can be on screen before the registration page has kept the
 * token (the page's code or data come later on a slow line), and must see the token when it arrives.
 */
const KEY = 'kita-portal.personInvitation';
const listeners = new Set<() => void>();

function changed(): void {
  for (const listener of listeners) listener();
}

export function storeInvitationToken(token: string): void {
  try {
    window.localStorage.setItem(KEY, token);
  } catch {
    // storage blocked: the person can still be linked by an admin
  }
  changed();
}

export function readInvitationToken(): string | null {
  try {
    return window.localStorage.getItem(KEY);
  } catch {
    return null;
  }
}

export function clearInvitationToken(): void {
  try {
    window.localStorage.removeItem(KEY);
  } catch {
    // see storeInvitationToken
  }
  changed();
}

/** For `useSyncExternalStore`: `listener` runs whenever this tab keeps or clears a token. */
export function subscribeInvitationToken(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * The invitation link (`/registrieren?einladung=<token>`, mailed from /personal) is redeemed after the invited
 * person has registered, activated and logged in — possibly days later, so the token waits in localStorage.
 */
const KEY = 'kita-portal.personInvitation';

export function storeInvitationToken(token: string): void {
  try {
    window.localStorage.setItem(KEY, token);
  } catch {
    // storage blocked: the person can still be linked by an admin
  }
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
}

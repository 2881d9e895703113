import { isHTTPError } from 'ky';
import { useEffect, useRef, useSyncExternalStore } from 'react';
import { reportError } from '../../../lib/api-client';
import { notify } from '../../../lib/notifications';
import { useAcceptInvitation } from '../api/accept-invitation';
import { clearInvitationToken, readInvitationToken, subscribeInvitationToken } from '../invitation-token';

export type AcceptedInvitation = { facilityId: number; facilityLabel: string };

/**
 * Once someone is logged in and an invitation token is kept — in either order — it is redeemed (one attempt per
 * token and login); `onAccepted` updates the session so the new KiTa shows at once.
 */
export function usePendingInvitation(loggedIn: boolean, onAccepted: (accepted: AcceptedInvitation) => Promise<void> | void) {
  const { mutateAsync } = useAcceptInvitation();
  const token = useSyncExternalStore(subscribeInvitationToken, readInvitationToken, () => null);
  const attempted = useRef<string | null>(null);
  const onAcceptedRef = useRef(onAccepted);
  useEffect(() => {
    onAcceptedRef.current = onAccepted;
  });

  useEffect(() => {
    if (!loggedIn) {
      attempted.current = null;
      return;
    }
    if (!token || attempted.current === token) return;
    attempted.current = token;
    mutateAsync(token)
      .then(async (accepted) => {
        clearInvitationToken();
        notify({ title: 'Einladung angenommen', message: `Du hast jetzt Zugriff auf „${accepted.facilityLabel}“.` });
        await onAcceptedRef.current(accepted);
      })
      .catch((error: unknown) => {
        // an invalid or expired link stays invalid; after a network problem the next login tries again, and so does
        // the next login after a 409 (the link belongs to another address: logging in with that one redeems it)
        if (isHTTPError(error) && error.response.status < 500 && error.response.status !== 409) clearInvitationToken();
        reportError(error, 'Deine Einladung in eine KiTa konnte nicht angenommen werden.');
      });
  }, [loggedIn, token, mutateAsync]);
}

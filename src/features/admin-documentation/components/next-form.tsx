import { Group, Text } from '@mantine/core';
import { useEffect, useRef } from 'react';
import { AnchorLink } from '../../../components/links/anchor-link';
import { useNextUnreviewed } from '../api/get-next-unreviewed';

/**
 * Issue 19: after the caller's review is in, the way on: "Nächster Bogen" opens the next form still without their
 * review (the server's order: the list's, after this one, wrapping), or a message that all are reviewed. Right after
 * saving the focus moves here (unless it has gone elsewhere meanwhile), so the keyboard goes on from where the work
 * goes on.
 */
export function NextForm({ seasonIdentifier, facilityId, focus }: { seasonIdentifier: string; facilityId: number; focus: boolean }) {
  const next = useNextUnreviewed(seasonIdentifier, facilityId, true);
  const ref = useRef<HTMLElement>(null);
  const ready = next.isSuccess;
  useEffect(() => {
    // only where the save left it (the panel, or the body when the saved form was replaced): a dialog the jury opened
    // meanwhile keeps its focus, and the page does not scroll away under the pointer
    const active = document.activeElement;
    const untouched = !active || active === document.body || !!ref.current?.closest('[data-reviews-panel]')?.contains(active);
    if (focus && ready && untouched) ref.current?.focus();
  }, [focus, ready]);
  if (!next.data) return null;
  const { next: form, remaining } = next.data;
  if (!form)
    return (
      <Text ref={ref as React.Ref<HTMLParagraphElement>} tabIndex={-1} size="sm" fw={600} role="status">
        Du hast alle eingereichten Bögen bewertet.{' '}
        <AnchorLink to="/" fw={400}>
          Zur Startseite
        </AnchorLink>
      </Text>
    );
  return (
    <Group gap="xs" align="baseline" wrap="wrap">
      <AnchorLink
        ref={ref as React.Ref<HTMLAnchorElement>}
        to="/verwaltung/dokuboegen/$seasonIdentifier/$facilityId"
        params={{ seasonIdentifier, facilityId: form.facilityId }}
        fw={600}
        aria-describedby={`next-form-${facilityId}`}
      >
        Nächster Bogen
      </AnchorLink>
      <Text size="sm" c="dimmed" id={`next-form-${facilityId}`}>
        {`${form.facilityLabel} · noch ${remaining} ${remaining === 1 ? 'Bogen' : 'Bögen'} ohne deine Bewertung`}
      </Text>
    </Group>
  );
}

import { useRouter } from '@tanstack/react-router';
import { useEffect } from 'react';

/**
 * WCAG 2.4.2: each page gets its own browser title, taken from its h1 so the two never disagree
 * ("Fortbildungen – KiTa-Portal"). Runs after every navigation, including the first.
 */
export function useDocumentTitle(programmeName: string) {
  const router = useRouter();
  useEffect(() => {
    const apply = () =>
      requestAnimationFrame(() => {
        const heading = document.querySelector('#main-content [data-page-heading]')?.textContent?.trim();
        document.title = heading ? `${heading} – ${programmeName}` : programmeName;
      });
    apply();
    return router.subscribe('onResolved', apply);
  }, [router, programmeName]);
}

import { createFileRoute } from '@tanstack/react-router';
import { NotFoundPage } from '../../src/components/layout/not-found-page';

/**
 * Any other path (seed §2) lands here, inside the layout, so the 404 page has the header and navigation.
 * Public: an anonymous visitor with a mistyped address learns that it is wrong, not that they must log in.
 */
export const Route = createFileRoute('/_app/$')({
  staticData: { access: 'public' },
  component: NotFoundPage,
});

import { createFileRoute } from '@tanstack/react-router';
import { searchEnum, searchId, searchSchema } from '../../src/lib/search-schema';
import { regions } from '../../src/shared/contracts/facility-lists';
import { OfferingsRoutePage } from './-components/offerings-route-page';
import { programmeLoader } from './-components/programme-loader';

const search = searchSchema({ region: searchEnum(regions), moduleId: searchId });

export const Route = createFileRoute('/_app/fortbildungen')({
  staticData: { access: 'enrolled' },
  validateSearch: search.parse,
  loader: programmeLoader('training'),
  component: () => <OfferingsRoutePage kind="training" route={Route} />,
});

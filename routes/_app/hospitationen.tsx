import { createFileRoute } from '@tanstack/react-router';
import { searchEnum, searchSchema } from '../../src/lib/search-schema';
import { regions } from '../../src/shared/contracts/facility-lists';
import { OfferingsRoutePage } from './-components/offerings-route-page';
import { programmeLoader } from './-components/programme-loader';

const search = searchSchema({ region: searchEnum(regions) });

export const Route = createFileRoute('/_app/hospitationen')({
  staticData: { access: 'enrolled' },
  validateSearch: search.parse,
  loader: programmeLoader('hospitation'),
  component: () => <OfferingsRoutePage kind="hospitation" route={Route} />,
});

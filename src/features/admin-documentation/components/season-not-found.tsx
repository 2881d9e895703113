import { RecordNotFound } from '../../../components/layout/record-not-found';

/**
 * The documentation pages of a season the server does not know (a well-formed identifier such as 2031-32, from an old
 * bookmark or a typo): says so with the way back, where the server's 404 showed "Da ging etwas schief."
 */
export function DocumentationSeasonNotFound() {
  return <RecordNotFound title="Dieses KiTa-Jahr gibt es nicht" backTo="/verwaltung/dokuboegen" backLabel="Zur Liste der Dokumentationsbögen" />;
}

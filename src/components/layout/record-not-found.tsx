import { Anchor, Text } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { PageHeading } from './page-heading';

type Props = {
  /** e.g. "Diese KiTa gibt es nicht (mehr)." */
  title: string;
  /** the list the record would be in */
  backTo: string;
  backLabel: string;
};

/** A record page whose id names nothing: says so at once and offers the way back to its list (no retries, no raw id). */
export function RecordNotFound({ title, backTo, backLabel }: Props) {
  return (
    <>
      <PageHeading>{title}</PageHeading>
      <Text mb="md">Vielleicht wurde der Eintrag gelöscht oder zusammengeführt, oder die Adresse enthält einen Tippfehler.</Text>
      <Anchor component={Link} to={backTo}>
        {backLabel}
      </Anchor>
    </>
  );
}

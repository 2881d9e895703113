import { Anchor, Badge, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { getPublicConfig } from '../../lib/api-client';
import { PageHeading } from './page-heading';

/** How the navigation and the page name an area that is not built yet (routes declare `staticData.status: 'planned'`). */
export const PLANNED_LABEL = 'in Vorbereitung';

type Props = {
  /** the page's heading (= the navigation name, SPEC §6), already final */
  title: string;
  /** what the page will offer, as a sentence */
  planned: ReactNode;
  /** what to do until then; default: ask the programme's office */
  meanwhile?: ReactNode;
};

/** The support contact of seed §8, as a sentence with a mail link. */
export function SupportContact() {
  const { supportEmail, supportPhone } = getPublicConfig();
  if (!supportEmail) return <>Wende dich bitte an das Programmbüro.</>;
  return (
    <>
      Wende dich bitte an das Programmbüro: <Anchor href={`mailto:${supportEmail}`}>{supportEmail}</Anchor>
      {supportPhone ? `, Telefon ${supportPhone}` : ''}.
    </>
  );
}

/**
 * For areas later issues fill: says plainly that the area is in preparation, what it will offer and what to do
 * meanwhile, so the portal never promises what it does not have yet. Shows no route parameters.
 */
export function PlaceholderPage({ title, planned, meanwhile }: Props) {
  return (
    <>
      <PageHeading>{title}</PageHeading>
      <PlannedNotice planned={planned} meanwhile={meanwhile} />
    </>
  );
}

/** The body of a placeholder, for pages that have their own heading and tabs already. */
export function PlannedNotice({ planned, meanwhile }: Omit<Props, 'title'>) {
  return (
    <Stack gap="sm" maw={720} data-testid="planned-notice">
      <Badge variant="outline" color="gray.7" size="lg" style={{ alignSelf: 'flex-start' }}>
        {PLANNED_LABEL}
      </Badge>
      <Text>Dieser Bereich ist noch in Vorbereitung. Geplant: {planned}</Text>
      <Title order={2} size="h4">
        Bis dahin
      </Title>
      <Text>{meanwhile ?? <SupportContact />}</Text>
    </Stack>
  );
}

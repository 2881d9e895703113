import { Badge, Grid, Group, Paper, Stack, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { DownloadButton } from '../../../components/download/download-button';
import { PageHeading } from '../../../components/layout/page-heading';
import { AnchorLink } from '../../../components/links/anchor-link';
import { formatDateTime } from '../../../lib/locale';
import { adminDocumentationStateLabels } from '../../../shared/contracts/admin-documentation';
import { documentationDetailQueryOptions, useDocumentationDetail } from '../api/get-documentation';
import { AnswerView } from './answer-view';
import { DecisionActions } from './decision-actions';
import { documentationApiPath } from './format';
import { NotesPanel } from './notes-panel';
import { ReviewsPanel } from './reviews-panel';
import { StateHistory } from './state-history';

const stateColors = { draft: 'gray', submitted: 'blue', returned: 'grape', approved: 'green', rejected: 'red' } as const;

/**
 * /verwaltung/dokuboegen/{season}/{facilityId}: the form as the KiTa submitted it (left) and the jury's panel (right:
 * decision, review, notes, history) from 1024 px on, so the jury scores while reading at office widths; one column
 * on narrower screens.
 */
export function DocumentationDetailPage({
  seasonIdentifier,
  facilityId,
  isCurrentSeason = false,
}: {
  seasonIdentifier: string;
  facilityId: number;
  isCurrentSeason?: boolean;
}) {
  const { data: detail } = useDocumentationDetail(seasonIdentifier, facilityId);
  const queryClient = useQueryClient();
  const reload = () => queryClient.fetchQuery({ ...documentationDetailQueryOptions(seasonIdentifier, facilityId), staleTime: 0 });
  return (
    <>
      <Group justify="space-between" align="flex-start" wrap="wrap">
        <div>
          <PageHeading>{detail.facilityLabel}</PageHeading>
          <Text c="dimmed" mt={-12} mb="md">
            {[`Dokumentationsbogen ${detail.seasonLabel}`, detail.city, detail.region].filter(Boolean).join(' · ')}
          </Text>
        </div>
        <Group gap="xs">
          <AnchorLink to="/verwaltung/dokuboegen/$seasonIdentifier" params={{ seasonIdentifier }}>
            Zur Liste der Dokumentationsbögen
          </AnchorLink>
          <DownloadButton
            variant="default"
            apiPath={`${documentationApiPath(seasonIdentifier, facilityId)}/pdf`}
            fallbackName={`dokumentationsbogen-${facilityId}.pdf`}
            failureText="Das PDF konnte nicht heruntergeladen werden."
          >
            PDF herunterladen
          </DownloadButton>
          {/* admins may change the answers of the current season's forms (the staff form, autosaved and audited) */}
          {detail.may.edit && isCurrentSeason && (
            <AnchorLink to="/verwaltung/dokuboegen/$seasonIdentifier/$facilityId/bearbeiten" params={{ seasonIdentifier, facilityId }}>
              Antworten bearbeiten
            </AnchorLink>
          )}
        </Group>
      </Group>
      <Group gap="sm" mb="md">
        <Badge color={stateColors[detail.state]} variant="light" size="lg">
          {`Status: ${adminDocumentationStateLabels[detail.state]}`}
        </Badge>
        {detail.submittedAt && <Text size="sm">{`Eingereicht am ${formatDateTime(detail.submittedAt)}`}</Text>}
      </Group>
      <Grid gap="xl">
        <Grid.Col span={{ base: 12, md: 7 }} miw={0}>
          <AnswerView detail={detail} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 5 }} miw={0}>
          <Stack gap="lg" component="aside" aria-label="Jury">
            {detail.may.decide && (
              <Paper withBorder p="md">
                <Stack gap="sm">
                  <Text fw={600}>Entscheidung</Text>
                  <DecisionActions detail={detail} onReload={reload} />
                </Stack>
              </Paper>
            )}
            <Paper withBorder p="md">
              <ReviewsPanel detail={detail} />
            </Paper>
            <Paper withBorder p="md">
              <NotesPanel detail={detail} />
            </Paper>
            <Paper withBorder p="md">
              <StateHistory history={detail.history} />
            </Paper>
          </Stack>
        </Grid.Col>
      </Grid>
    </>
  );
}

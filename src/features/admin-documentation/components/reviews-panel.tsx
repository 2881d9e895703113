import { Stack, Table, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { formatDateTime } from '../../../lib/locale';
import { juryCriteria, type AdminDocumentationDetail, type Review } from '../../../shared/contracts/admin-documentation';
import { scoreText } from './format';
import { NextForm } from './next-form';
import { ReviewForm } from './review-form';

/**
 * No scroll region: names and comments may break anywhere and "Jurymitglied" at its soft hyphen, so the table is
 * never wider than its headers and the review's date (about 245 px with the narrower cell spacing) and fits the
 * panel at 320 px; a region here was a tab stop with nothing to scroll.
 */
function ReviewsTable({ reviews, caption }: { reviews: Review[]; caption: string }) {
  return (
    <Table captionSide="top" striped verticalSpacing={4} horizontalSpacing={4} fz="sm">
      <Table.Caption ta="left">{caption}</Table.Caption>
      <Table.Thead>
        <Table.Tr>
          <Table.Th scope="col">Jury&shy;mitglied</Table.Th>
          <Table.Th scope="col" ta="right">
            Punkte
          </Table.Th>
          <Table.Th scope="col">Kommentar</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {reviews.map((r) => (
          <Table.Tr key={r.reviewerId}>
            <Table.Td>
              <Text span inherit style={{ overflowWrap: 'anywhere' }}>
                {r.reviewerName}
              </Text>
              <Text size="xs" c="dimmed">
                {formatDateTime(r.updatedAt)}
              </Text>
            </Table.Td>
            <Table.Td ta="right" title={juryCriteria.map((c) => `${c.label}: ${r.scores[c.key] ?? '–'}`).join(', ')}>
              {scoreText(r.total)}
            </Table.Td>
            <Table.Td style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{r.comment || '–'}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

/**
 * The jury's reviews: the caller's own (a form while reviews are open), the others' once the caller's own is in
 * (the server leaves them out before), and the average.
 */
export function ReviewsPanel({ detail }: { detail: AdminDocumentationDetail }) {
  const others = detail.reviews.filter((r) => r.reviewerId !== detail.ownReview?.reviewerId);
  const [saved, setSaved] = useState(false);
  return (
    <Stack gap="sm" data-reviews-panel>
      <Title order={2} fz="h3">
        Bewertung
      </Title>
      <Text size="sm">{`${detail.reviewCount} ${detail.reviewCount === 1 ? 'Bewertung' : 'Bewertungen'} · Ø Punkte: ${scoreText(detail.averageScore)}`}</Text>
      {detail.may.review ? (
        <ReviewForm key={detail.ownReview?.updatedAt ?? 'new'} detail={detail} onSaved={() => setSaved(true)} />
      ) : (
        detail.ownReview && <ReviewsTable reviews={[detail.ownReview]} caption="Deine Bewertung" />
      )}
      {detail.ownReview && <NextForm seasonIdentifier={detail.seasonIdentifier} facilityId={detail.facilityId} focus={saved} />}
      {detail.othersHidden ? (
        <Text size="sm" c="dimmed">
          Die Bewertungen der anderen siehst du, sobald deine eigene abgegeben ist.
        </Text>
      ) : others.length > 0 ? (
        <ReviewsTable reviews={others} caption="Bewertungen der anderen" />
      ) : (
        <Text size="sm" c="dimmed">
          Noch keine anderen Bewertungen.
        </Text>
      )}
    </Stack>
  );
}

import { DataList } from '@mantine/core';
import { DataListItem } from '../../../components/data-list/data-list-item';
import { formatDate, formatDateTime } from '../../../lib/locale';
import type { SeasonEnrolment } from '../../../shared/contracts/season-enrolment';

/** The existing enrolment as it was sent. */
export function EnrolmentSummary({ enrolment }: { enrolment: SeasonEnrolment }) {
  const by = (actor: SeasonEnrolment['createdBy']) => (actor ? ` von ${actor.name}` : '');
  return (
    <DataList labelWidth="14rem" withDivider maw={800}>
      <DataListItem label="Angemeldet" value={`am ${formatDate(enrolment.createdAt)}${by(enrolment.createdBy)}`} />
      <DataListItem label="Themen des Projekts" value={enrolment.projectTopics.join(', ')} />
      <DataListItem label="Arbeitstitel des Projekts" value={enrolment.projectTitle} />
      <DataListItem label="Ansprechperson" value={enrolment.contactPersonName ?? '—'} />
      <DataListItem label="Teilnehmende Gruppen" value={enrolment.groupsTakingPart || '—'} />
      <DataListItem label="Zahl der teilnehmenden Kinder" value={enrolment.childrenTakingPart ?? '—'} />
      <DataListItem label="Teilnahmebedingungen" value={enrolment.acceptedTermsAt ? `akzeptiert am ${formatDate(enrolment.acceptedTermsAt)}` : '—'} />
      <DataListItem label="Zuletzt geändert" value={`am ${formatDateTime(enrolment.updatedAt)}${by(enrolment.updatedBy)}`} />
    </DataList>
  );
}

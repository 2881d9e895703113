import { DataList } from '@mantine/core';
import type { ReactNode } from 'react';
import { formatDate, formatDateTime } from '../../../lib/locale';
import type { SeasonEnrolment } from '../../../shared/contracts/season-enrolment';

/** The existing enrolment as it was sent. */
export function EnrolmentSummary({ enrolment }: { enrolment: SeasonEnrolment }) {
  const item = (label: string, value: ReactNode) => (
    <DataList.Item>
      <DataList.ItemLabel>{label}</DataList.ItemLabel>
      <DataList.ItemValue>{value}</DataList.ItemValue>
    </DataList.Item>
  );
  const by = (actor: SeasonEnrolment['createdBy']) => (actor ? ` von ${actor.name}` : '');
  return (
    <DataList labelWidth="14rem" withDivider maw={800}>
      {item('Angemeldet', `am ${formatDate(enrolment.createdAt)}${by(enrolment.createdBy)}`)}
      {item('Themen des Projekts', enrolment.projectTopics.join(', '))}
      {item('Arbeitstitel des Projekts', enrolment.projectTitle)}
      {item('Ansprechperson', enrolment.contactPersonName ?? '—')}
      {item('Teilnehmende Gruppen', enrolment.groupsTakingPart || '—')}
      {item('Zahl der teilnehmenden Kinder', enrolment.childrenTakingPart ?? '—')}
      {item('Teilnahmebedingungen', enrolment.acceptedTermsAt ? `akzeptiert am ${formatDate(enrolment.acceptedTermsAt)}` : '—')}
      {item('Zuletzt geändert', `am ${formatDateTime(enrolment.updatedAt)}${by(enrolment.updatedBy)}`)}
    </DataList>
  );
}

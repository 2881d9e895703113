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
  const by = (actor: SeasonEnrolment['created_by']) => (actor ? ` von ${actor.name}` : '');
  return (
    <DataList labelWidth="14rem" withDivider maw={800}>
      {item('Angemeldet', `am ${formatDate(enrolment.created_at)}${by(enrolment.created_by)}`)}
      {item('Themen des Projekts', enrolment.project_topics.join(', '))}
      {item('Arbeitstitel des Projekts', enrolment.project_title)}
      {item('Ansprechperson', enrolment.contact_person_name ?? '—')}
      {item('Teilnehmende Gruppen', enrolment.groups_taking_part || '—')}
      {item('Zahl der teilnehmenden Kinder', enrolment.children_taking_part ?? '—')}
      {item('Teilnahmebedingungen', enrolment.accepted_terms_at ? `akzeptiert am ${formatDate(enrolment.accepted_terms_at)}` : '—')}
      {item('Zuletzt geändert', `am ${formatDateTime(enrolment.updated_at)}${by(enrolment.updated_by)}`)}
    </DataList>
  );
}

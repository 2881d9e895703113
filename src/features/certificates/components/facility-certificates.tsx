import { Alert, Group, Stack, Text, Title } from '@mantine/core';
import { useId } from 'react';
import { DataTable, type DataTableColumn } from '../../../components/data-table/data-table';
import { formatDate } from '../../../lib/locale';
import { certificateKindLabels, certificateStateLabels, type FacilityCertificate } from '../../../shared/contracts/certificates';
import { facilityCertificatePdfPath, useFacilityCertificates } from '../api/facility-certificates';
import { PdfButton } from './pdf-button';

const years = (identifier: string) => identifier.replace('-', '/');

/**
 * /auszeichnungsverantaltung (SPEC §8): "Urkunde herunterladen (PDF)" once the KiTa's Urkunde is issued (the newest),
 * and every certificate of the KiTa, every season, in a table captioned "Urkunden und Teilnahmebescheinigungen".
 */
export function FacilityCertificates({ facilityId }: { facilityId: number }) {
  const { data, isPending, isError } = useFacilityCertificates(facilityId);
  const headingId = useId();
  const certificates = data?.certificates ?? [];
  // the newest valid Urkunde (the list is newest first)
  const award = certificates.find((c) => c.kind === 'award' && c.state === 'valid');
  const columns: DataTableColumn<FacilityCertificate>[] = [
    { key: 'kind', header: 'Art', render: (c) => certificateKindLabels[c.kind] },
    { key: 'title', header: 'Titel' },
    { key: 'seasonIdentifier', header: 'KiTa-Jahr', render: (c) => years(c.seasonIdentifier) },
    { key: 'issuedAt', header: 'Ausgestellt am', render: (c) => formatDate(c.issuedAt) },
    {
      key: 'code',
      header: 'Prüfcode',
      render: (c) => (
        <Text ff="monospace" size="sm">
          {c.code}
        </Text>
      ),
    },
    { key: 'state', header: 'Status', render: (c) => certificateStateLabels[c.state] },
    {
      key: 'actions',
      header: 'PDF',
      render: (c) =>
        c.state === 'valid' ? (
          <PdfButton path={facilityCertificatePdfPath(facilityId, c.id)} fallbackName="bescheinigung.pdf" aria-label={`PDF: ${c.title}`}>
            PDF
          </PdfButton>
        ) : null,
    },
  ];
  return (
    <Stack gap="sm" component="section" aria-labelledby={headingId}>
      {/* the size of the page's other section headings; at 320-412 px the compound wraps at its joint, not before its last letters */}
      <Title order={2} fz="h3" id={headingId}>
        Urkunden und Teilnahme
        <wbr />
        bescheinigungen
      </Title>
      {/* a line while they load: the text or button arriving in an empty place moved the table below it (a layout shift) */}
      {isPending ? (
        <Text>Die Urkunden werden geladen …</Text>
      ) : award ? (
        <Group>
          <PdfButton path={facilityCertificatePdfPath(facilityId, award.id)} fallbackName="urkunde.pdf" size="sm" variant="filled">
            Urkunde herunterladen (PDF)
          </PdfButton>
        </Group>
      ) : (
        <Text>Eure Urkunde steht hier, sobald sie ausgestellt ist.</Text>
      )}
      {isError ? (
        <Alert color="red">Die Urkunden und Bescheinigungen konnten nicht geladen werden.</Alert>
      ) : (
        <DataTable
          caption="Urkunden und Teilnahmebescheinigungen"
          captionHidden
          columns={columns}
          rows={certificates}
          total={certificates.length}
          page={1}
          pageSize={0}
          loading={isPending}
          minWidth={760}
          stackWhenNarrow
          emptyText="Noch keine Urkunde und keine Teilnahmebescheinigung."
        />
      )}
    </Stack>
  );
}

/** "Teilnahmebescheinigung (PDF)" beside an attended booking on /fortbildungen and /hospitationen, once issued */
export function AttendanceCertificateButton({
  facilityId,
  enrolmentId,
  describedBy,
}: {
  facilityId: number;
  enrolmentId: number;
  describedBy?: string;
}) {
  const { data } = useFacilityCertificates(facilityId);
  const certificate = data?.certificates.find((c) => c.kind === 'attendance' && c.state === 'valid' && c.enrolmentId === enrolmentId);
  if (!certificate) return null;
  return (
    <PdfButton path={facilityCertificatePdfPath(facilityId, certificate.id)} fallbackName="teilnahmebescheinigung.pdf" aria-describedby={describedBy}>
      Teilnahmebescheinigung (PDF)
    </PdfButton>
  );
}

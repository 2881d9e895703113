import { Alert, Anchor, Group, Select, Stack, Text, Title } from '@mantine/core';
import { Button } from '@mantine/core';
import { useId } from 'react';
import { DataTable, type DataTableColumn } from '../../../components/data-table/data-table';
import { reportError } from '../../../lib/api-client';
import { formatDate } from '../../../lib/locale';
import { notify } from '../../../lib/notifications';
import type { AdminCertificate } from '../../../shared/contracts/certificates';
import {
  adminCertificatePdfPath,
  batchPdfPath,
  useAdminCertificates,
  useCertificateTemplate,
  useIssueCertificates,
  type AwardingFilter,
} from '../api/admin-certificates';
import { PdfButton } from './pdf-button';
import { TemplateEditor } from './template-editor';

type Props = {
  seasons: { identifier: string; label: string }[];
  seasonIdentifier: string;
  events: { id: number; title: string }[];
  awardingEventId: AwardingFilter;
  onFilters: (next: { season: string; event: AwardingFilter }) => void;
};

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/**
 * /verwaltung/urkunden (SPEC §8): the season's Urkunden by awarding event, the template, "Vorschau", "Urkunden
 * erzeugen", "Alle als PDF herunterladen" (one PDF, one page per KiTa in the table's order) and each row's "PDF".
 */
export function AdminCertificatesPage({ seasons, seasonIdentifier, events, awardingEventId, onFilters }: Props) {
  const list = useAdminCertificates(seasonIdentifier, awardingEventId);
  const template = useCertificateTemplate(seasonIdentifier);
  const issue = useIssueCertificates(seasonIdentifier);
  const tableHeadingId = useId();
  const items = list.data?.items ?? [];
  const pending = list.data?.pending ?? 0;

  async function issueNow() {
    try {
      const r = await issue.mutateAsync(awardingEventId);
      notify({
        message: `${plural(r.issued, 'Urkunde', 'Urkunden')} ausgestellt, ${plural(r.unchanged, 'Urkunde', 'Urkunden')} unverändert.`,
      });
    } catch (error) {
      reportError(error, 'Die Urkunden konnten nicht erzeugt werden.');
    }
  }

  const columns: DataTableColumn<AdminCertificate>[] = [
    { key: 'facilityLabel', header: 'KiTa' },
    { key: 'city', header: 'Ort' },
    { key: 'region', header: 'Regierungsbezirk' },
    {
      key: 'code',
      header: 'Prüfcode',
      render: (c) => (
        <Text ff="monospace" size="sm">
          {c.code}
        </Text>
      ),
    },
    { key: 'issuedAt', header: 'Ausgestellt am', render: (c) => formatDate(c.issuedAt) },
    {
      key: 'actions',
      header: 'PDF',
      render: (c) => (
        <PdfButton path={adminCertificatePdfPath(c.id)} fallbackName="urkunde.pdf" variant="subtle" aria-label={`PDF: Urkunde ${c.facilityLabel}`}>
          PDF
        </PdfButton>
      ),
    },
  ];

  const eventValue = awardingEventId === undefined ? 'alle' : String(awardingEventId);
  return (
    <Stack gap="xl">
      <Group align="flex-end" gap="md" role="group" aria-label="Urkunden filtern">
        <Select
          label="KiTa-Jahr"
          data={seasons.map((s) => ({ value: s.identifier, label: s.label }))}
          value={seasonIdentifier}
          allowDeselect={false}
          onChange={(v) => v && onFilters({ season: v, event: undefined })}
        />
        <Select
          label="Auszeichnungsveranstaltung"
          data={[
            { value: 'alle', label: 'alle' },
            { value: 'ohne', label: 'ohne Veranstaltung' },
            ...events.map((e) => ({ value: String(e.id), label: e.title })),
          ]}
          value={eventValue}
          allowDeselect={false}
          onChange={(v) => onFilters({ season: seasonIdentifier, event: v === null || v === 'alle' ? undefined : v === 'ohne' ? 'ohne' : Number(v) })}
        />
      </Group>

      <Stack gap="sm">
        <Group gap="sm">
          <Button size="sm" onClick={() => void issueNow()} loading={issue.isPending}>
            Urkunden erzeugen
          </Button>
          <PdfButton path={batchPdfPath(seasonIdentifier, awardingEventId)} fallbackName="urkunden.pdf" size="sm" disabled={items.length === 0}>
            Alle als PDF herunterladen
          </PdfButton>
        </Group>
        {pending > 0 && (
          <Alert color="blue">
            {pending === 1
              ? '1 KiTa hat ihre Urkunde noch nicht oder bekäme eine geänderte: „Urkunden erzeugen“ stellt sie aus.'
              : `${pending} KiTas haben ihre Urkunde noch nicht oder bekämen eine geänderte: „Urkunden erzeugen“ stellt sie aus.`}
          </Alert>
        )}
        <Text size="sm">
          Jede Urkunde trägt einen Prüfcode; geprüft wird er unter <Anchor href="/urkunde-pruefen">/urkunde-pruefen</Anchor>.
        </Text>
      </Stack>

      <Stack gap="sm" component="section" aria-labelledby={tableHeadingId}>
        <Title order={2} id={tableHeadingId}>
          Urkunden
        </Title>
        {list.isError ? (
          <Alert color="red">Die Urkunden konnten nicht geladen werden.</Alert>
        ) : (
          <DataTable
            caption="Urkunden"
            captionHidden
            columns={columns}
            rows={items}
            total={items.length}
            page={1}
            pageSize={0}
            loading={list.isPending}
            minWidth={760}
            emptyText="Noch keine Urkunde. Sobald die Jury Dokumentationen angenommen hat, stellt „Urkunden erzeugen“ sie aus."
          />
        )}
      </Stack>

      {template.data && (
        // keyed by the season only: a remount after "Vorlage speichern" dropped the focus to the page
        <TemplateEditor key={seasonIdentifier} seasonIdentifier={seasonIdentifier} template={template.data} />
      )}
    </Stack>
  );
}

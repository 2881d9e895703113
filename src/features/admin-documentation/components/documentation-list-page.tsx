import { Button, Group, Menu, type ButtonProps } from '@mantine/core';
import { createLink } from '@tanstack/react-router';
import { forwardRef, type AnchorHTMLAttributes } from 'react';
import type { DataTableColumn } from '../../../components/data-table/data-table';
import { ListFilterSelect, ListPage } from '../../../components/list-page/list-page';
import { AnchorLink } from '../../../components/links/anchor-link';
import { SeasonSwitch } from '../../../components/season-step/season-switch';
import { exportUrlOf } from '../../../lib/list-search';
import { formatDateTime } from '../../../lib/locale';
import {
  adminDocumentationList as contract,
  adminDocumentationStateLabels,
  type AdminDocumentationRow as Row,
} from '../../../shared/contracts/admin-documentation';
import { regions } from '../../../shared/contracts/facility-lists';
import { listQueryOf, type ListSearch } from '../../../shared/contracts/list-contract';
import { seasonText } from '../../../shared/season-text';
import { useDocumentationList } from '../api/list-documentation';
import { documentationApiPath, scoreText } from './format';

type Search = ListSearch<typeof contract>;

/** a Mantine button that is a typed router link */
const ButtonLink = createLink(
  forwardRef<HTMLAnchorElement, ButtonProps & AnchorHTMLAttributes<HTMLAnchorElement>>((props, ref) => <Button component="a" ref={ref} {...props} />),
);

type Props = {
  seasonIdentifier: string;
  search: Search;
  onSearchChange: (next: Partial<Search>) => void;
  /** the seasons to switch between (GET /api/admin/documentation/seasons, admins and the jury) */
  seasons: { identifier: string; label: string }[] | null;
  onSeasonChange: (seasonIdentifier: string) => void;
  /** admins edit the template; the jury only judges */
  isAdmin: boolean;
  /** only jury members review: "von mir bewertet" means nothing to an admin outside the jury */
  isJury: boolean;
};

const columns = (seasonIdentifier: string, isJury: boolean): DataTableColumn<Row>[] => [
  {
    key: 'facility',
    header: 'KiTa',
    sortable: true,
    render: (r) =>
      r.state === 'not_started' ? (
        r.facilityLabel
      ) : (
        <AnchorLink to="/verwaltung/dokuboegen/$seasonIdentifier/$facilityId" params={{ seasonIdentifier, facilityId: r.facilityId }}>
          {r.facilityLabel}
        </AnchorLink>
      ),
  },
  { key: 'city', header: 'Ort', render: (r) => r.city, hiddenByDefault: true },
  { key: 'region', header: 'Regierungsbezirk', sortable: true, render: (r) => r.region ?? '–' },
  { key: 'state', header: 'Status', sortable: true, render: (r) => adminDocumentationStateLabels[r.state] },
  { key: 'submittedAt', header: 'Eingereicht am', sortable: true, render: (r) => (r.submittedAt ? formatDateTime(r.submittedAt) : '–') },
  { key: 'reviews', header: 'Bewertungen', sortable: true, render: (r) => `${r.reviewCount} von ${r.jurySize}` },
  { key: 'score', header: 'Ø Punkte', sortable: true, align: 'right', render: (r) => scoreText(r.averageScore) },
  ...(isJury ? [{ key: 'reviewedByMe', header: 'Von mir bewertet', render: (r: Row) => (r.reviewedByMe ? 'ja' : 'nein') }] : []),
];

/**
 * The list's five downloads behind one button (issue 19: six buttons and a select took three rows and clipped the ZIP
 * button at 320 px). Mantine's Menu: Enter, Space or the arrow keys open it, the arrows move, Enter downloads, Escape
 * closes and gives focus back to the button.
 */
function ExportMenu({ items }: { items: { label: string; href: string }[] }) {
  return (
    // no initial-focus placeholder: a focusable role="presentation" div inside role="menu" fails axe (see UserMenu)
    <Menu position="bottom-start" withinPortal>
      <Menu.Target>
        <Button variant="default">Exportieren …</Button>
      </Menu.Target>
      <Menu.Dropdown>
        {items.map((item) => (
          <Menu.Item key={item.label} component="a" href={item.href} download>
            {item.label}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}

/**
 * /verwaltung/dokuboegen/{seasonIdentifier}: the season's forms with their state and the jury's progress. The average
 * stays hidden ("–") from a jury member until their own review is in (the server leaves it out).
 */
export function DocumentationListPage({ seasonIdentifier, search, onSearchChange, seasons, onSeasonChange, isAdmin, isJury }: Props) {
  const result = useDocumentationList(seasonIdentifier, listQueryOf(contract, search));
  const season = seasonText(seasonIdentifier);
  const base = documentationApiPath(seasonIdentifier);
  const texts = {
    heading: `Dokumentationsbögen ${season}`,
    caption: `Dokumentationsbögen des KiTa-Jahres ${season}`,
    searchHint: 'Name oder Ort der KiTa',
    filtersLabel: 'Dokumentationsbögen filtern',
    empty: 'Kein Dokumentationsbogen passt zu diesen Filtern.',
    error: 'Die Dokumentationsbögen konnten nicht geladen werden.',
  };
  const filters = (
    <>
      <ListFilterSelect
        label="Status"
        width={170}
        options={adminDocumentationStateLabels}
        value={search.state}
        onChange={(state) => onSearchChange({ state, page: undefined })}
      />
      <ListFilterSelect
        label="Regierungsbezirk"
        width={190}
        options={regions}
        value={search.region}
        onChange={(region) => onSearchChange({ region, page: undefined })}
      />
      {isJury && (
        <ListFilterSelect
          label="Von mir bewertet"
          width={150}
          options={{ yes: 'ja', no: 'nein' }}
          value={search.reviewedByMe}
          onChange={(reviewedByMe) => onSearchChange({ reviewedByMe, page: undefined })}
        />
      )}
    </>
  );
  return (
    <ListPage
      contract={contract}
      params={{ seasonIdentifier }}
      search={search}
      onSearchChange={onSearchChange}
      result={result}
      texts={texts}
      filters={filters}
      actions={
        isAdmin && (
          <ButtonLink to="/verwaltung/dokuboegen/$seasonIdentifier/vorlage" params={{ seasonIdentifier }} variant="light">
            Vorlage bearbeiten
          </ButtonLink>
        )
      }
      columns={columns(seasonIdentifier, isJury)}
      getRowKey={(r) => r.facilityId}
    >
      <Group align="flex-end" gap="xs" mb="md" wrap="wrap">
        <SeasonSwitch seasons={seasons} value={seasonIdentifier} onChange={onSeasonChange} />
        <ExportMenu
          items={[
            { label: 'Liste als Excel (XLSX)', href: exportUrlOf(contract, 'xlsx', search, { seasonIdentifier }) },
            { label: 'Liste als CSV (Excel)', href: exportUrlOf(contract, 'csv', search, { seasonIdentifier }) },
            { label: 'Antworten als Excel (XLSX)', href: `${base}/answers.xlsx` },
            { label: 'Antworten als CSV (Excel)', href: `${base}/answers.csv` },
            { label: 'Alle eingereichten Bögen als ZIP (PDF)', href: `${base}/forms.zip` },
          ]}
        />
      </Group>
    </ListPage>
  );
}

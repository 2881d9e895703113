import { Button, Group } from '@mantine/core';

export type ExportFormat = 'xlsx' | 'csv';

/** The two download links above an admin list; `urlOf` carries the list's current filters and sorting. */
export function ExportButtons({ urlOf }: { urlOf: (format: ExportFormat) => string }) {
  return (
    <Group gap="xs">
      <Button component="a" variant="default" href={urlOf('xlsx')} download>
        Als Excel (XLSX) exportieren
      </Button>
      <Button component="a" variant="default" href={urlOf('csv')} download>
        Als CSV (Excel) exportieren
      </Button>
    </Group>
  );
}

import { NativeSelect } from '@mantine/core';

type Props = {
  /** the seasons to switch between (GET /api/admin/seasons/choices), newest first; nothing shows without any */
  seasons: { identifier: string; label: string }[] | null | undefined;
  value: string;
  onChange: (seasonIdentifier: string) => void;
};

/** The KiTa-Jahr switch of the pages that show one season at a time (documentation list, season report). */
export function SeasonSwitch({ seasons, value, onChange }: Props) {
  if (!seasons || seasons.length === 0) return null;
  return (
    <NativeSelect
      label="KiTa-Jahr"
      w={190}
      data={seasons.map((s) => ({ value: s.identifier, label: s.label }))}
      value={value}
      onChange={(e) => onChange(e.currentTarget.value)}
    />
  );
}

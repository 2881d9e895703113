import '../../lib/dates-styles';
import { DateTimePicker, type DateTimePickerProps } from '@mantine/dates';
import { DATE_TIME_FORMAT } from '../../lib/locale';
import { ARIA_LABELS } from './german-date-input';

type Props = Omit<DateTimePickerProps, 'onChange' | 'value'> & {
  label: string;
  /** Mantine's value: "2027-02-01 09:00:00" (Berlin wall time), or null */
  value: string | null;
  onChange: (value: string | null) => void;
  required?: boolean;
};

/**
 * Date and time in one field ("TT.MM.JJJJ HH:MM", 24 h): Mantine's DateTimePicker with German names on every control
 * of its calendar and time fields (axe: a button or input without a name is a serious violation). The calendar's
 * colours come from dates-contrast.css like every other calendar of the portal.
 */
export function GermanDateTimePicker({ label, required = false, ...rest }: Props) {
  return (
    <DateTimePicker
      label={label}
      withAsterisk={required}
      clearable={!required}
      clearButtonProps={{ 'aria-label': `${label} leeren` }}
      valueFormat={DATE_TIME_FORMAT}
      ariaLabels={ARIA_LABELS}
      timePickerProps={{ format: '24h', hoursInputLabel: `${label}: Stunden`, minutesInputLabel: `${label}: Minuten` }}
      submitButtonProps={{ 'aria-label': 'Übernehmen' }}
      {...rest}
    />
  );
}

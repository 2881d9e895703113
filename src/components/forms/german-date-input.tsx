import '../../lib/dates-styles';
import { DateInput, type DateInputProps } from '@mantine/dates';
import { useState, type FocusEvent } from 'react';
import { DATE_INPUT_PROPS, parseGermanDate } from '../../lib/locale';

const isIsoDate = (value: string | null): value is string => value !== null && /^\d{4}-\d{2}-\d{2}$/.test(value);

// the calendar's arrows are unnamed buttons otherwise (axe: button-name). The month and year between them keep their
// text as their name ("Dezember 2026"): a label such as "Monat wählen" hid what they show (WCAG 2.5.3, label in name)
export const ARIA_LABELS = {
  previousMonth: 'Vorheriger Monat',
  nextMonth: 'Nächster Monat',
  previousYear: 'Vorheriges Jahr',
  nextYear: 'Nächstes Jahr',
  previousDecade: 'Vorheriges Jahrzehnt',
  nextDecade: 'Nächstes Jahrzehnt',
};

export const impossibleDateMessage = 'Dieses Datum gibt es nicht. Bitte gib ein echtes Datum als TT.MM.JJJJ ein, z. B. 31.07.2027.';

type Props = Omit<DateInputProps, 'value' | 'onChange' | 'dateParser' | 'valueFormat'> & {
  /** an ISO date, null, or the text typed when it is no date at all (then the form refuses to send it) */
  value: string | null;
  onChange: (value: string | null) => void;
};

/**
 * A date field in German (TT.MM.JJJJ). Mantine's DateInput silently puts back the last date when the text typed is
 * no date (31.02.2027); here the text stays, the form's value becomes that text (so the contract refuses it) and the
 * field says what is wrong.
 */
export function GermanDateInput({ value, onChange, error, onBlur, ...rest }: Props) {
  // the DateInput keeps the last real date, so it doesn't overwrite the text typed
  const [lastDate, setLastDate] = useState(isIsoDate(value) ? value : null);
  if ((value === null || isIsoDate(value)) && value !== lastDate) setLastDate(value);
  const impossible = value !== null && !isIsoDate(value);

  const handleBlur = (event: FocusEvent<HTMLInputElement>) => {
    onBlur?.(event);
    const typed = event.currentTarget.value.trim();
    if (typed !== '' && parseGermanDate(typed) === null) onChange(typed);
  };

  return (
    <DateInput
      {...DATE_INPUT_PROPS}
      placeholder="TT.MM.JJJJ"
      ariaLabels={ARIA_LABELS}
      {...rest}
      dateParser={parseGermanDate}
      fixOnBlur={false}
      value={lastDate}
      onChange={onChange}
      onBlur={handleBlur}
      error={impossible ? impossibleDateMessage : error}
    />
  );
}

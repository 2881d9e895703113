import { Group, Input, TextInput } from '@mantine/core';
import { useId, useState, type FocusEvent } from 'react';
import { GermanDateInput } from './german-date-input';

type Props = {
  label: string;
  /** "2027-02-01 09:00:00" (Berlin wall time), null when both parts are empty, else the text typed (the form refuses it) */
  value: string | null;
  onChange: (value: string | null) => void;
  required?: boolean;
  error?: string | undefined;
  'data-path'?: string;
};

export const timeFormatMessage = 'Bitte gib die Uhrzeit als HH:MM ein, z. B. 09:30.';
export const timeMissingMessage = 'Bitte gib auch die Uhrzeit ein (HH:MM).';
export const dateMissingMessage = 'Bitte gib auch das Datum ein (TT.MM.JJJJ).';

const COMPLETE = /^(\d{4}-\d{2}-\d{2}) (\d{2}):(\d{2})(?::\d{2})?$/;
const isIsoDate = (value: string | null): value is string => value !== null && /^\d{4}-\d{2}-\d{2}$/.test(value);

/** "9:00", "09:00", "0900", "9.00" → "09:00"; null when it is no time of day */
export function parseTime(input: string): string | null {
  const m = /^(\d{1,2})[:.]?(\d{2})$/.exec(input.trim());
  if (!m) return null;
  const hours = Number(m[1]);
  const minutes = Number(m[2]);
  if (hours > 23 || minutes > 59) return null;
  return `${String(hours).padStart(2, '0')}:${m[2]}`;
}

type Parts = { date: string | null; time: string; emitted: string | null };

function partsOf(value: string | null): Parts {
  const m = value ? COMPLETE.exec(value) : null;
  return m ? { date: m[1]!, time: `${m[2]}:${m[3]}`, emitted: value } : { date: null, time: '', emitted: value };
}

/** the form's value of a date (ISO, typed text or null) and a time text */
function combine(date: string | null, time: string): string | null {
  const t = parseTime(time);
  if (isIsoDate(date) && t) return `${date} ${t}:00`;
  if (date === null && time.trim() === '') return null;
  // incomplete or not a date/time: a text the contract refuses ("Bitte gib Datum und Uhrzeit an …")
  return `${date ?? ''} ${time}`.trim() || null;
}

/**
 * Date and time of day as two fields typed like on paper: "TT.MM.JJJJ" (with a calendar) and "HH:MM" (24 h). What is
 * typed is kept exactly (issue 19: Mantine's DateTimePicker set 00:00 on picking a day and turned "09:00" typed into
 * its hour/minute spin fields into 00:09). The value is Berlin wall time, "YYYY-MM-DD HH:mm:ss"; `instantOfPickerValue`
 * adds the Berlin offset for the server.
 */
export function GermanDateTimePicker({ label, required = false, value, onChange, error, 'data-path': dataPath }: Props) {
  const [parts, setParts] = useState<Parts>(() => partsOf(value));
  const [timeTouched, setTimeTouched] = useState(false);
  const errorId = useId();
  // a value set from outside (form reset, another offering opened) replaces what is shown
  if (value !== parts.emitted) setParts(partsOf(value));

  const update = (date: string | null, time: string) => {
    const next = combine(date, time);
    setParts({ date, time, emitted: next });
    onChange(next);
  };

  const onTimeBlur = (event: FocusEvent<HTMLInputElement>) => {
    setTimeTouched(true);
    const t = parseTime(event.currentTarget.value);
    if (t && t !== parts.time) update(parts.date, t);
  };

  const timeInvalid = parts.time.trim() !== '' && parseTime(parts.time) === null;
  const timeMessage =
    timeInvalid && timeTouched
      ? timeFormatMessage
      : isIsoDate(parts.date) && parts.time.trim() === '' && (timeTouched || error)
        ? timeMissingMessage
        : undefined;
  const dateMessage = parts.date === null && parts.time.trim() !== '' && error ? dateMissingMessage : undefined;
  // the contract's message belongs to the pair; the parts say precisely what is missing
  const groupError = timeMessage || dateMessage ? undefined : error;

  return (
    <Input.Wrapper error={groupError} errorProps={{ id: errorId }} data-path={dataPath}>
      <Group gap="xs" align="flex-start" wrap="nowrap">
        <GermanDateInput
          label={label}
          required={required}
          clearable={!required}
          clearButtonProps={{ 'aria-label': `${label} leeren` }}
          value={parts.date}
          onChange={(date) => update(date, parts.time)}
          error={dateMessage ?? (groupError ? true : undefined)}
          aria-describedby={groupError ? errorId : undefined}
          style={{ flex: '1 1 9rem', minWidth: 0 }}
        />
        <TextInput
          label="Uhrzeit"
          aria-label={`${label}: Uhrzeit`}
          placeholder="HH:MM"
          inputMode="numeric"
          autoComplete="off"
          withAsterisk={required}
          value={parts.time}
          onChange={(event) => update(parts.date, event.currentTarget.value)}
          onBlur={onTimeBlur}
          error={timeMessage ?? (groupError ? true : undefined)}
          aria-describedby={groupError ? errorId : undefined}
          rightSection={<span aria-hidden="true">Uhr</span>}
          rightSectionWidth={36}
          style={{ flex: '0 0 6.5rem' }}
        />
      </Group>
    </Input.Wrapper>
  );
}

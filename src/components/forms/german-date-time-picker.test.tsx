import { MantineProvider } from '@mantine/core';
import { DatesProvider } from '@mantine/dates';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { DATES_SETTINGS } from '../../lib/dates-settings';
import { instantOfPickerValue } from '../../lib/locale';
import { theme } from '../../lib/theme';
import { GermanDateTimePicker, timeFormatMessage, timeMissingMessage } from './german-date-time-picker';

let seen: string | null = null;
function Probe({ initial = null }: { initial?: string | null }) {
  const [value, setValue] = useState<string | null>(initial);
  seen = value;
  return <GermanDateTimePicker label="Beginn" value={value} onChange={setValue} />;
}

function renderProbe(initial: string | null = null) {
  render(
    <MantineProvider theme={theme} env="test">
      <DatesProvider settings={DATES_SETTINGS}>
        <Probe initial={initial} />
        <button type="button">weiter</button>
      </DatesProvider>
    </MantineProvider>,
  );
  return userEvent.setup();
}

describe('GermanDateTimePicker (issue 19: admin times saved wrong)', () => {
  it('keeps exactly the date and time typed by keyboard, as Berlin wall time', async () => {
    const user = renderProbe();
    const date = screen.getByRole('textbox', { name: 'Beginn' });
    const time = screen.getByRole('textbox', { name: 'Beginn: Uhrzeit' });
    await user.type(date, '10.02.2027');
    await user.type(time, '09:00');
    expect(time).toHaveValue('09:00');
    expect(seen).toBe('2027-02-10 09:00:00');
    expect(instantOfPickerValue(seen)).toBe('2027-02-10T09:00:00+01:00');
    await user.clear(time);
    await user.type(time, '15:30');
    await user.click(screen.getByRole('button', { name: 'weiter' }));
    expect(time).toHaveValue('15:30');
    expect(date).toHaveValue('10.02.2027');
    expect(instantOfPickerValue(seen)).toBe('2027-02-10T15:30:00+01:00');
    // summer time: the offset follows Berlin
    await user.clear(date);
    await user.type(date, '01.07.2027');
    expect(instantOfPickerValue(seen)).toBe('2027-07-01T15:30:00+02:00');
  });

  it('a day picked in the calendar keeps the time typed; a time without date or a wrong time is never midnight', async () => {
    const user = renderProbe('2027-02-10 09:00:00');
    const date = screen.getByRole('textbox', { name: 'Beginn' });
    const time = screen.getByRole('textbox', { name: 'Beginn: Uhrzeit' });
    expect(date).toHaveValue('10.02.2027');
    expect(time).toHaveValue('09:00');
    await user.click(date);
    // the calendar's popover is still in its opening transition for jsdom's accessibility tree
    await user.click(await screen.findByRole('button', { name: '12 Februar 2027', hidden: true }));
    expect(seen).toBe('2027-02-12 09:00:00');
    expect(time).toHaveValue('09:00');

    await user.clear(time);
    await user.click(screen.getByRole('button', { name: 'weiter' }));
    expect(time).toHaveAccessibleDescription(timeMissingMessage);
    expect(instantOfPickerValue(seen)).not.toMatch(/T00:00/);
    expect(instantOfPickerValue(seen)).not.toBeNull();

    await user.type(time, '25:70');
    await user.click(screen.getByRole('button', { name: 'weiter' }));
    expect(time).toHaveValue('25:70');
    expect(time).toHaveAccessibleDescription(timeFormatMessage);
    expect(instantOfPickerValue(seen)).toBe('2027-02-12 25:70');

    await user.clear(time);
    await user.type(time, '930');
    await user.click(screen.getByRole('button', { name: 'weiter' }));
    expect(time).toHaveValue('09:30');
    expect(seen).toBe('2027-02-12 09:30:00');
  });
});

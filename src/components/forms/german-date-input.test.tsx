import { MantineProvider } from '@mantine/core';
import { DatesProvider } from '@mantine/dates';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { DATES_SETTINGS } from '../../lib/dates-settings';
import { theme } from '../../lib/theme';
import { GermanDateInput, impossibleDateMessage } from './german-date-input';

let seen: string | null = null;
function Probe() {
  const [value, setValue] = useState<string | null>('2027-07-31');
  seen = value;
  return <GermanDateInput label="Jurysitzung" value={value} onChange={setValue} />;
}

describe('GermanDateInput', () => {
  it('given an impossible date, keeps the text, says why in German and hands the form no date', async () => {
    render(
      <MantineProvider theme={theme} env="test">
        <DatesProvider settings={DATES_SETTINGS}>
          <Probe />
          <button type="button">weiter</button>
        </DatesProvider>
      </MantineProvider>,
    );
    const user = userEvent.setup();
    const field = screen.getByRole('textbox', { name: 'Jurysitzung' });
    expect(field).toHaveValue('31.07.2027');
    await user.clear(field);
    await user.type(field, '31.02.2027');
    await user.click(screen.getByRole('button', { name: 'weiter' }));
    expect(field).toHaveValue('31.02.2027');
    expect(field).toHaveAccessibleDescription(impossibleDateMessage);
    expect(seen).toBe('31.02.2027');
    await user.clear(field);
    await user.type(field, '28.02.2027');
    expect(seen).toBe('2027-02-28');
    expect(field).not.toHaveAttribute('aria-invalid', 'true');
  });
});

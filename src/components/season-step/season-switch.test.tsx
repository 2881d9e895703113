import { MantineProvider } from '@mantine/core';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { theme } from '../../lib/theme';
import { SeasonSwitch } from './season-switch';

const seasons = [
  { identifier: '2026-27', label: 'KiTa-Jahr 2026/27' },
  { identifier: '2025-26', label: 'KiTa-Jahr 2025/26' },
  { identifier: '2024-25', label: 'KiTa-Jahr 2024/25' },
  { identifier: '2023-24', label: 'KiTa-Jahr 2023/24' },
];

function renderSwitch() {
  const onChange = vi.fn();
  render(
    <MantineProvider theme={theme} env="test">
      <SeasonSwitch seasons={seasons} value="2026-27" onChange={onChange} />
    </MantineProvider>,
  );
  return { onChange, select: screen.getByRole('combobox', { name: 'KiTa-Jahr' }) };
}

/** one arrow key on the closed select, as a browser does it: the key, then the value one step on */
const step = (select: HTMLElement, to: string) => {
  fireEvent.keyDown(select, { key: 'ArrowDown' });
  fireEvent.change(select, { target: { value: to } });
};

describe('SeasonSwitch (issue 34: the arrow keys load the season that stays)', () => {
  it('given three steps by arrow key, only the season stayed on is loaded, once', async () => {
    const { onChange, select } = renderSwitch();
    step(select, '2025-26');
    step(select, '2024-25');
    step(select, '2023-24');
    // the switch shows each step at once; the page is asked for none of the seasons passed
    expect(select).toHaveValue('2023-24');
    expect(onChange).not.toHaveBeenCalled();
    await waitFor(() => expect(onChange).toHaveBeenCalledTimes(1));
    expect(onChange).toHaveBeenCalledWith('2023-24');
  });

  it('given a step and then leaving the field (or Enter), the season applies at once', () => {
    const { onChange, select } = renderSwitch();
    step(select, '2025-26');
    fireEvent.blur(select);
    expect(onChange).toHaveBeenCalledExactlyOnceWith('2025-26');
    step(select, '2024-25');
    fireEvent.keyDown(select, { key: 'Enter' });
    expect(onChange).toHaveBeenLastCalledWith('2024-25');
    expect(onChange).toHaveBeenCalledTimes(2);
  });

  it('given a choice with the mouse, it applies at once', () => {
    const { onChange, select } = renderSwitch();
    fireEvent.mouseDown(select);
    fireEvent.change(select, { target: { value: '2024-25' } });
    expect(onChange).toHaveBeenCalledExactlyOnceWith('2024-25');
  });
});

import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { theme } from './theme';
import { ERROR_INTRO, NOTIFICATIONS_PROPS, errorDuration, notify, notifyApiError } from './notifications';

function renderNotifications() {
  return render(
    <MantineProvider theme={theme} env="test">
      <Notifications {...NOTIFICATIONS_PROPS} />
    </MantineProvider>,
  );
}

/** Mantine's leave transition keeps a hidden notification in the DOM for a moment, also with env="test". */
const CLOSE_TRANSITION_MS = 1000;

afterEach(() => {
  vi.useRealTimers();
});

describe('errorDuration (seed §9)', () => {
  it('given a short text, lasts the minimum of 5000 ms', () => {
    expect(errorDuration('Kurz.')).toBe(5000);
    expect(errorDuration('')).toBe(5000);
  });

  it('given 250 characters, lasts 250 / 25 = 10 seconds', () => {
    expect(errorDuration('x'.repeat(250))).toBe(10_000);
  });
});

describe('notifyApiError (seed §8)', () => {
  it('shows the intro, the text and the reason in a red alert at the top', async () => {
    renderNotifications();
    act(() => {
      notifyApiError({ text: 'Die Liste konnte nicht geladen werden.', reason: { message: 'Das gibt es hier nicht.' } });
    });
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText(ERROR_INTRO)).toBeInTheDocument();
    expect(within(alert).getByText('Die Liste konnte nicht geladen werden.')).toBeInTheDocument();
    expect(within(alert).getByText('Das gibt es hier nicht.')).toBeInTheDocument();
    expect(alert).toHaveStyle({ '--notification-color': 'var(--mantine-color-red-filled)' });
    expect(NOTIFICATIONS_PROPS.position).toBe('top-center');
  });

  it('given the same error twice, shows it once', async () => {
    renderNotifications();
    act(() => {
      notifyApiError({ text: 'Doppelt.' });
      notifyApiError({ text: 'Doppelt.' });
    });
    expect(await screen.findAllByRole('alert')).toHaveLength(1);
  });

  it('has a progressbar running down from 100 to 0, then closes', () => {
    vi.useFakeTimers();
    renderNotifications();
    act(() => {
      notifyApiError({ text: 'Kurz.' });
    });
    const bar = screen.getByRole('progressbar', { name: 'Verbleibende Anzeigedauer' });
    expect(bar).toHaveAttribute('aria-valuenow', '100');

    act(() => vi.advanceTimersByTime(2500));
    expect(Number(bar.getAttribute('aria-valuenow'))).toBeCloseTo(50, -1);

    act(() => vi.advanceTimersByTime(2600));
    act(() => vi.advanceTimersByTime(CLOSE_TRANSITION_MS));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('given the pointer rests on it, the countdown holds still', () => {
    vi.useFakeTimers();
    renderNotifications();
    act(() => {
      notifyApiError({ text: 'Bitte lesen.' });
    });
    const alert = screen.getByRole('alert');
    act(() => vi.advanceTimersByTime(1000));
    fireEvent.mouseEnter(alert);
    act(() => vi.advanceTimersByTime(10_000));
    expect(screen.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '80');
    fireEvent.mouseLeave(alert);
    act(() => vi.advanceTimersByTime(4100));
    act(() => vi.advanceTimersByTime(CLOSE_TRANSITION_MS));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});

describe('notify (seed §9)', () => {
  it('shows a positive status message with React content for 5000 ms', () => {
    vi.useFakeTimers();
    renderNotifications();
    act(() => {
      notify({ message: <strong>Gespeichert.</strong> });
    });
    const status = screen.getByRole('status');
    expect(within(status).getByText('Gespeichert.').tagName).toBe('STRONG');
    expect(status).toHaveStyle({ '--notification-color': 'var(--mantine-color-green-filled)' });
    act(() => vi.advanceTimersByTime(5100));
    act(() => vi.advanceTimersByTime(CLOSE_TRANSITION_MS));
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });
});

import { MantineProvider } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { offlineText } from './api-client';
import { NOTIFICATIONS_PROPS, notifyApiError } from './notifications';
import { NotificationsOutlet } from './notifications-outlet';
import { theme } from './theme';

// the container's chunk cannot be loaded: the network is gone (issue 19)
vi.mock('./notifications-container', () => {
  throw new TypeError('Failed to fetch dynamically imported module: /assets/notifications.js');
});

afterEach(() => {
  act(() => notifications.clean());
});

describe('NotificationsOutlet when its container cannot be loaded (offline)', () => {
  it('still shows seed §8 network message, red, with its progress bar and a close button, and the page stays', async () => {
    render(
      <MantineProvider theme={theme} env="test">
        <NotificationsOutlet {...NOTIFICATIONS_PROPS} />
        <h1>Anmelden</h1>
      </MantineProvider>,
    );
    act(() => {
      notifyApiError({ text: offlineText('KiTa-Portal') });
    });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Da ging etwas schief.');
    expect(alert).toHaveTextContent('Die Server von KiTa-Portal konnten nicht erreicht werden. Bist du offline?');
    expect(alert.getAttribute('style')).toMatch(/--notification-color:\s*var\(--mantine-color-red/);
    expect(screen.getByRole('progressbar')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Anmelden' })).toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: 'Meldung schließen' }));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});

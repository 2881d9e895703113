import { MantineProvider } from '@mantine/core';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { theme } from '../../lib/theme';
import { ConfirmDialog } from './confirm-dialog';

describe('ConfirmDialog', () => {
  it('opens with focus on "Abbrechen", so Enter pressed twice changes nothing', async () => {
    const onConfirm = vi.fn();
    const onClose = vi.fn();
    render(
      <MantineProvider theme={theme} env="test">
        <ConfirmDialog opened title="Konto deaktivieren?" confirmLabel="Ja, deaktivieren" danger onConfirm={onConfirm} onClose={onClose}>
          Das Konto kann sich danach nicht mehr anmelden.
        </ConfirmDialog>
      </MantineProvider>,
    );
    const dialog = await screen.findByRole('dialog', { name: 'Konto deaktivieren?' });
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Abbrechen' })).toHaveFocus());
    await userEvent.keyboard('{Enter}');
    expect(onConfirm).not.toHaveBeenCalled();
    expect(onClose).toHaveBeenCalled();
  });
});

import { MantineProvider } from '@mantine/core';
import { onlineManager } from '@tanstack/react-query';
import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { theme } from '../../lib/theme';
import { PageLoader } from './page-loader';

describe('PageLoader (issue 34: offline, the start page spun without end)', () => {
  afterEach(() => onlineManager.setOnline(true));

  it('given the network gone while a page waits for its data, it says so; back online, the plain spinner', () => {
    render(
      <MantineProvider theme={theme} env="test">
        <PageLoader />
      </MantineProvider>,
    );
    expect(screen.getByRole('status', { name: 'Seite wird geladen' })).toBeInTheDocument();
    act(() => onlineManager.setOnline(false));
    expect(screen.getByRole('status')).toHaveTextContent('Keine Verbindung zum Server. Sobald du wieder online bist, geht es hier weiter.');
    act(() => onlineManager.setOnline(true));
    expect(screen.getByRole('status', { name: 'Seite wird geladen' })).not.toHaveTextContent('Keine Verbindung');
  });
});

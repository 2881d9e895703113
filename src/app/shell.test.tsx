import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { users } from '../testing/factories/users';
import { renderRoute } from '../testing/render';

describe('shell smoke', () => {
  it('shows the home page for a user with one KiTa', async () => {
    const { router } = await renderRoute('/', { user: users.oneEnrolled() });
    expect(router.state.location.pathname).toBe('/');
    expect(await screen.findByRole('heading', { level: 1, name: 'Start' })).toBeInTheDocument();
  });
});

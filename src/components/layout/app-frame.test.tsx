import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { users } from '../../testing/factories/users';
import { renderRoute } from '../../testing/render';

describe('AppFrame: the mobile menu button', () => {
  it('given the navigation is opened, when it shows ✕, it is named "Navigation schließen" and says it is expanded', async () => {
    const { user } = await renderRoute('/einstellungen', { user: users.oneEnrolled() });
    const button = screen.getByRole('button', { name: 'Navigation öffnen' });
    expect(button).toHaveAttribute('aria-expanded', 'false');
    await user.click(button);
    expect(button).toHaveAccessibleName('Navigation schließen');
    expect(button).toHaveAttribute('aria-expanded', 'true');
    await user.click(button);
    expect(button).toHaveAccessibleName('Navigation öffnen');
    expect(button).toHaveAttribute('aria-expanded', 'false');
  });
});

import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderRoute } from '../../testing/render';
import { users } from '../../testing/factories/users';

describe('UserMenu', () => {
  it('given the open menu, it holds only menu items (no focusable placeholder axe rejects) and the arrow keys reach the items', async () => {
    const { user } = await renderRoute('/einstellungen', { user: users.oneEnrolled() });
    // until the session's chunk is there (asked for after the first paint), an inert placeholder of the same name
    // stands in: jsdom does not take inert elements out of the accessibility tree as a browser does
    const button = await waitFor(() => {
      const found = screen.getByRole('button', { name: /Benutzermenü von/ });
      expect(found).not.toHaveAttribute('inert');
      return found;
    });
    await user.click(button);
    const menu = await screen.findByRole('menu');
    const children = [...menu.children].filter((el) => el.getAttribute('role') !== 'menuitem');
    expect(children).toEqual([]);
    // keyboard: from wherever focus landed, the arrow keys walk into the items
    await user.keyboard('{ArrowDown}');
    expect(screen.getAllByRole('menuitem')).toContainEqual(document.activeElement);
  });
});

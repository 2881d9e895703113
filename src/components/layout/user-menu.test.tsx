import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderRoute } from '../../testing/render';
import { users } from '../../testing/factories/users';

describe('UserMenu', () => {
  it('given the open menu, it holds only menu items (no focusable placeholder axe rejects) and the arrow keys reach the items', async () => {
    const { user } = await renderRoute('/einstellungen', { user: users.oneEnrolled() });
    await user.click(screen.getByRole('button', { name: /Benutzermenü von/ }));
    const menu = await screen.findByRole('menu');
    const children = [...menu.children].filter((el) => el.getAttribute('role') !== 'menuitem');
    expect(children).toEqual([]);
    // keyboard: from wherever focus landed, the arrow keys walk into the items
    await user.keyboard('{ArrowDown}');
    expect(screen.getAllByRole('menuitem')).toContainEqual(document.activeElement);
  });
});

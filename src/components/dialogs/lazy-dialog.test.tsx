import { render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { lazyDialog } from './lazy-dialog';

type Props = { opened: boolean; title: string };

function setUp() {
  const mounts = vi.fn();
  const View = ({ opened, title }: Props) => {
    mounts();
    return opened ? <div role="dialog" aria-label={title} /> : <p>geschlossen</p>;
  };
  const load = vi.fn(() => Promise.resolve({ default: View }));
  return { Dialog: lazyDialog<Props>(load, (props) => props.opened), load, mounts };
}

describe('a dialog whose code comes when it is first opened', () => {
  it('renders nothing until opened, then the dialog; closed again it stays mounted (transition, focus return)', async () => {
    const { Dialog, load, mounts } = setUp();
    const view = render(<Dialog opened={false} title="Löschen?" />);
    expect(view.container).toBeEmptyDOMElement();
    expect(mounts).not.toHaveBeenCalled();
    view.rerender(<Dialog opened title="Löschen?" />);
    expect(await screen.findByRole('dialog', { name: 'Löschen?' })).toBeInTheDocument();
    view.rerender(<Dialog opened={false} title="Löschen?" />);
    expect(screen.getByText('geschlossen')).toBeInTheDocument();
    // fetched once, whether the idle time or the opening asked first
    expect(load).toHaveBeenCalledTimes(1);
  });
});

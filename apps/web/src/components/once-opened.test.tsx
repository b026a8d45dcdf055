import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { OnceOpened } from './once-opened';

const Dialog = ({ open }: { open: boolean }) => <div role="dialog" data-open={open} />;

describe('OnceOpened (dialogs whose code loads when first opened)', () => {
  it('renders nothing until first opened, then stays mounted so closing can animate and return focus', () => {
    const { rerender } = render(
      <OnceOpened open={false}>
        <Dialog open={false} />
      </OnceOpened>,
    );
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    rerender(
      <OnceOpened open>
        <Dialog open />
      </OnceOpened>,
    );
    expect(screen.getByRole('dialog')).toHaveAttribute('data-open', 'true');
    rerender(
      <OnceOpened open={false}>
        <Dialog open={false} />
      </OnceOpened>,
    );
    expect(screen.getByRole('dialog')).toHaveAttribute('data-open', 'false');
  });
});

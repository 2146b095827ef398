import { act, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { Toaster } from './Toaster.tsx';
import { resetToasts, toast } from './use-toast.ts';

afterEach(() => {
  act(() => resetToasts());
});

describe('toasts', () => {
  it('shows one toast at a time: the newest replaces the previous', () => {
    render(<Toaster />);
    act(() => {
      toast({ title: 'First' });
      toast({ title: 'Second', description: 'Newest wins' });
    });
    expect(screen.getByText('Second')).toBeInTheDocument();
    expect(screen.getByText('Newest wins')).toBeInTheDocument();
    expect(screen.queryByText('First')).not.toBeInTheDocument();
  });

  it('on a small screen with a bottom bar, the toasts stand above the bar rather than over it', () => {
    render(<Toaster />);
    act(() => {
      toast({ title: 'Message sent' });
    });
    const viewport = within(screen.getByRole('region', { name: /Notifications/ })).getByRole('list');
    // Below the md breakpoint, a page that has a [data-bottom-bar] lifts the viewport over the bar's height.
    expect(viewport.className).toMatch(
      /max-md:\[:root:has\(\[data-bottom-bar\]\)_&\]:bottom-\[calc\(3\.5rem\+env\(safe-area-inset-bottom\)\)\]/,
    );
  });
});

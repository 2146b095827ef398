import { act, render, screen } from '@testing-library/react';
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
});

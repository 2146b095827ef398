import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Tooltip, TOOLTIP_DELAY_MS } from './tooltip.tsx';

function renderTip() {
  render(
    <Tooltip content="Switch to dark theme">
      <button type="button" aria-label="Switch to dark theme">
        ☾
      </button>
    </Tooltip>,
  );
  return screen.getByRole('button');
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('tooltip timing', () => {
  it('opens 700 ms after a mouse comes to rest, and closes when it leaves', () => {
    const button = renderTip();
    fireEvent.pointerEnter(button.parentElement!, { pointerType: 'mouse' });
    act(() => vi.advanceTimersByTime(TOOLTIP_DELAY_MS - 50));
    expect(screen.queryByRole('tooltip')).not.toBeInTheDocument();
    act(() => vi.advanceTimersByTime(60));
    expect(screen.getByRole('tooltip')).toHaveTextContent('Switch to dark theme');
    fireEvent.pointerLeave(button.parentElement!, { pointerType: 'mouse' });
    expect(screen.queryByRole('tooltip')).not.toBeInTheDocument();
  });

  it('opens at once on keyboard focus and closes on Escape', () => {
    const button = renderTip();
    act(() => button.focus());
    expect(screen.getByRole('tooltip')).toBeInTheDocument();
    fireEvent.keyDown(button, { key: 'Escape' });
    expect(screen.queryByRole('tooltip')).not.toBeInTheDocument();
  });

  it('never opens for touch', () => {
    const button = renderTip();
    fireEvent.pointerEnter(button.parentElement!, { pointerType: 'touch' });
    act(() => vi.advanceTimersByTime(TOOLTIP_DELAY_MS * 2));
    expect(screen.queryByRole('tooltip')).not.toBeInTheDocument();
  });
});

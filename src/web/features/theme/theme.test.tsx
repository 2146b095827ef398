import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TooltipProvider } from '#web/components/ui/tooltip.tsx';
import { readSavedTheme, resolveInitialTheme, THEME_STORAGE_KEY } from './theme.ts';
import { ThemeProvider } from './ThemeProvider.tsx';
import { ThemeToggle } from './ThemeToggle.tsx';

function prefersDark(dark: boolean) {
  vi.spyOn(window, 'matchMedia').mockImplementation(
    (query: string) =>
      ({
        matches: dark && query.includes('dark'),
        media: query,
        onchange: null,
        addListener: () => undefined,
        removeListener: () => undefined,
        addEventListener: () => undefined,
        removeEventListener: () => undefined,
        dispatchEvent: () => false,
      }) as MediaQueryList,
  );
}

function renderToggle() {
  render(
    <ThemeProvider>
      <TooltipProvider>
        <ThemeToggle />
      </TooltipProvider>
    </ThemeProvider>,
  );
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('theme rules', () => {
  it('a saved choice wins over the system preference', () => {
    expect(resolveInitialTheme('light', true)).toBe('light');
    expect(resolveInitialTheme('dark', false)).toBe('dark');
    expect(resolveInitialTheme(null, true)).toBe('dark');
    expect(resolveInitialTheme(null, false)).toBe('light');
  });

  it('ignores unknown saved values', () => {
    localStorage.setItem(THEME_STORAGE_KEY, 'purple');
    expect(readSavedTheme(localStorage)).toBeNull();
  });
});

describe('theme toggle', () => {
  it('follows the system dark preference when nothing is saved', () => {
    prefersDark(true);
    renderToggle();
    expect(document.documentElement).toHaveClass('dark');
    expect(screen.getByRole('button', { name: 'Switch to light theme' })).toBeInTheDocument();
  });

  it('uses the saved theme over the system preference', () => {
    prefersDark(true);
    localStorage.setItem(THEME_STORAGE_KEY, 'light');
    renderToggle();
    expect(document.documentElement).not.toHaveClass('dark');
  });

  it('flips the theme, saves it and sets the dark class on the document', async () => {
    prefersDark(false);
    renderToggle();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Switch to dark theme' }));
    expect(document.documentElement).toHaveClass('dark');
    expect(localStorage.getItem(THEME_STORAGE_KEY)).toBe('dark');
    await user.click(screen.getByRole('button', { name: 'Switch to light theme' }));
    expect(document.documentElement).not.toHaveClass('dark');
    expect(localStorage.getItem(THEME_STORAGE_KEY)).toBe('light');
  });
});

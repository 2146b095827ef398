// Theme rules: a saved choice wins, else the system preference.
// public/theme-init.js repeats resolveInitialTheme before the bundle loads, so keep them in step.
export type Theme = 'light' | 'dark';
export const THEME_STORAGE_KEY = 'theme';

export function readSavedTheme(storage: Pick<Storage, 'getItem'> | null): Theme | null {
  try {
    const v = storage?.getItem(THEME_STORAGE_KEY);
    return v === 'light' || v === 'dark' ? v : null;
  } catch {
    return null;
  }
}

export function resolveInitialTheme(saved: Theme | null, prefersDark: boolean): Theme {
  return saved ?? (prefersDark ? 'dark' : 'light');
}

export function systemPrefersDark(): boolean {
  return typeof window !== 'undefined' && typeof window.matchMedia === 'function'
    ? window.matchMedia('(prefers-color-scheme: dark)').matches
    : false;
}

export function applyTheme(theme: Theme, root: HTMLElement = document.documentElement): void {
  root.classList.toggle('dark', theme === 'dark');
  root.style.colorScheme = theme;
}

export function saveTheme(theme: Theme, storage: Pick<Storage, 'setItem'> | null): void {
  try {
    storage?.setItem(THEME_STORAGE_KEY, theme);
  } catch {
    // storage may be unavailable (private mode): the choice then lasts for this page only
  }
}

export const flipTheme = (t: Theme): Theme => (t === 'dark' ? 'light' : 'dark');

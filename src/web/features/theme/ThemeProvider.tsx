import {
  createContext,
  startTransition,
  useCallback,
  useContext,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from 'react';
import {
  applyTheme,
  flipTheme,
  readSavedTheme,
  resolveInitialTheme,
  saveTheme,
  systemPrefersDark,
  type Theme,
} from './theme.ts';

interface ThemeContextValue {
  theme: Theme;
  toggleTheme: () => void;
}

const ThemeContext = createContext<ThemeContextValue | null>(null);

function safeLocalStorage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

const ownTheme = () => resolveInitialTheme(readSavedTheme(safeLocalStorage()), systemPrefersDark());

/**
 * `serverRendered`: the page came from the server (decision 0045), drawn in the light theme. The first render
 * matches it (no hydration mismatch); the visitor's own theme follows as a transition, which waits for any part of
 * the page still hydrating instead of replacing it. The document already wears it (public/theme-init.js).
 */
export function ThemeProvider({
  children,
  serverRendered = false,
}: {
  children: ReactNode;
  serverRendered?: boolean;
}) {
  const [theme, setTheme] = useState<Theme>(() => (serverRendered ? 'light' : ownTheme()));
  const adopting = useRef(serverRendered);

  useLayoutEffect(() => {
    if (!adopting.current) return applyTheme(theme);
    adopting.current = false;
    startTransition(() => setTheme(ownTheme()));
  }, [theme]);

  const toggleTheme = useCallback(() => {
    setTheme((current) => {
      const next = flipTheme(current);
      saveTheme(next, safeLocalStorage());
      return next;
    });
  }, []);

  const value = useMemo(() => ({ theme, toggleTheme }), [theme, toggleTheme]);
  return <ThemeContext.Provider value={value}>{children}</ThemeContext.Provider>;
}

export function useTheme(): ThemeContextValue {
  const ctx = useContext(ThemeContext);
  if (!ctx) throw new Error('useTheme must be used inside ThemeProvider');
  return ctx;
}

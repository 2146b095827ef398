import { Button } from '#web/components/ui/button.tsx';
import { MoonIcon, SunIcon } from '#web/components/ui/icons.tsx';
import { Tooltip } from '#web/components/ui/tooltip.tsx';
import { useTheme } from './ThemeProvider.tsx';

export function ThemeToggle() {
  const { theme, toggleTheme } = useTheme();
  const label = theme === 'dark' ? 'Switch to light theme' : 'Switch to dark theme';
  return (
    <Tooltip content={label}>
      <Button variant="ghost" size="icon" onClick={toggleTheme} aria-label={label}>
        {theme === 'dark' ? <SunIcon className="h-5 w-5" /> : <MoonIcon className="h-5 w-5" />}
      </Button>
    </Tooltip>
  );
}

// The theme feature's front door: the provider (light, dark or system) and the toggle button.
export { ThemeProvider, useTheme } from './ThemeProvider.tsx';
export { ThemeToggle } from './ThemeToggle.tsx';

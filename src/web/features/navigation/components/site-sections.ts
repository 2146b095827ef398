// The public header's page sections, shown in its bar (SiteHeader.tsx) and, on small screens, in its menu
// (SiteMenu.tsx), and the class that shows the menu's button on small screens only.
export const sections = [
  { href: '/#features', label: 'Features' },
  { href: '/#how-it-works', label: 'How It Works' },
  { href: '/#pricing', label: 'Pricing' },
] as const;

export const menuButtonClass = 'md:hidden';

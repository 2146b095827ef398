// The navigation feature's front door: the headers and footer the page layout picks from.
export { CustomerNav } from './components/CustomerNav.tsx';
export { ProviderNav } from './components/ProviderNav.tsx';
export { SiteFooter } from './components/SiteFooter.tsx';
export { SiteHeader } from './components/SiteHeader.tsx';
export { TopBar } from './components/TopBar.tsx';

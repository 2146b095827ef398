import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App.tsx';
import { queryClient } from './lib/query-client.ts';
import { STATE_ELEMENT_ID } from './ssr/state.ts';
import './styles.css';

const root = document.getElementById('root');
if (!root) throw new Error('The page has no #root element');

if (document.getElementById(STATE_ELEMENT_ID)) {
  // A public page the server rendered (decision 0045): hydrated from the data it carries, by code only such a page
  // loads.
  void import('./ssr/hydrate.tsx').then(({ hydratePage }) => hydratePage(root, queryClient));
} else {
  // The first render as a transition: React renders it in slices of a few milliseconds instead of one long task, so
  // the phone's main thread stays responsive while the app starts (Lighthouse's Total Blocking Time).
  const app = createRoot(root);
  startTransition(() => {
    app.render(
      <StrictMode>
        <App client={queryClient} />
      </StrictMode>,
    );
  });
}

import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App.tsx';
import { queryClient } from './lib/query-client.ts';
import './styles.css';

const root = document.getElementById('root');
if (!root) throw new Error('The page has no #root element');

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

// The client's side of a server-rendered page (decision 0045), loaded by src/web/main.tsx only on such a page (not
// part of the first load of the others): the query cache the server rendered from, read from its
// <script type="application/json">; hydration of the HTML as it is; then the visitor's session.
import { startTransition, StrictMode, useEffect, useState } from 'react';
import { hydrateRoot } from 'react-dom/client';
import type { DehydratedState, QueryClient } from '@tanstack/react-query';
import { App } from '#web/app/App.tsx';
import { SESSION_QUERY_KEY } from '#web/lib/query-client.ts';
import { STATE_ELEMENT_ID } from './state.ts';

/** Puts the server's query cache into `client`; false when the page was not rendered on the server. */
export function adoptServerState(client: QueryClient, doc: Document = document): boolean {
  const text = doc.getElementById(STATE_ELEMENT_ID)?.textContent;
  if (!text) return false;
  try {
    // TanStack's dehydrate on the server, its hydrate by hand here: every query the server sent succeeded, and its
    // hydrate() would sit in the framework chunk every page loads first (the first-load budget).
    const state = JSON.parse(text) as DehydratedState;
    for (const q of state.queries) {
      client.setQueryData(q.queryKey, q.state.data, { updatedAt: q.state.dataUpdatedAt });
    }
    return true;
  } catch {
    return false;
  }
}

/**
 * After hydration: the visitor's session (the server sent the signed-out page). Signed in, the page's own reads
 * are asked again, as they answer a signed-in visitor (a project's owner sees its messages).
 */
export async function applySession(client: QueryClient): Promise<void> {
  await client.invalidateQueries({ queryKey: SESSION_QUERY_KEY });
  const session = client.getQueryData<{ user?: unknown }>(SESSION_QUERY_KEY);
  if (!session?.user) return;
  await client.invalidateQueries({
    predicate: (q) => q.queryKey[0] !== SESSION_QUERY_KEY[0] && q.queryKey[0] !== '/api/config',
  });
}

/** Hydrates the server-rendered page in `root`; false (nothing done) when the page carries no server state. */
export function hydratePage(root: HTMLElement, client: QueryClient): boolean {
  if (!adoptServerState(client)) return false;
  let applied = false;
  /**
   * The session waits until every part of the page has hydrated, lazy parts included (a review list's chunk may
   * still be loading): a signed-in session reaching a part before it hydrated would not match the HTML. A render
   * of the whole tree as a transition commits only once every part it reaches has hydrated (React waits for a
   * part still hydrating rather than replacing it), so its effect marks the moment.
   */
  function ServerRenderedApp() {
    const [settled, setSettled] = useState(false);
    useEffect(() => startTransition(() => setSettled(true)), []);
    useEffect(() => {
      // Once (StrictMode runs effects twice in development).
      if (!settled || applied) return;
      applied = true;
      void applySession(client);
    }, [settled]);
    return <App client={client} serverRendered />;
  }
  hydrateRoot(
    root,
    <StrictMode>
      <ServerRenderedApp />
    </StrictMode>,
  );
  return true;
}

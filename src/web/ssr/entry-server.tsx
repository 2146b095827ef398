// The server rendering of the public pages (decision 0045): the app's own component tree, rendered by React on the
// server for one address, signed out, with the query cache filled by the server. Built by `vite build --ssr` into
// dist/ssr (npm run build); server tests import it from source. The server (src/server/plugins/public-pages.ts)
// asks which reads a page needs (pageReads), answers them from its own API, and gets the HTML of #root and the
// cache as JSON (renderPage); src/web/main.tsx hydrates from that JSON.
import { StrictMode } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { dehydrate } from '@tanstack/react-query';
import { Router } from 'wouter';
import { parseProSegment } from '#domain/profiles';
import type { PublicConfig } from '#domain/schemas/system.schema';
import { App } from '#web/app/App.tsx';
import { sessionQueryOptions } from '#web/features/auth/index.ts';
import { configQueryOptions } from '#web/features/config/index.ts';
import {
  costGuideIndexQuery,
  costGuideQuery,
  costGuideUrl,
  pricingAccuracyQuery,
} from '#web/features/cost-guides/index.ts';
import { projectQueryOptions } from '#web/features/projects/index.ts';
import { proProfileQuery } from '#web/features/pros/index.ts';
import { providerReputationQueryOptions, reviewListQueryOptions } from '#web/features/reviews/index.ts';
import { createQueryClient } from '#web/lib/query-client.ts';
import { scriptSafeJson, STATE_ELEMENT_ID } from './state.ts';

/** One read of a page: the API address the server answers it from, and the query key the screen reads it under. */
export interface PageRead {
  queryKey: readonly unknown[];
  url: string;
}

/** What a server-rendered page is, from its address. */
export type PublicPage =
  | { kind: 'project'; id: string; reads: PageRead[] }
  | { kind: 'pro'; id: string; slug: string | null; reads: PageRead[] }
  | { kind: 'costGuides'; reads: PageRead[] }
  | { kind: 'costGuide'; category: string; place: string; reads: PageRead[] }
  | { kind: 'pricingAccuracy'; reads: PageRead[] };

const segment = (path: string, prefix: string) => {
  if (!path.startsWith(prefix)) return null;
  const rest = path.slice(prefix.length).replace(/\/$/, '');
  if (!rest || rest.includes('/')) return null;
  try {
    return decodeURIComponent(rest);
  } catch {
    return null;
  }
};

/** The public page at `path` and the reads its first render needs, or null: not a server-rendered page. */
export function publicPage(path: string): PublicPage | null {
  const project = segment(path, '/projects/');
  if (project !== null) {
    const { queryKey } = projectQueryOptions(project);
    return {
      kind: 'project',
      id: project,
      reads: [{ queryKey, url: `/api/projects/${encodeURIComponent(project)}` }],
    };
  }
  const pro = segment(path, '/pros/');
  const parsed = pro === null ? null : parseProSegment(pro);
  if (parsed) return { kind: 'pro', id: parsed.id, slug: parsed.slug, reads: proReads(parsed.id) };
  return costGuidePage(path);
}

const decoded = (part: string) => {
  try {
    return decodeURIComponent(part);
  } catch {
    return null;
  }
};

/** The city cost guides (decision 0047): the index, one guide, the pricing accuracy; each one read. */
function costGuidePage(path: string): PublicPage | null {
  const bare = path.length > 1 ? path.replace(/\/$/, '') : path;
  if (bare === '/cost-guides') {
    return {
      kind: 'costGuides',
      reads: [{ queryKey: costGuideIndexQuery().queryKey, url: '/api/cost-guides' }],
    };
  }
  if (bare === '/pricing-accuracy') {
    return {
      kind: 'pricingAccuracy',
      reads: [{ queryKey: pricingAccuracyQuery().queryKey, url: '/api/pricing-accuracy' }],
    };
  }
  const m = /^\/cost-guides\/([^/]+)\/([^/]+)$/.exec(bare);
  const category = m ? decoded(m[1]!) : null;
  const place = m ? decoded(m[2]!) : null;
  if (category === null || place === null) return null;
  return {
    kind: 'costGuide',
    category,
    place,
    reads: [{ queryKey: costGuideQuery(category, place).queryKey, url: costGuideUrl(category, place) }],
  };
}

/** The profile page's reads: the profile, the reputation, and the first page of reviews. */
function proReads(id: string): PageRead[] {
  const provider = `/api/providers/${encodeURIComponent(id)}`;
  return [
    { queryKey: proProfileQuery(id).queryKey, url: provider },
    { queryKey: providerReputationQueryOptions(id).queryKey, url: `${provider}/reputation` },
    // The list's first page as the screen asks for it (REVIEW_LIST_PAGE_SIZE, 10).
    {
      queryKey: reviewListQueryOptions('provider', id, 1).queryKey,
      url: `${provider}/reviews?page=1&pageSize=10`,
    },
  ];
}

export interface RenderInput {
  path: string;
  search: string;
  /** The answers to the page's reads, under their query keys. */
  data: { queryKey: readonly unknown[]; data: unknown }[];
  config: PublicConfig;
}

export interface RenderedPage {
  /** The HTML inside #root. */
  root: string;
  /** The <script type="application/json"> the client hydrates from, to follow #root. */
  state: string;
}

const RENDER_TIMEOUT_MS = 10_000;

/** Renders the page signed out, after every lazy screen and part on it has loaded. */
export async function renderPage(input: RenderInput): Promise<RenderedPage> {
  const client = createQueryClient();
  client.setQueryData(sessionQueryOptions().queryKey, { isAuthenticated: false, user: null });
  client.setQueryData(configQueryOptions().queryKey, input.config);
  for (const read of input.data) client.setQueryData(read.queryKey, read.data);

  const abort = new AbortController();
  const timer = setTimeout(() => abort.abort(new Error('server render timed out')), RENDER_TIMEOUT_MS);
  try {
    const { prelude } = await prerenderToNodeStream(
      <StrictMode>
        <Router ssrPath={input.path} ssrSearch={input.search}>
          <App client={client} serverRendered />
        </Router>
      </StrictMode>,
      // Every part in place in the HTML: no boundary sent apart with the inline script that would move it (the CSP
      // runs none), however large.
      { signal: abort.signal, progressiveChunkSize: Number.POSITIVE_INFINITY },
    );
    const chunks: Buffer[] = [];
    for await (const chunk of prelude) chunks.push(Buffer.from(chunk as Uint8Array));
    const root = Buffer.concat(chunks).toString('utf8');
    const state = `<script type="application/json" id="${STATE_ELEMENT_ID}">${scriptSafeJson(dehydrate(client))}</script>`;
    return { root, state };
  } finally {
    clearTimeout(timer);
    client.clear();
  }
}

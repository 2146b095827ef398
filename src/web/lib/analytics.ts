// Visit analytics: fire and forget, never blocks or breaks the page. The body is the
// shared visitEventSchema's input (POST /api/visits).
import type { VisitEvent } from '#domain/schemas/visit.schema';

export type NavLabel = 'Post My Project' | 'Browse Projects' | 'Dashboard' | 'Login' | 'Sign Up';

function send(event: VisitEvent): void {
  try {
    if (typeof fetch !== 'function') return;
    void fetch('/api/visits', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(event),
      credentials: 'include',
      keepalive: true,
    }).catch(() => undefined);
  } catch {
    // analytics must never disturb the user
  }
}

/** A page view; `referrer` is the previous in-app URL, or the document referrer for the first page. */
export function trackPageView(page: string, referrer?: string): void {
  const from = referrer ?? (typeof document !== 'undefined' ? document.referrer : '');
  send({ type: 'page_view', page, ...(from ? { referrer: from.slice(0, 1000) } : {}) });
}

export function trackNavClick(label: NavLabel, page: string): void {
  send({ type: 'nav_click', page, label });
}

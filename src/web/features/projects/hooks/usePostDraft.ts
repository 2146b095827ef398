// The /post form's draft. It lives in sessionStorage while the visitor types. Visiting /login clears session
// storage, so a visitor who leaves to sign up or sign in hands the draft over to
// localStorage for a day; /post takes it back once and removes it (decision record 0009).
import { useCallback, useEffect, useState } from 'react';

export interface PostDraft {
  title: string;
  category: string;
  description: string;
  city: string;
  /** Optional (decision 0048): checked by the server only; absent in drafts kept before it existed. */
  zipCode?: string;
  minBudget: string;
  maxBudget: string;
}

export const DRAFT_KEY = 'homefix.postProjectDraft';
export const HANDOFF_KEY = 'homefix.postProjectDraft.handoff';
const HANDOFF_TTL_MS = 24 * 60 * 60 * 1000;

export const emptyDraft = (city: string): PostDraft => ({
  title: '',
  category: '',
  description: '',
  city,
  zipCode: '',
  minBudget: '',
  maxBudget: '',
});

function parse(raw: string | null): Partial<PostDraft> | null {
  if (!raw) return null;
  try {
    const v: unknown = JSON.parse(raw);
    if (!v || typeof v !== 'object') return null;
    const out: Partial<PostDraft> = {};
    for (const k of [
      'title',
      'category',
      'description',
      'city',
      'zipCode',
      'minBudget',
      'maxBudget',
    ] as const) {
      const x = (v as Record<string, unknown>)[k];
      if (typeof x === 'string') out[k] = x.slice(0, 5000);
    }
    return out;
  } catch {
    return null;
  }
}

/** The saved draft, if any: this tab's first, else a handed-over one that is less than a day old. */
export function loadDraft(now = Date.now()): Partial<PostDraft> | null {
  try {
    const own = parse(window.sessionStorage.getItem(DRAFT_KEY));
    if (own) return own;
    const raw = window.localStorage.getItem(HANDOFF_KEY);
    window.localStorage.removeItem(HANDOFF_KEY);
    if (!raw) return null;
    const handoff = JSON.parse(raw) as { savedAt?: unknown; draft?: unknown };
    if (typeof handoff.savedAt !== 'number' || now - handoff.savedAt > HANDOFF_TTL_MS) return null;
    return parse(JSON.stringify(handoff.draft));
  } catch {
    return null;
  }
}

/** Keeps the draft over a trip to /login or /signup. */
export function handOffDraft(draft: PostDraft, now = Date.now()): void {
  try {
    window.localStorage.setItem(HANDOFF_KEY, JSON.stringify({ savedAt: now, draft }));
  } catch {
    // storage unavailable: the visitor types again
  }
}

export function clearDraft(): void {
  try {
    window.sessionStorage.removeItem(DRAFT_KEY);
    window.localStorage.removeItem(HANDOFF_KEY);
  } catch {
    // nothing to clear
  }
}

/** The form state, restored from a saved draft and saved on every change. */
export function usePostDraft(defaultCity: string) {
  const [draft, setDraft] = useState<PostDraft>(() => ({ ...emptyDraft(defaultCity), ...loadDraft() }));
  useEffect(() => {
    try {
      window.sessionStorage.setItem(DRAFT_KEY, JSON.stringify(draft));
    } catch {
      // storage unavailable: the draft lives in memory only
    }
  }, [draft]);
  const update = useCallback(
    (field: keyof PostDraft, value: string) => setDraft((d) => ({ ...d, [field]: value })),
    [],
  );
  const reset = useCallback(() => {
    clearDraft();
    setDraft(emptyDraft(defaultCity));
  }, [defaultCity]);
  return { draft, update, reset };
}

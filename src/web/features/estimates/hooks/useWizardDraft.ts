// The wizard's draft lives in session storage, so a reload (or a trip to another tab of the app and back)
// does not lose a half-built estimate. Logging out clears session storage, so a draft never reaches another
// account.
import { useCallback, useEffect, useState } from 'react';
import { emptyDraft, wizardSteps, type WizardDraft } from '../components/wizard-model.ts';

export const DRAFT_STORAGE_KEY = 'homefix.estimate-draft';

function isDraft(v: unknown): v is WizardDraft {
  if (!v || typeof v !== 'object') return false;
  const d = v as Record<string, unknown>;
  return (
    typeof d.step === 'string' &&
    (wizardSteps as readonly string[]).includes(d.step) &&
    Array.isArray(d.subtasks) &&
    d.subtasks.every((s) => typeof s === 'string') &&
    typeof d.measurements === 'object' &&
    d.measurements !== null &&
    typeof d.measurementIndex === 'number'
  );
}

export function loadDraft(): WizardDraft {
  try {
    const raw = window.sessionStorage.getItem(DRAFT_STORAGE_KEY);
    if (!raw) return emptyDraft;
    const parsed: unknown = JSON.parse(raw);
    if (!isDraft(parsed)) return emptyDraft;
    // A finished estimate is not resumed: the next visit starts afresh.
    return parsed.step === 'done' ? emptyDraft : { ...emptyDraft, ...parsed };
  } catch {
    return emptyDraft;
  }
}

function storeDraft(d: WizardDraft): void {
  try {
    if (d.step === 'start' && d.category === null) window.sessionStorage.removeItem(DRAFT_STORAGE_KEY);
    else window.sessionStorage.setItem(DRAFT_STORAGE_KEY, JSON.stringify(d));
  } catch {
    // storage full or unavailable: the wizard still works, only a reload would lose the draft
  }
}

export function clearDraft(): void {
  try {
    window.sessionStorage.removeItem(DRAFT_STORAGE_KEY);
  } catch {
    // nothing to clear
  }
}

/** The draft kept in session storage, or `initial` in its place (the wizard opened with choices made). */
export function useWizardDraft(initial?: WizardDraft | null) {
  const [draft, setDraft] = useState<WizardDraft>(() => initial ?? loadDraft());
  useEffect(() => storeDraft(draft), [draft]);
  const update = useCallback((f: (d: WizardDraft) => WizardDraft) => setDraft((d) => f(d)), []);
  const reset = useCallback(() => {
    clearDraft();
    setDraft(emptyDraft);
  }, []);
  return { draft, update, reset };
}

// Beta banner rules: shown when never dismissed, or when the dismissal is older
// than 24 hours or unreadable; dismissing stores the current time.
export const BETA_BANNER_KEY = 'betaBannerDismissedAt';
export const BETA_BANNER_REAPPEAR_MS = 24 * 60 * 60 * 1000;

export function isBannerDismissed(stored: string | null, now: number): boolean {
  if (stored === null) return false;
  const at = Number(stored);
  if (!Number.isFinite(at) || at <= 0) return false;
  if (at > now) return false; // a time in the future cannot be a real dismissal
  return now - at < BETA_BANNER_REAPPEAR_MS;
}

export function shouldShowBetaBanner(
  betaMode: boolean | undefined,
  stored: string | null,
  now: number,
): boolean {
  return Boolean(betaMode) && !isBannerDismissed(stored, now);
}

export function readDismissal(storage: Pick<Storage, 'getItem'> | null): string | null {
  try {
    return storage?.getItem(BETA_BANNER_KEY) ?? null;
  } catch {
    return null;
  }
}

export function storeDismissal(storage: Pick<Storage, 'setItem'> | null, now: number): void {
  try {
    storage?.setItem(BETA_BANNER_KEY, String(now));
  } catch {
    // the banner then stays hidden for this page only
  }
}

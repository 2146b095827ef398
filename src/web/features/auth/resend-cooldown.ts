// One verification email per 5 minutes per browser session; the server enforces it too.
export const RESEND_COOLDOWN_MS = 5 * 60 * 1000;
export const RESEND_STORAGE_KEY = 'verificationEmailSentAt';

export function cooldownRemainingMs(sentAt: number | null, now: number): number {
  if (sentAt === null || !Number.isFinite(sentAt) || sentAt > now) return 0;
  return Math.max(0, RESEND_COOLDOWN_MS - (now - sentAt));
}

export function formatCountdown(ms: number): string {
  const total = Math.ceil(ms / 1000);
  const m = Math.floor(total / 60);
  const s = total % 60;
  return `${m}:${String(s).padStart(2, '0')}`;
}

export function readSentAt(): number | null {
  try {
    const v = window.sessionStorage.getItem(RESEND_STORAGE_KEY);
    const n = v === null ? NaN : Number(v);
    return Number.isFinite(n) ? n : null;
  } catch {
    return null;
  }
}

export function storeSentAt(at: number): void {
  try {
    window.sessionStorage.setItem(RESEND_STORAGE_KEY, String(at));
  } catch {
    // the countdown then lasts for this page only
  }
}

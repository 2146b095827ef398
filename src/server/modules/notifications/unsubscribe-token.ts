// One-click unsubscribe tokens (decision 0043): who and what (a kind, or every kind on the daily or hourly digest),
// signed with the person's own unsubscribe key (HMAC-SHA256), so a link works without a session and a new key voids
// every link sent before. The token is not secret from its holder (it is in their mail); it cannot be forged.
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { isNotificationKind, type NotificationKind } from '#domain/notification-kinds';

/** What a link turns off: one kind, or every kind currently on the daily or hourly digest. */
export type UnsubscribeScope = NotificationKind | 'daily' | 'hourly';

export interface UnsubscribeClaim {
  userId: string;
  scope: UnsubscribeScope;
}

/** A new unsubscribe key: 32 random bytes. */
export const newUnsubscribeKey = () => randomBytes(32).toString('base64url');

const mac = (payload: string, key: string) => createHmac('sha256', key).update(payload).digest('base64url');

export function signUnsubscribe(claim: UnsubscribeClaim, key: string): string {
  const payload = Buffer.from(JSON.stringify({ u: claim.userId, s: claim.scope })).toString('base64url');
  return `${payload}.${mac(payload, key)}`;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Who the token says it is for, not yet checked (the key is theirs); null when it cannot be read. */
export function readUnsubscribe(token: string): UnsubscribeClaim | null {
  const [payload, sig, rest] = token.split('.');
  if (!payload || !sig || rest !== undefined || token.length > 1000) return null;
  try {
    const v = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as { u?: unknown; s?: unknown };
    if (typeof v.u !== 'string' || !UUID.test(v.u) || typeof v.s !== 'string') return null;
    if (v.s !== 'daily' && v.s !== 'hourly' && !isNotificationKind(v.s)) return null;
    return { userId: v.u, scope: v.s };
  } catch {
    return null;
  }
}

/** Whether the token was signed with `key`. */
export function verifyUnsubscribe(token: string, key: string): boolean {
  const [payload, sig] = token.split('.');
  if (!payload || !sig) return false;
  const want = Buffer.from(mac(payload, key));
  const got = Buffer.from(sig);
  return want.length === got.length && timingSafeEqual(want, got);
}

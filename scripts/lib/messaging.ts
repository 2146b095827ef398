// What the messaging load scripts share (bench-messaging, soak): customer/provider pairs seeded straight into the
// database, each with a posted estimate and real sessions made as the servers make them, and the /ws events.
import { loadConfig } from '#server/config';
import type { Db } from '#server/db/client';
import { createSession, sessionSettings } from '#server/modules/sessions';
import { makeCustomer, makeEstimate, makeProvider } from '#server/test/factories';

export interface Pair {
  customer: string;
  provider: string;
  /** The customer's posted estimate. */
  estimate: string;
  /** Session cookies: [customer, provider]. */
  cookies: [string, string];
}

/** A messaging event of /ws as the scripts read it. */
export interface WsEvent {
  type: string;
  message?: { id: string; content: string; senderId: string; receiverId: string };
  lastMessageId?: string | null;
  clientId?: string | null;
  status?: number;
}

/**
 * `count` pairs of one customer (no message cap) with a posted estimate and one enterprise provider, each signed in
 * with a remember-me session; the cookies are the ones the servers at `appUrl` (NODE_ENV test) read.
 */
export async function seedPairs(
  db: Db,
  o: { databaseUrl: string; appUrl: string; count: number; log?: (line: string) => void },
): Promise<Pair[]> {
  const config = loadConfig({ NODE_ENV: 'test', DATABASE_URL: o.databaseUrl, APP_URL: o.appUrl });
  const settings = sessionSettings(config);
  const cookieName = settings.secureCookie ? '__Host-sid' : 'sid';
  o.log?.(`seeding ${o.count} customer/provider pairs...`);
  const pairs: Pair[] = [];
  for (let i = 0; i < o.count; i++) {
    const customer = await makeCustomer(db, { messageLimit: null });
    const provider = await makeProvider(db, { plan: 'enterprise' });
    const estimate = await makeEstimate(db, customer, { status: 'posted' });
    const now = new Date();
    const c = await createSession(db, settings, customer.id, { persistent: true, now });
    const p = await createSession(db, settings, provider.id, { persistent: true, now });
    pairs.push({
      customer: customer.id,
      provider: provider.id,
      estimate: estimate.id,
      cookies: [`${cookieName}=${c.token}`, `${cookieName}=${p.token}`],
    });
  }
  return pairs;
}

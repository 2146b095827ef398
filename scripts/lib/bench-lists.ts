// `npm run bench`, the conversations list and the admin users list: their seed (messages between the seeded
// providers and customers about posted estimates; a few admins with sessions), checked in SQL, and their routes
// with the checks that a broken answer fails. scripts/bench.ts seeds with these after its estimates and drives
// these routes with the others; scripts/lib/bench-bare-lists.ts answers them on the bare server.
import { ADMIN_USERS_PAGE_SIZE } from '#domain/schemas/admin.schema';

/** Runs one statement (no parameters) and returns its rows: pg's client.query or PGlite's query. */
export type RunSql = (sql: string) => Promise<Record<string, unknown>[]>;

/** Conversations each seeded provider has (with as many customers, about different posted estimates). */
export const CONVERSATIONS_PER_PROVIDER = 30;
export const ADMINS = 5;
/** The admins' session cookies follow the users' (`bench-session-<n>`), after the 10,000 users. */
const FIRST_ADMIN_SESSION = 10_001;

const PROVIDER_LINES = [
  'Hi, I can take this job. Would next Tuesday morning work for a first look?',
  'Thanks for the details. Is the area easy to reach, or is there furniture to move first?',
  'I have done several of these this year; my price would be close to your estimate.',
  'Could you send a photo of the current state? It helps me bring the right materials.',
  'I am available from the 3rd. The work itself should take about two days.',
  'Materials are included in my quote. I can start as soon as you confirm.',
  'Great, I will bring a written quote when I come by.',
  'Understood. I will check with my supplier and get back to you today.',
];
const CUSTOMER_LINES = [
  'Tuesday works for me, any time after 9.',
  'Yes, the area is clear. Parking is on the street.',
  'What would the total be, materials included?',
  'Here is what it looks like now. The corner by the window is the worst part.',
  'Could you do it before the end of the month?',
  'Thanks, that sounds good. Do you need anything from me before you start?',
  'Please call me when you are on your way.',
  'Another provider quoted less; can you match it?',
];
const lines = (list: string[]) => `array[${list.map((l) => `'${l.replaceAll("'", "''")}'`).join(', ')}]`;

/**
 * The messages, in one statement: each of the 1,000 seeded providers has CONVERSATIONS_PER_PROVIDER
 * conversations, each about a different live posted estimate (picked with a per-provider offset and a stride
 * through the listed estimates in creation order) with its owner: 2 to 8 messages, the provider first and then
 * in turns (a customer may only answer), starting up to two days after the posting, 2 minutes to 12 hours apart,
 * never later than now. Everything is read but the last message of three conversations in ten; one message in
 * fifty is deleted. Inserted in time order, so `seq` (the list's order) follows `created_at`. Each choice draws
 * on its own hash of the conversation or message number, as the estimates seed does.
 */
export const MESSAGES_SQL = `
insert into messages (estimate_id, sender_id, receiver_id, content, created_at, read_at, deleted_at)
with providers as (
  select id, (row_number() over (order by email) - 1)::int as k from users
  where email like 'bench-user-%' and role = 'provider'
), listed as (
  select e.id, e.owner_id, e.posted_at,
         row_number() over (order by e.created_at, e.title, e.final_cents, u.email) - 1 as n
  from estimates e join users u on u.id = e.owner_id
  where e.status = 'posted' and e.deleted_at is null
), total as (select count(*) as n from listed),
conv as (
  select p.id as provider_id, p.k * ${CONVERSATIONS_PER_PROVIDER} + j as c,
         (abs(hashint4extended(p.k, 11)) + j * (t.n / ${CONVERSATIONS_PER_PROVIDER})) % t.n as pick
  from providers p cross join generate_series(0, ${CONVERSATIONS_PER_PROVIDER - 1}) as j cross join total t
), thread as (
  select cv.c, cv.provider_id, l.id as estimate_id, l.owner_id, 2 + abs(hashint4extended(cv.c, 12)) % 7 as count,
         l.posted_at + make_interval(mins => (5 + abs(hashint4extended(cv.c, 13)) % 2880)::int) as start,
         (2 + abs(hashint4extended(cv.c, 14)) % 718)::int as gap, abs(hashint4extended(cv.c, 15)) % 10 < 3 as unread
  from conv cv join listed l on l.n = cv.pick
), msg as (
  select t.*, m, least(now() - make_interval(mins => (t.count - 1 - m)::int),
                       t.start + make_interval(mins => (t.gap * m)::int)) as at,
         abs(hashint4extended((t.c * 8 + m)::int, 16)) as h
  from thread t cross join lateral generate_series(0, t.count - 1) as m
)
select estimate_id, case when m % 2 = 0 then provider_id else owner_id end,
       case when m % 2 = 0 then owner_id else provider_id end,
       case when m % 2 = 0 then (${lines(PROVIDER_LINES)})[1 + h % ${PROVIDER_LINES.length}]
            else (${lines(CUSTOMER_LINES)})[1 + h % ${CUSTOMER_LINES.length}] end,
       at, case when unread and m = count - 1 then null else least(now(), at + interval '7 minutes') end,
       case when h % 50 = 7 then least(now(), at + interval '1 minute') end
from msg
order by at, c, m`;

/** A few admins, older than every seeded user (so on the list's last page), each with a session. */
export const ADMINS_SQL = [
  `insert into users (email, password_hash, role, first_name, last_name, email_verified_at, subscription_plan,
                      created_at, last_active_at)
   select 'bench-admin-' || i || '@example.test', '$argon2id$v=19$m=19456,t=2,p=1$YmVuY2g$bm90LWEtcmVhbC1oYXNo',
          'admin'::role, 'Admin' || i, 'Bench', now(), 'free'::subscription_plan, now() - interval '400 days' - make_interval(mins => i), now()
   from generate_series(1, ${ADMINS}) as i`,
  `insert into sessions (token_hash, user_id, persistent, created_at, last_seen_at, expires_at, user_agent)
   select encode(sha256(convert_to('bench-session-' ||
                        (${FIRST_ADMIN_SESSION - 1} + substr(email, 13, strpos(email, '@') - 13)::int), 'UTF8')), 'hex'),
          id, true, now(), now(), now() + interval '1 day', 'autocannon'
   from users where email like 'bench-admin-%'`,
];

/** What the lists read of the seeded rows, checked in the database before the load. */
const COUNTS_SQL = `
with conv as (
  select estimate_id, least(sender_id, receiver_id) as a, greatest(sender_id, receiver_id) as b, count(*) as n,
         bool_or(read_at is null and deleted_at is null) as unread
  from messages group by 1, 2, 3
), ordered as (
  select created_at < lag(created_at) over (partition by estimate_id, least(sender_id, receiver_id),
                                                 greatest(sender_id, receiver_id) order by seq) as backwards
  from messages
)
select (select count(*) from messages)::int as messages,
       (select count(*) from conv)::int as conversations,
       (select count(*) filter (where unread) from conv)::int as unread_conversations,
       (select count(*) from messages where read_at is null and deleted_at is null)::int as unread,
       (select count(*) from messages where deleted_at is not null)::int as deleted,
       (select count(distinct sender_id) from messages m join users u on u.id = m.sender_id
         where u.role = 'provider')::int as providers,
       (select count(distinct receiver_id) from messages m join users u on u.id = m.receiver_id
         where u.role = 'provider')::int as providers_answered,
       (select count(distinct sender_id) from messages m join users u on u.id = m.sender_id
         where u.role = 'customer')::int as customers_answering,
       (select count(distinct receiver_id) from messages m join users u on u.id = m.receiver_id
         where u.role = 'customer')::int as customers,
       (select min(n) from conv)::int as min_per_conversation, (select max(n) from conv)::int as max_per_conversation,
       ((select count(*) from messages m join estimates e on e.id = m.estimate_id
         where e.status <> 'posted' or e.deleted_at is not null
            or e.owner_id not in (m.sender_id, m.receiver_id)
            or m.created_at > now() or m.read_at < m.created_at or m.deleted_at < m.created_at)
        + (select count(*) from ordered where backwards))::int as broken,
       (select count(*) from users where role = 'admin' and email like 'bench-admin-%')::int as admins,
       (select count(*) from sessions s join users u on u.id = s.user_id
         where u.email like 'bench-admin-%')::int as admin_sessions,
       (select count(*) from users where deleted_at is null)::int as live_users`;

interface ListCounts {
  messages: number;
  conversations: number;
  unread_conversations: number;
  unread: number;
  deleted: number;
  providers: number;
  providers_answered: number;
  customers_answering: number;
  customers: number;
  min_per_conversation: number;
  max_per_conversation: number;
  broken: number;
  admins: number;
  admin_sessions: number;
  live_users: number;
}

/**
 * The customers (by their number n in `bench-user-<n>`, cookie `bench-session-<n>`) the conversation route
 * cycles through: customers who have conversations, spread over the list. Filled by the seed.
 */
const customerNumbers: number[] = [];

/** Seeds the messages and admins (after the users and estimates), checks them and prints the counts. */
export async function seedLists(run: RunSql): Promise<void> {
  const started = performance.now();
  await run(MESSAGES_SQL);
  for (const sql of ADMINS_SQL) await run(sql);
  // As after the estimates: statistics and the visibility map, as autovacuum leaves them after a bulk insert.
  await run('vacuum analyze messages');
  await run('vacuum analyze users');
  await run('analyze sessions');
  const [c] = (await run(COUNTS_SQL)) as unknown as ListCounts[];
  if (
    !c ||
    c.broken !== 0 ||
    c.providers !== 1000 ||
    c.conversations !== 1000 * CONVERSATIONS_PER_PROVIDER ||
    c.customers < 5000 ||
    c.unread === 0 ||
    c.admins !== ADMINS ||
    c.admin_sessions !== ADMINS
  ) {
    throw new Error(`the seeded messages or admins are not as meant: ${JSON.stringify(c)}`);
  }
  const rows = await run(`
    select substr(u.email, 12, strpos(u.email, '@') - 12)::int as n from users u
    where u.role = 'customer' and u.email like 'bench-user-%'
      and exists (select 1 from messages m where m.receiver_id = u.id)
    order by 1`);
  const all = rows.map((r) => Number(r.n));
  customerNumbers.length = 0;
  for (let i = 0; i < 250; i++) customerNumbers.push(all[Math.floor((i * all.length) / 250)]!);
  const fmt = (n: number) => n.toLocaleString('en-US');
  console.log(
    `  seeded ${fmt(c.messages)} messages in ${fmt(c.conversations)} conversations (${c.min_per_conversation} to ` +
      `${c.max_per_conversation} each; ${fmt(c.providers)} providers, ${fmt(c.customers)} customers, ` +
      `${fmt(c.customers_answering)} of them answering; ${fmt(c.unread)} unread in ${fmt(c.unread_conversations)} ` +
      `conversations, ${fmt(c.deleted)} deleted) and ${c.admins} admins with sessions (${fmt(c.live_users)} ` +
      `users in the admin list) in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
}

// ---------------------------------------------------------------------------------------------------------------
// Routes

export interface ListRoute {
  name: string;
  path: string;
  cookies: string[];
  check(body: string): string | null;
  kind: 'list';
  /** The list's floor on the bare server: `/floor/<this>` (scripts/bench-bare.ts). */
  floor: 'messages' | 'admin';
}

const CONVERSATION_KEYS =
  'estimateId,estimateTitle,otherId,otherName,otherRole,lastMessage,lastMessageDate,lastMessageIsDeleted,' +
  'unreadCount,otherMedianResponseSeconds';
const ADMIN_USER_KEYS =
  'id,firstName,lastName,email,role,effectiveRole,subscriptionPlan,emailVerified,createdAt,lastActiveAt,' +
  'adminExpiresAt,deletedAt';

/**
 * The conversations as a user opens Messages (the web client's one call: GET /api/messages), the session cookies
 * of customers and providers who have conversations, in turns (a customer first: the probe checks that one,
 * whose list also carries the providers' response times).
 */
const conversationCookies: string[] = [];
const conversations: ListRoute = {
  name: 'GET /api/messages',
  path: '/api/messages',
  kind: 'list',
  floor: 'messages',
  // Filled on first use, after the seed has found the customers.
  get cookies() {
    if (conversationCookies.length === 0) {
      if (customerNumbers.length === 0) throw new Error('the conversation cookies need the seed first');
      for (let i = 0; i < 250; i++) {
        conversationCookies.push(`sid=bench-session-${customerNumbers[i]!}`);
        // Providers are every tenth user (1,000 of them): a spread of 250.
        conversationCookies.push(`sid=bench-session-${10 * (1 + ((i * 397) % 1000))}`);
      }
    }
    return conversationCookies;
  },
  check: (b) => {
    const list = JSON.parse(b) as {
      otherRole: string;
      otherName: string;
      lastMessage: string;
      lastMessageDate: string;
      lastMessageIsDeleted: boolean;
      unreadCount: number;
      otherMedianResponseSeconds: number | null;
    }[];
    if (!Array.isArray(list) || list.length === 0) return 'no conversations';
    if (list.some((c) => Object.keys(c).join() !== CONVERSATION_KEYS)) return 'not the conversation shape';
    const dates = list.map((c) => Date.parse(c.lastMessageDate));
    if (dates.some((d, i) => Number.isNaN(d) || (i > 0 && d > dates[i - 1]!))) return 'not newest first';
    if (list.some((c) => c.otherRole !== 'provider' || !/^First\d+$/.test(c.otherName)))
      return 'a customer sees someone other than providers';
    if (list.some((c) => c.lastMessageIsDeleted !== (c.lastMessage === '')))
      return 'a deleted last message shows text';
    if (list.some((c) => !Number.isInteger(c.unreadCount) || c.unreadCount < 0)) return 'bad unread count';
    return list.some(
      (c) => typeof c.otherMedianResponseSeconds === 'number' && c.otherMedianResponseSeconds > 0,
    )
      ? null
      : 'no provider response time';
  },
};

/**
 * The admin console's Users tab as it opens: the web client's default query (no search, every role and plan,
 * page 1, the admin's time zone), the admins' cookies in turn.
 */
const adminUsers: ListRoute = {
  name: 'GET /api/admin/users',
  path: '/api/admin/users?role=all&subscription=all&page=1&timeZone=UTC',
  kind: 'list',
  floor: 'admin',
  cookies: Array.from({ length: ADMINS }, (_, i) => `sid=bench-session-${FIRST_ADMIN_SESSION + i}`),
  check: (b) => {
    const p = JSON.parse(b) as {
      users?: { email: string; createdAt: string; deletedAt: string | null }[];
      total?: number;
      page?: number;
      pageSize?: number;
      pageCount?: number;
    };
    const users = p.users ?? [];
    if (users.length !== ADMIN_USERS_PAGE_SIZE || p.page !== 1 || p.pageSize !== ADMIN_USERS_PAGE_SIZE)
      return 'not a first page of 10';
    if (Object.keys(p).join() !== 'users,total,page,pageSize,pageCount') return 'not the list shape';
    if (users.some((u) => Object.keys(u).join() !== ADMIN_USER_KEYS)) return 'not the user shape';
    if (!(p.total! >= 10_000 + ADMINS) || p.pageCount !== Math.ceil(p.total! / ADMIN_USERS_PAGE_SIZE))
      return `total ${p.total}, ${p.pageCount} pages`;
    const dates = users.map((u) => Date.parse(u.createdAt));
    if (dates.some((d, i) => Number.isNaN(d) || (i > 0 && d > dates[i - 1]!))) return 'not newest first';
    if (users.some((u) => u.deletedAt !== null)) return 'a deleted user in the default list';
    // The newest seeded users: bench-user-1, 2, ...
    return users[0]!.email === 'bench-user-1@example.test' ? null : `first ${users[0]!.email}`;
  },
};

export const listRoutes: ListRoute[] = [conversations, adminUsers];

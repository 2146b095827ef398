// Authorization rows of src/server/modules/projects. Browsing is public; posting is for signed-in customers
// (and admins); messages are for providers with access to the project's category; connect and close are the
// owner's.
// The project the rows act on is customerA's kitchen project with a message from providerWithAccess, dated
// last month so that it does not use up customerA's posted-per-month allowance (the POST row posts as them).
import type { BuiltApp } from '#server/app';
import { projectMessages, projects } from '#server/db/schema/index';
import { FIXTURE_CATEGORY, type Actors } from './actors.ts';
import { everyone, onlyRoles, ownerOnly, signedIn, type Expectation, type Row } from './table.ts';
import { withPostedAllowance } from './restore.ts';

const DAY = 86_400_000;
const made = new WeakMap<BuiltApp, Promise<string>>();

/** customerA's project (made once per app), with a message from providerWithAccess. */
function fixtureProject(app: BuiltApp, actors: Actors): Promise<string> {
  let id = made.get(app);
  if (!id) {
    id = (async () => {
      const { db, now } = app.ctx;
      const createdAt = new Date(now().getTime() - 40 * DAY);
      const [row] = await db
        .insert(projects)
        .values({
          ownerId: actors.users.customerA.id,
          title: 'Matrix kitchen',
          category: FIXTURE_CATEGORY,
          city: 'Jacksonville',
          createdAt,
        })
        .returning();
      if (!row) throw new Error('fixture project not made');
      await db.insert(projectMessages).values({
        projectId: row.id,
        senderUserId: actors.users.providerWithAccess.id,
        body: 'I can do this',
        createdAt,
      });
      return row.id;
    })();
    made.set(app, id);
  }
  return id;
}

/** A live project of customerA's for one call of the close row (closing the shared fixture would end its offers). */
async function freshProject(app: BuiltApp, actors: Actors): Promise<string> {
  const [row] = await app.ctx.db
    .insert(projects)
    .values({
      ownerId: actors.users.customerA.id,
      title: 'Matrix close',
      category: FIXTURE_CATEGORY,
      city: 'Jacksonville',
      createdAt: new Date(app.ctx.now().getTime() - 40 * DAY),
    })
    .returning();
  if (!row) throw new Error('project to close not made');
  return row.id;
}

const posters: Expectation = { ...onlyRoles('customer', 'admin') };

export const projectsRows: Row[] = [
  {
    route: 'POST /api/tasks/post',
    request: withPostedAllowance(() => ({
      payload: {
        title: 'Matrix post',
        category: 'Kitchen',
        city: 'Jacksonville',
        minBudget: '100',
        maxBudget: '',
      },
    })),
    note: 'customers and admins post (expiredAdmin acts as a customer); providers do not (decision 0008)',
    expect: posters,
  },
  { route: 'GET /api/public/projects', expect: everyone('ok') },
  {
    route: 'GET /api/projects',
    request: () => ({ query: { city: 'Jacksonville', category: 'kitchen' } }),
    expect: everyone('ok'),
  },
  { route: 'GET /api/projects/cities', expect: everyone('ok') },
  {
    route: 'GET /api/projects/mine',
    note: 'any signed-in user reads their own projects (a provider has none); what each reads: projects.marketplace.test.ts',
    expect: signedIn(),
  },
  {
    route: 'GET /api/projects/:id',
    request: async ({ app, actors }) => ({ url: `/api/projects/${await fixtureProject(app, actors)}` }),
    note: 'public: what each viewer reads of the messages is tested in projects.test.ts',
    expect: everyone('ok'),
  },
  {
    route: 'POST /api/projects/:id/messages',
    request: async ({ app, actors }) => ({
      url: `/api/projects/${await fixtureProject(app, actors)}/messages`,
      payload: { body: 'Matrix offer', offerAmount: '250.50' },
    }),
    note: 'providers only, and only with access to the category (providerFree has none)',
    expect: { ...onlyRoles('provider'), providerFree: 403 },
  },
  {
    route: 'POST /api/projects/:id/connect',
    request: async ({ app, actors }) => ({
      url: `/api/projects/${await fixtureProject(app, actors)}/connect`,
      payload: { providerUserId: actors.users.providerWithAccess.id },
    }),
    note: "the project's owner only; anyone else signed in is refused",
    expect: {
      anonymous: 401,
      customerA: 'ok',
      customerB: 403,
      providerWithAccess: 403,
      providerFree: 403,
      admin: 403,
      expiredAdmin: 403,
      deletedUser: 401,
    },
  },
  {
    route: 'POST /api/projects/:id/close',
    request: async ({ app, actors }) => ({ url: `/api/projects/${await freshProject(app, actors)}/close` }),
    note: "the project's owner only; to anyone else signed in it does not exist (404)",
    expect: ownerOnly(),
  },
];

// Public projects: posting (verified customers, within the customer plan's posted limit), the live list, the
// detail with the messages each viewer may read, provider messages (category access of the provider plans) and
// the owner's connect action. Decision record 0008 says who may do what and what the public sees.
import { categoryLabel } from '#domain/catalog/categories';
import { monthStart } from '#domain/dates';
import { publicName } from '#domain/format';
import { effectiveRole } from '#domain/permissions';
import { regions } from '#domain/regions/index';
import {
  canAccess,
  customerPlans,
  effectiveCustomerPlan,
  effectiveProviderPlan,
  providerPlans,
} from '#domain/plans';
import {
  CONNECTED_MESSAGE,
  DEFAULT_PROJECT_CITY,
  toProjectCategory,
  type PostProjectInput,
  type ProjectCities,
  type ProjectDetail,
  type ProjectList,
  type MyProjects,
  type ProjectMessageView,
  type PublicProject,
} from '#domain/schemas/project.schema';
import type { PublicUser } from '#domain/schemas/user.schema';
import { LIMIT_MESSAGES } from '#domain/schemas/estimate-api.schema';
import { MESSAGE_ERRORS } from '#domain/schemas/message-api.schema';
import { VERIFY_EMAIL_REQUIRED_MESSAGE } from '#domain/schemas/account.schema';
import type { AppContext } from '#server/context';
import { AppError, forbidden, notFound } from '#server/errors';
import { countPostedSince, customersContactedSince, lockProviderContacts } from '#server/modules/read-model';
import { providerAccessSubject, type UserRow } from '#server/modules/users';
import { distanceOf, listNear, optionalPlace } from '#server/modules/geo';
import * as repo from './projects.repo.ts';

// Region names that are a whole state's rural area ("Alaska (Nonmetropolitan)") are not cities.
const isCityName = (name: string) => !name.includes('(');

const dollars = (cents: number | null) => (cents == null ? null : cents / 100);

export function toPublicProject(row: repo.ProjectRow, messageCount: number): PublicProject {
  const minBudget = dollars(row.minBudgetCents);
  const maxBudget = dollars(row.maxBudgetCents);
  return {
    id: row.id,
    title: row.title,
    category: row.category,
    categoryLabel: categoryLabel(row.category),
    city: row.city,
    description: row.description,
    createdAt: row.createdAt.toISOString(),
    minBudget,
    maxBudget,
    budgetMin: minBudget,
    budgetMax: maxBudget,
    messageCount,
    status: row.status === 'closed' ? 'closed' : 'live',
  };
}

/** What another person sees of a sender: the company name, else first name and last initial. */
export function senderDisplayName(s: { firstName: string; lastName: string; companyName: string | null }) {
  const company = s.companyName?.trim();
  if (company) return company;
  return publicName(s.firstName, s.lastName);
}

export const PROJECT_ERRORS = {
  unverified: VERIFY_EMAIL_REQUIRED_MESSAGE,
  notFound: 'Project not found',
  ownerOnly: 'Only the project owner can share contact details',
  notMessaged: 'That provider has not sent a message on this project',
  closed: 'This project is no longer taking offers',
} as const;

export function createProjectsService(ctx: Pick<AppContext, 'db' | 'now' | 'events'>) {
  const { db, now, events } = ctx;

  async function post(user: UserRow, input: PostProjectInput): Promise<PublicProject> {
    // The route's requireVerifiedEmail already refuses these; the service keeps the rule for any other caller.
    if (!user.emailVerifiedAt) throw new AppError('FORBIDDEN', PROJECT_ERRORS.unverified);
    const t = now();
    const place = await optionalPlace(db, input.zipCode, 'zipCode');
    return events.transaction(async (tx) => {
      // One post at a time per owner, so two racing posts cannot both pass the plan's limit.
      await repo.lockOwner(tx, user.id);
      const plan = customerPlans[effectiveCustomerPlan(user, t)];
      // Admins post without a plan limit, as they do estimates.
      const limit = effectiveRole(user, t) === 'admin' ? null : plan.postedPerMonth;
      if (limit !== null) {
        const used = await countPostedSince(tx, user.id, monthStart(t));
        if (used >= limit) throw new AppError('FORBIDDEN', LIMIT_MESSAGES.posted(limit, plan.id));
      }
      const row = await repo.insertProject(tx, {
        ownerId: user.id,
        title: input.title,
        category: input.category,
        description: input.description,
        city: input.city,
        zipCode: place?.zip ?? null,
        lat: place?.lat ?? null,
        lng: place?.lng ?? null,
        minBudgetCents: input.minBudget,
        maxBudgetCents: input.maxBudget,
        createdAt: t,
      });
      // Whoever reacts to a new project (the providers whose plan opens its category are told) does so in this
      // same transaction.
      await events.publish(tx, 'projectPosted', {
        project: {
          id: row.id,
          ownerId: row.ownerId,
          title: row.title,
          category: row.category,
          city: row.city,
          minCents: row.minBudgetCents,
          maxCents: row.maxBudgetCents,
          location: row.lat !== null && row.lng !== null ? { lat: row.lat, lng: row.lng } : null,
        },
        at: t,
      });
      // A new public page (decision 0046): the sitemap lists it.
      await events.publish(tx, 'publicPageChanged', { page: 'project', id: row.id });
      return toPublicProject(row, 0);
    });
  }

  /** The signed-in owner's projects for the dashboard: live and closed, newest first, with their offers. */
  async function mine(owner: PublicUser, q: { page: number; pageSize: number }): Promise<MyProjects> {
    const { rows, total, live } = await repo.listOwnProjects(db, owner.id, {
      limit: q.pageSize,
      offset: (q.page - 1) * q.pageSize,
    });
    return {
      projects: rows.map((r) => toPublicProject(r.project, r.messageCount)),
      total,
      live,
      page: q.page,
      pageSize: q.pageSize,
    };
  }

  async function list(q: {
    city?: string | undefined;
    category?: string | undefined;
    near?: string | undefined;
    radius?: number | undefined;
    page: number;
    pageSize: number;
  }): Promise<ProjectList> {
    const { near, point } = await listNear(db, q);
    const city = q.city?.trim() || undefined;
    const rawCategory = q.category?.trim() ?? '';
    const anyCategory = rawCategory === '' || rawCategory.toLowerCase() === 'all';
    const category = anyCategory ? undefined : toProjectCategory(rawCategory);
    // An unknown category matches nothing (a filter excludes; it is not an error).
    if (category === null) return { projects: [], total: 0, page: q.page, pageSize: q.pageSize };
    const allCities = city === undefined || city.toLowerCase() === 'all';
    const { rows, total } = await repo.listLiveProjects(db, {
      city: allCities ? undefined : city,
      category,
      near: near?.within ? near.params : undefined,
      limit: q.pageSize,
      offset: (q.page - 1) * q.pageSize,
    });
    return {
      projects: rows.map((r) => {
        const p = toPublicProject(r.project, r.messageCount);
        if (point) p.distanceMiles = distanceOf(point, r.project);
        return p;
      }),
      total,
      page: q.page,
      pageSize: q.pageSize,
    };
  }

  async function cities(): Promise<ProjectCities> {
    const live = await repo.liveCities(db);
    const names = new Map<string, string>();
    for (const c of [{ city: DEFAULT_PROJECT_CITY }, ...live, ...regions.map((r) => ({ city: r.name }))]) {
      if (isCityName(c.city)) names.set(c.city.toLowerCase(), names.get(c.city.toLowerCase()) ?? c.city);
    }
    return {
      defaultCity: DEFAULT_PROJECT_CITY,
      live,
      cities: [...names.values()].sort((a, b) => a.localeCompare(b)),
    };
  }
  async function detail(
    viewer: PublicUser | null,
    viewerRow: UserRow | null,
    id: string,
  ): Promise<ProjectDetail> {
    const found = await repo.findProject(db, id);
    if (!found) throw notFound(PROJECT_ERRORS.notFound);
    const { project, messageCount } = found;
    const isOwner = viewer !== null && viewer.id === project.ownerId;
    const isProvider = viewer !== null && viewer.role === 'provider';
    let messages: ProjectMessageView[] = [];
    let canMessage = false;
    let messageBlockedReason: string | null = null;
    let connected = false;
    let contact: ProjectDetail['contact'] = null;

    if (isOwner) {
      const [rows, links] = await Promise.all([
        repo.listMessages(db, project.id),
        repo.connectedProviderIds(db, project.id),
      ]);
      messages = rows.map((m) => toMessageView(m, links.has(m.message.senderUserId)));
    } else if (isProvider && viewerRow) {
      const access = canAccess(providerAccessSubject(viewerRow), project.category, null, now());
      canMessage = access.allowed && project.status === 'live';
      messageBlockedReason = access.allowed
        ? project.status === 'live'
          ? null
          : PROJECT_ERRORS.closed
        : access.message;
      connected = await repo.isConnected(db, project.id, viewer.id);
      const rows = await repo.listMessages(db, project.id, viewer.id);
      messages = rows.map((m) => toMessageView(m, connected));
      if (connected) {
        const owner = await repo.ownerContact(db, project.ownerId);
        if (owner && !owner.deletedAt) {
          contact = {
            name: `${owner.firstName} ${owner.lastName}`.trim(),
            email: owner.email,
            phone: owner.phone?.trim() || null,
          };
        }
      }
    }

    return {
      project: toPublicProject(project, messageCount),
      messages,
      viewer: {
        role: viewer === null ? 'anonymous' : isOwner ? 'owner' : isProvider ? 'provider' : 'other',
        canMessage,
        messageBlockedReason,
        connected,
      },
      contact,
    };
  }

  function toMessageView(m: Awaited<ReturnType<typeof repo.listMessages>>[number], connected: boolean) {
    return {
      id: m.message.id,
      body: m.message.body,
      offerAmount: dollars(m.message.offerAmountCents),
      senderUserId: m.message.senderUserId,
      senderName: senderDisplayName(m),
      createdAt: m.message.createdAt.toISOString(),
      connected,
    } satisfies ProjectMessageView;
  }

  async function sendMessage(
    provider: UserRow,
    id: string,
    input: { body: string; offerAmount: number | null },
  ): Promise<ProjectMessageView> {
    const found = await repo.findProject(db, id);
    if (!found) throw notFound(PROJECT_ERRORS.notFound);
    const { project } = found;
    const access = canAccess(providerAccessSubject(provider), project.category, null, now());
    if (!access.allowed) throw forbidden(access.message);
    if (project.status !== 'live') throw new AppError('CONFLICT', PROJECT_ERRORS.closed);
    const t = now();
    const row = await db.transaction(async (tx) => {
      // Closed meanwhile (by its owner or with the owner's account): no more offers.
      if (!(await repo.holdLiveProject(tx, project.id))) {
        throw new AppError('CONFLICT', PROJECT_ERRORS.closed);
      }
      // A provider's first message or offer on a project contacts its owner: one of the plan's customers this
      // month, counted with the estimate conversations under the same lock (so parallel sends cannot pass the cap).
      await lockProviderContacts(tx, provider.id);
      const limit = providerPlans[effectiveProviderPlan(provider, t)].customersPerMonth;
      if (limit !== null && !(await repo.hasMessaged(tx, project.id, provider.id))) {
        const contacted = await customersContactedSince(tx, provider.id, monthStart(t));
        if (!contacted.includes(project.ownerId) && contacted.length >= limit) {
          throw forbidden(MESSAGE_ERRORS.providerCap(limit));
        }
      }
      return repo.insertMessage(tx, {
        projectId: project.id,
        senderUserId: provider.id,
        body: input.body,
        offerAmountCents: input.offerAmount,
        createdAt: t,
      });
    });
    // Its public page shows the count of offers (decision 0045).
    await events.publish(db, 'publicPageChanged', { page: 'project', id: project.id });
    const connected = await repo.isConnected(db, project.id, provider.id);
    return toMessageView(
      {
        message: row,
        firstName: provider.firstName,
        lastName: provider.lastName,
        companyName: provider.companyName,
      },
      connected,
    );
  }

  async function connect(owner: PublicUser, id: string, providerUserId: string) {
    const found = await repo.findProject(db, id);
    if (!found) throw notFound(PROJECT_ERRORS.notFound);
    if (found.project.ownerId !== owner.id) throw forbidden(PROJECT_ERRORS.ownerOnly);
    if (!(await repo.hasMessaged(db, found.project.id, providerUserId))) {
      throw new AppError('BAD_REQUEST', PROJECT_ERRORS.notMessaged, {
        providerUserId: PROJECT_ERRORS.notMessaged,
      });
    }
    await repo.insertConnection(db, found.project.id, providerUserId, now());
    return { ok: true as const, message: CONNECTED_MESSAGE };
  }

  /**
   * The owner closes their project: it leaves the lists and takes no more offers; the owner still reads the
   * messages it got. Closing a closed project answers the same. Anyone else's project, or an unknown id: 404.
   */
  async function close(owner: UserRow, id: string) {
    const row = await repo.closeProject(db, id, owner.id);
    const found = row && (await repo.findProject(db, row.id));
    if (!found) throw notFound(PROJECT_ERRORS.notFound);
    // Its public page is no longer live (decision 0046).
    await events.publish(db, 'publicPageChanged', { page: 'project', id: found.project.id });
    return { ok: true as const, project: toPublicProject(found.project, found.messageCount) };
  }

  /** Title and description for the link preview of /projects/{id}; null for an unknown id. */
  async function pageMeta(id: string): Promise<{ title: string; description: string } | null> {
    const found = await repo.findProject(db, id);
    if (!found) return null;
    const p = found.project;
    const budget =
      p.minBudgetCents != null && p.maxBudgetCents != null
        ? ` Budget $${fmt(p.minBudgetCents)} to $${fmt(p.maxBudgetCents)}.`
        : p.maxBudgetCents != null
          ? ` Budget up to $${fmt(p.maxBudgetCents)}.`
          : p.minBudgetCents != null
            ? ` Budget from $${fmt(p.minBudgetCents)}.`
            : '';
    const lead = `${categoryLabel(p.category)} project in ${p.city}.${budget}`;
    const text = p.description ? `${lead} ${p.description}` : lead;
    return { title: p.title, description: text.replace(/\s+/g, ' ').trim().slice(0, 200) };
  }

  return { post, mine, list, cities, detail, sendMessage, connect, close, pageMeta };
}

const fmt = (cents: number) =>
  (cents / 100).toLocaleString('en-US', {
    minimumFractionDigits: cents % 100 === 0 ? 0 : 2,
    maximumFractionDigits: 2,
  });

export type ProjectsService = ReturnType<typeof createProjectsService>;

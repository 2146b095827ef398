// Public projects as part of the marketplace, on screen: the customer dashboard's "My projects" (loading, empty,
// error, her projects with their offers, counted with her posted work); /projects' quick city choice (her own city
// first, Jacksonville, All cities) and an empty list that says which city it shows and how to change it; the
// project page's note on what connecting shares and that the work is then arranged between the two.
import { configure, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { MyProjects, ProjectDetail } from '#domain/schemas/project.schema';
import { estimatePage, INTERNAL_ERROR, makeEstimate, makeProfile, makeProject } from '#web/test/builders.ts';
import { makeUser, renderApp, type Handler, type RecordedCall } from '#web/test/render.tsx';

configure({ asyncUtilTimeout: 5000 });
afterEach(() => vi.unstubAllGlobals());

const customer = makeUser({ id: 'c1', firstName: 'Casey' });

const mine = (projects: MyProjects['projects'], overrides: Partial<MyProjects> = {}): MyProjects => ({
  projects,
  total: projects.length,
  live: projects.filter((p) => p.status === 'live').length,
  page: 1,
  pageSize: 5,
  ...overrides,
});

function customerDashboard(myProjects: Handler<'GET /api/projects/mine'>) {
  return renderApp({
    path: '/dashboard/customer',
    user: customer,
    routes: {
      'GET /api/messages': { body: [] },
      'GET /api/messages/unread-count': { body: { unreadCount: 0 } },
      'GET /api/estimates': (call: RecordedCall) => ({
        body: estimatePage(
          call.path.includes('status=posted')
            ? [makeEstimate({ id: 'e1', title: 'Deck Repair', status: 'posted' })]
            : [],
        ),
      }),
      'GET /api/projects/mine': myProjects,
    },
  });
}

describe('the customer dashboard’s My projects', { timeout: 20_000 }, () => {
  it('lists her projects with city, offers and a link, and counts the live ones with her posted work', async () => {
    customerDashboard({
      body: mine([
        makeProject({
          id: 'p1',
          title: 'Redo the kitchen',
          categoryLabel: 'Kitchen',
          city: 'Jacksonville',
          messageCount: 2,
        }),
        makeProject({ id: 'p2', title: 'Old deck', city: 'Orlando', status: 'closed' }),
      ]),
    });
    const block = await screen.findByRole('region', { name: 'My projects' });
    const link = await within(block).findByRole('link', { name: 'Redo the kitchen' });
    expect(link).toHaveAttribute('href', '/projects/p1');
    const [first, second] = within(block).getAllByRole('listitem');
    expect(first).toHaveTextContent('Jacksonville');
    expect(first).toHaveTextContent('2 offers');
    expect(first).toHaveTextContent('Live');
    expect(second).toHaveTextContent('Orlando');
    expect(second).toHaveTextContent('No offers yet');
    expect(second).toHaveTextContent('Closed');
    expect(block).toHaveTextContent(/^My projects1 live/);
    // One posted estimate and one live project: two pieces of posted work.
    const stats = await screen.findByLabelText('Statistics');
    await waitFor(() => expect(stats).toHaveTextContent('Posted Estimates2incl. 1 project'));
  });

  it('says how to post one when she has none, and the posted count is her estimates alone', async () => {
    customerDashboard({ body: mine([]) });
    const block = await screen.findByRole('region', { name: 'My projects' });
    expect(
      await within(block).findByText('No projects yet. Post one and local providers send you offers.'),
    ).toBeInTheDocument();
    expect(within(block).getByRole('link', { name: 'Post My Project' })).toHaveAttribute('href', '/post');
    const stats = await screen.findByLabelText('Statistics');
    await waitFor(() => expect(stats).toHaveTextContent('Posted Estimates1'));
    expect(stats).not.toHaveTextContent('incl.');
  });

  it('shows loading, then an error with a retry that loads them', async () => {
    let fail = true;
    let release: () => void = () => {};
    const gate = new Promise<void>((r) => (release = r));
    const { user } = customerDashboard(async () => {
      await gate;
      return fail
        ? { status: 500 as const, body: INTERNAL_ERROR }
        : { body: mine([makeProject({ id: 'p1', title: 'Redo the kitchen' })]) };
    });
    const block = await screen.findByRole('region', { name: 'My projects' });
    expect(await within(block).findByText('Loading your projects...')).toBeInTheDocument();
    release();
    expect(
      await within(block).findByText('Error loading your projects. Please try again.'),
    ).toBeInTheDocument();
    fail = false;
    await user.click(within(block).getByRole('button', { name: 'Try again' }));
    expect(await within(block).findByRole('link', { name: 'Redo the kitchen' })).toBeInTheDocument();
  });
});

describe('/projects: the city it shows', { timeout: 20_000 }, () => {
  const lists = (call: RecordedCall) => ({
    body: {
      projects: call.path.includes('city=Jacksonville')
        ? [makeProject({ id: 'p1', title: 'Jacksonville deck', city: 'Jacksonville' })]
        : [],
      total: call.path.includes('city=Jacksonville') ? 1 : 0,
      page: 1,
      pageSize: 12,
    },
  });
  const cities = { body: { defaultCity: 'Jacksonville', live: [], cities: ['Jacksonville', 'Orlando'] } };

  it('keeps Jacksonville by default and offers the signed-in user’s own city first, All cities one click away', async () => {
    const { user, calls } = renderApp({
      path: '/projects',
      user: customer,
      routes: {
        'GET /api/projects': lists,
        'GET /api/projects/cities': cities,
        'GET /api/profile': { body: makeProfile({ id: 'c1', city: 'Orlando' }) },
      },
    });
    const group = await screen.findByRole('group', { name: 'Quick city choice' });
    await waitFor(() => expect(within(group).getAllByRole('button')).toHaveLength(3));
    const [own, fallback, all] = within(group).getAllByRole('button');
    expect(own).toHaveAccessibleName('Orlando (your city)');
    expect(fallback).toHaveAccessibleName('Jacksonville');
    expect(all).toHaveAccessibleName('All cities');
    expect(fallback).toHaveAttribute('aria-pressed', 'true');
    expect(await screen.findByRole('link', { name: 'Jacksonville deck' })).toBeInTheDocument();

    await user.click(own!);
    expect(own).toHaveAttribute('aria-pressed', 'true');
    await waitFor(() => expect(calls.some((c) => c.path.includes('city=Orlando'))).toBe(true));
    expect(screen.getByLabelText('City')).toHaveValue('Orlando');
    // The empty list says which city it shows and how to change it.
    const empty = await screen.findByText('No projects match your filters.');
    const box = empty.parentElement!;
    expect(box).toHaveTextContent('This list shows live projects in Orlando, and none are open there yet.');
    expect(box).toHaveTextContent('choose another city in the City list above or “All cities”');

    await user.click(all!);
    await waitFor(() =>
      expect(calls.some((c) => c.path.startsWith('/api/projects?') && !c.path.includes('city='))).toBe(true),
    );
    expect(all).toHaveAttribute('aria-pressed', 'true');
    await waitFor(() =>
      expect(screen.getByText('No projects match your filters.').parentElement).toHaveTextContent(
        'This list shows live projects in all cities, and none are open there yet.Choose another category above',
      ),
    );
  });

  it('offers Jacksonville and All cities to a visitor, and to a user whose city is Jacksonville', async () => {
    renderApp({
      path: '/projects',
      routes: { 'GET /api/projects': lists, 'GET /api/projects/cities': cities },
    });
    const group = await screen.findByRole('group', { name: 'Quick city choice' });
    expect(
      within(group)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Jacksonville', 'All cities']);
    vi.unstubAllGlobals();

    const { calls } = renderApp({
      path: '/projects',
      user: customer,
      routes: {
        'GET /api/projects': lists,
        'GET /api/projects/cities': cities,
        'GET /api/profile': { body: makeProfile({ id: 'c1', city: 'jacksonville' }) },
      },
    });
    await waitFor(() => expect(calls.some((c) => c.path === '/api/profile')).toBe(true));
    const groups = await screen.findAllByRole('group', { name: 'Quick city choice' });
    expect(
      within(groups.at(-1)!)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Jacksonville', 'All cities']);
  });
});

describe('the project page: what connecting means', { timeout: 20_000 }, () => {
  const detail = (role: ProjectDetail['viewer']['role']): ProjectDetail => ({
    project: makeProject({ id: 'p1', title: 'Redo the kitchen' }),
    messages: [],
    viewer: { role, canMessage: role === 'provider', messageBlockedReason: null, connected: false },
    contact: null,
  });

  it.each(['owner', 'provider', 'anonymous'] as const)(
    'tells the %s that connecting shares contact details and the work is arranged between the two',
    async (role) => {
      renderApp({
        path: '/projects/p1',
        ...(role === 'anonymous'
          ? {}
          : { user: role === 'owner' ? customer : makeUser({ id: 'v1', role: 'provider' }) }),
        routes: { 'GET /api/projects/p1': { body: detail(role) } },
      });
      await screen.findByRole('heading', { level: 1, name: 'Redo the kitchen' });
      expect(screen.getByText('How connecting works:').parentElement).toHaveTextContent(
        'When the customer connects with a provider, HomeFix shares the customer’s name, email and phone with that provider. The work is then arranged between the two of them, outside HomeFix: a project gets no estimate, bid or job tracking here.',
      );
    },
  );
});

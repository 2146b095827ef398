import { describe, expect, it } from 'vitest';
import { renderHook } from '@testing-library/react';
import { matchRoute, useRouter } from 'wouter';
import { routes } from './routes.tsx';

// Every screen route the specification names (spec routes.txt), with sample parameters.
const specRoutes = [
  '/',
  '/mvp',
  '/login',
  '/signup',
  '/browse',
  '/post',
  '/projects',
  '/projects/7',
  '/provider-mvp',
  '/feedback',
  '/thanks',
  '/privacy-policy',
  '/terms-of-service',
  '/forbidden',
  '/verify-email',
  '/email-not-verified',
  '/forgot-password',
  '/reset-password',
  '/dashboard',
  '/dashboard/admin',
  '/dashboard/provider',
  '/dashboard/customer',
  '/estimates',
  '/estimates/create',
  '/estimates/7',
  '/estimate/7',
  '/saved-estimates',
  '/posted-estimates',
  '/posted-projects',
  '/my-estimates',
  '/provider/posted-estimates',
  '/tasks',
  '/posted-tasks',
  '/messages',
  '/messages/7/9',
  '/provider/messages',
  '/provider/messages/7/9',
  '/profile',
  '/provider/profile',
  '/provider/settings',
  '/settings',
  '/account',
  '/customer/subscription',
  '/subscription',
  '/admin',
  '/admin/messages',
  '/admin/replit-db-users',
  '/admin/cleanup',
  '/notifications',
];

const { parser } = renderHook(() => useRouter()).result.current;
const find = (path: string) => routes.find((r) => matchRoute(parser, r.path, path)[0]);

describe('route table', () => {
  it.each(specRoutes)('has a screen for %s', (path) => {
    expect(find(path)).toBeDefined();
  });

  it('matches /estimates/create before the estimate detail', () => {
    expect(find('/estimates/create')?.title).toBe('Create an Estimate');
  });

  it('guards each area as the specification says', () => {
    const access = (path: string) => find(path)?.access;
    expect(access('/admin/messages')).toEqual({ kind: 'admin' });
    expect(access('/dashboard/provider')).toEqual({ kind: 'roles', roles: ['provider'] });
    expect(access('/saved-estimates')).toEqual({ kind: 'roles', roles: ['customer', 'admin'] });
    expect(access('/subscription')).toEqual({ kind: 'roles', roles: ['provider'] });
    expect(access('/messages/7/9')).toEqual({ kind: 'signedIn' });
    expect(access('/settings')).toEqual({ kind: 'signedIn', openBeforeTwoStep: true });
    expect(access('/posted-projects')).toEqual({ kind: 'signedIn' });
    expect(access('/browse')).toEqual({ kind: 'public' });
    expect(access('/notifications')).toEqual({ kind: 'signedIn' });
  });

  it('opens the jobs screens to both parties of a hire (and admins), lazily', () => {
    const roles = { kind: 'roles', roles: ['customer', 'provider', 'admin'] };
    expect(find('/jobs')).toMatchObject({ title: 'Jobs', access: roles, layout: 'app' });
    expect(find('/jobs/7')).toMatchObject({ title: 'Job', access: roles, layout: 'app' });
    expect(find('/jobs/7')?.path).toBe('/jobs/:id');
  });

  it('declares each path once, across all the features', () => {
    const paths = routes.map((r) => r.path);
    const repeated = paths.filter((p, i) => paths.indexOf(p) !== i);
    expect(repeated).toEqual([]);
  });

  // The table is the features' rows one after another, so their order must not matter: a spec path matches
  // one row only, except the create page that its own feature lists before the estimate detail.
  it('matches every spec path with one row only', () => {
    const overlaps = specRoutes
      .map(
        (path) =>
          [path, routes.filter((r) => matchRoute(parser, r.path, path)[0]).map((r) => r.path)] as const,
      )
      .filter(([, matched]) => matched.length !== 1);
    expect(overlaps).toEqual([['/estimates/create', ['/estimates/create', '/estimates/:id']]]);
  });
});

// Logout: POST /api/auth/logout, refresh the user, then a full navigation to /. A failure is ignored, except in
// the admin area, where a failed logout leads to /login instead of /.
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useLocation } from 'wouter';
import { setSessionUser } from '../api/get-session.ts';
import { logout } from '../api/logout.ts';

/** Full page navigation (a seam for tests: jsdom cannot navigate). */
export const browserNavigation = {
  assign(to: string): void {
    window.location.assign(to);
  },
};

export function useLogout(): () => Promise<void> {
  const client = useQueryClient();
  const [location] = useLocation();
  return useCallback(async () => {
    let to = '/';
    try {
      await logout();
    } catch {
      if (location === '/admin' || location.startsWith('/admin/')) to = '/login';
    }
    setSessionUser(client, null);
    client.removeQueries({ predicate: (q) => q.queryKey[0] !== '/api/auth/session' });
    browserNavigation.assign(to);
  }, [client, location]);
}

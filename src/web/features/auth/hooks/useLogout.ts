// Logout: POST /api/auth/logout, refresh the user, then a full navigation to /. Failures are ignored.
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
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
  return useCallback(async () => {
    try {
      await logout();
    } catch {
      // ignored: the visitor ends up on the home page either way
    }
    setSessionUser(client, null);
    client.removeQueries({ predicate: (q) => q.queryKey[0] !== '/api/auth/session' });
    browserNavigation.assign('/');
  }, [client]);
}

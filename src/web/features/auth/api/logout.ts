// POST /api/auth/logout: ends the session; 204, no body. hooks/useLogout.ts adds the
// cache reset and the navigation home.
import { apiRequest } from '#web/lib/api-client.ts';

export const logout = async (): Promise<void> => {
  await apiRequest('POST', '/api/auth/logout');
};

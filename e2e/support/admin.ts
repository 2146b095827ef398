// The admin the journey server creates before it starts (e2e/serve.ts), and an API client signed in as it.
import { request, type APIRequestContext } from '@playwright/test';

export const E2E_ADMIN = {
  email: 'admin@e2e.example.com',
  password: 'Admin-journey-pass1',
  firstName: 'Ada',
  lastName: 'Admin',
} as const;

/** A request context signed in as the journey admin (same-origin header, as the browser sends). */
export async function adminApi(baseURL: string): Promise<APIRequestContext> {
  const api = await request.newContext({ baseURL, extraHTTPHeaders: { origin: baseURL } });
  const res = await api.post('/api/auth/login', {
    data: { email: E2E_ADMIN.email, password: E2E_ADMIN.password },
  });
  if (!res.ok()) throw new Error(`admin sign-in failed: ${res.status()} ${await res.text()}`);
  return api;
}

// A multipart POST: fetch sets the boundary itself when the body is FormData, so no content type is given.
// Errors read like the API client's ("STATUS: body"), so parseApiError finds the fields of a refusal.
import { throwIfResNotOk } from '#web/lib/api-client.ts';

export async function postForm<T>(url: string, form: FormData): Promise<T> {
  const res = await fetch(url, { method: 'POST', body: form, credentials: 'include' });
  await throwIfResNotOk(res);
  return (await res.json()) as T;
}

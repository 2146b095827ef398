// The provider's licenses and insurance: GET /api/provider/credentials (newest first), the multipart upload POST,
// PATCH (a new number or expiry sends it back to review), DELETE. Each change refreshes the list.
import { useMutation, useQuery, useQueryClient, type UseMutationOptions } from '@tanstack/react-query';
import type { Credential, CredentialFields, CredentialPatch } from '#domain/schemas/pro-profile.schema';
import { apiJson } from '#web/lib/api-client.ts';
import type { MutationConfig } from '#web/lib/react-query.ts';
import { CREDENTIALS_KEY } from './keys.ts';
import { postForm } from './multipart.ts';

/** PATCH takes the kind's fields, each optional; the kind and the document stay. */
export type { Credential, CredentialPatch };

export const getCredentials = () => apiJson<{ items: Credential[] }>('GET', '/api/provider/credentials');

export function useCredentials() {
  return useQuery({ queryKey: CREDENTIALS_KEY, queryFn: getCredentials });
}

export interface CredentialUpload {
  fields: CredentialFields;
  document: File;
}

/** POST /api/provider/credentials: the kind's fields as form fields beside the file as `document`. */
export function uploadCredential({ fields, document }: CredentialUpload): Promise<Credential> {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, String(v));
  form.append('document', document, document.name);
  return postForm<Credential>('/api/provider/credentials', form);
}

export const patchCredential = ({ id, patch }: { id: string; patch: CredentialPatch }) =>
  apiJson<Credential>('PATCH', `/api/provider/credentials/${encodeURIComponent(id)}`, patch);

export const deleteCredential = (id: string) =>
  apiJson<undefined>('DELETE', `/api/provider/credentials/${encodeURIComponent(id)}`);

function useCredentialMutation<V, R>(
  mutationFn: (v: V) => Promise<R>,
  config: Omit<UseMutationOptions<R, Error, V>, 'mutationFn'>,
) {
  const client = useQueryClient();
  return useMutation({
    ...config,
    mutationFn,
    onSuccess: async (...args) => {
      await client.invalidateQueries({ queryKey: CREDENTIALS_KEY });
      return config.onSuccess?.(...args);
    },
  });
}

export const useUploadCredential = (config: MutationConfig<typeof uploadCredential> = {}) =>
  useCredentialMutation(uploadCredential, config);
export const usePatchCredential = (config: MutationConfig<typeof patchCredential> = {}) =>
  useCredentialMutation(patchCredential, config);
export const useDeleteCredential = (config: MutationConfig<typeof deleteCredential> = {}) =>
  useCredentialMutation(deleteCredential, config);

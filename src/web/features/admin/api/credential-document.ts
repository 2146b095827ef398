// A credential's private document for the admin to look at in place: GET /api/provider/credentials/{id}/document
// (the server answers it as an attachment, never as a page) read as a blob and shown from a blob: address, so
// nothing of it runs or renders as ours. The address is let go when the card leaves the screen.
import { useEffect, useState } from 'react';
import { throwIfResNotOk } from '#web/lib/api-client.ts';

export const credentialDocumentUrl = (id: string) =>
  `/api/provider/credentials/${encodeURIComponent(id)}/document`;

export type DocumentPreview = { state: 'loading' } | { state: 'error' } | { state: 'ready'; url: string };

/** The document as a blob: address, typed as the server said when it was uploaded (an image type only). */
export function useDocumentPreview(id: string, type: string, enabled: boolean): DocumentPreview {
  const key = `${id} ${type}`;
  // Kept with the document it is of: another id or type reads as loading until its own answer comes.
  const [shown, setShown] = useState<{ key: string; preview: DocumentPreview } | null>(null);
  useEffect(() => {
    if (!enabled) return undefined;
    const abort = new AbortController();
    let url: string | null = null;
    fetch(credentialDocumentUrl(id), { credentials: 'include', signal: abort.signal })
      .then(async (res) => {
        await throwIfResNotOk(res);
        const bytes = await res.arrayBuffer();
        url = URL.createObjectURL(new Blob([bytes], { type }));
        setShown({ key: `${id} ${type}`, preview: { state: 'ready', url } });
      })
      .catch(() => {
        if (!abort.signal.aborted) setShown({ key: `${id} ${type}`, preview: { state: 'error' } });
      });
    return () => {
      abort.abort();
      if (url) URL.revokeObjectURL(url);
    };
  }, [id, type, enabled]);
  return shown?.key === key ? shown.preview : { state: 'loading' };
}

// POST /api/estimates/{id}/pictures (multipart/form-data, one file): XMLHttpRequest rather than fetch, because
// only it reports upload progress for the progress bar. Errors read like the API client's ("STATUS: body").
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { HttpError } from '#web/lib/api-client.ts';
import type { MutationConfig } from '#web/lib/react-query.ts';
import type { EstimatePicture } from './get-pictures.ts';
import { ESTIMATES_KEY } from './keys.ts';

export interface UploadPictureInput {
  estimateId: string;
  file: File;
  /** 0 to 100 as the bytes leave the browser. */
  onProgress?: (percent: number) => void;
}

export function uploadPicture({
  estimateId,
  file,
  onProgress,
}: UploadPictureInput): Promise<EstimatePicture> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `/api/estimates/${encodeURIComponent(estimateId)}/pictures`);
    xhr.withCredentials = true;
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) onProgress?.(Math.round((e.loaded / e.total) * 100));
    };
    xhr.onload = () => {
      if (xhr.status >= 200 && xhr.status < 300) {
        resolve(JSON.parse(xhr.responseText) as EstimatePicture);
      } else {
        reject(new HttpError(xhr.status, xhr.statusText, xhr.responseText));
      }
    };
    xhr.onerror = () => reject(new TypeError('Network error'));
    const form = new FormData();
    form.append('file', file);
    xhr.send(form);
  });
}

export function useUploadPicture(config: MutationConfig<typeof uploadPicture> = {}) {
  const client = useQueryClient();
  return useMutation({
    ...config,
    mutationFn: uploadPicture,
    onSettled: async (...args) => {
      await client.invalidateQueries({ queryKey: [...ESTIMATES_KEY, 'pictures', args[2].estimateId] });
      return config.onSettled?.(...args);
    },
  });
}

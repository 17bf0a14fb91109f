import { ADMIN_TOKEN_KEY } from '@/lib/api/client';
import { ApiError } from '@/lib/api/errors';
import type { MediaFile } from '../media-rules';

function storedToken(): string | null {
  try {
    return window.localStorage.getItem(ADMIN_TOKEN_KEY);
  } catch {
    return null;
  }
}

/**
 * Uploads one file as the request body (POST /api/admin/media), reporting
 * how much of it has gone (0 to 1). XMLHttpRequest, not fetch: only it tells
 * how far an upload has come, for each file's progress bar.
 */
export function uploadMediaFile(file: File, onProgress: (fraction: number) => void, signal?: AbortSignal): Promise<MediaFile> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', `/api/admin/media?name=${encodeURIComponent(file.name)}`);
    const token = storedToken();
    if (token) request.setRequestHeader('Authorization', `Bearer ${token}`);
    request.setRequestHeader('Content-Type', file.type || 'application/octet-stream');
    request.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
    };
    request.onload = () => {
      if (request.status === 200 || request.status === 201) {
        onProgress(1);
        try {
          resolve(JSON.parse(request.responseText) as MediaFile);
        } catch {
          reject(new Error('The server sent an unreadable answer'));
        }
      } else {
        reject(new ApiError(request.status, request.statusText, request.responseText));
      }
    };
    request.onerror = () => reject(new Error('The upload failed: check the connection and try again.'));
    request.onabort = () => reject(new DOMException('The upload was cancelled', 'AbortError'));
    signal?.addEventListener('abort', () => request.abort(), { once: true });
    request.send(file);
  });
}

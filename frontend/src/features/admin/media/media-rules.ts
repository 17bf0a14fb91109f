import type { components } from '@/lib/api/schema';

/** A file of the media library, as the server lists it. */
export type MediaFile = components['schemas']['MediaFileView'];
export type MediaUse = components['schemas']['MediaUseView'];

/** What a field takes: a picture only, or (a product's gallery) a picture or a video. */
export type MediaAccept = 'image' | 'image-or-video';

const IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/avif'] as const;
const VIDEO_TYPES = ['video/mp4', 'video/webm'] as const;

/** The server's limits (domain::media): checked here too, so a wrong file is not sent at all. */
export const MAX_IMAGE_BYTES = 20 * 1024 * 1024;
export const MAX_VIDEO_BYTES = 64 * 1024 * 1024;

/** The file input's `accept`: the phone's picker offers only these. */
export function acceptAttribute(accept: MediaAccept): string {
  return (accept === 'image' ? [...IMAGE_TYPES] : [...IMAGE_TYPES, ...VIDEO_TYPES]).join(',');
}

export function isVideoType(type: string): boolean {
  return (VIDEO_TYPES as readonly string[]).includes(type);
}

/**
 * Why a file is not sent, or null to send it. The browser's type is only a
 * hint (the server reads the bytes); an unknown type (empty) is left to the server.
 */
export function refusalBeforeUpload(file: { name: string; size: number; type: string }, accept: MediaAccept): string | null {
  const known = file.type !== '';
  const image = (IMAGE_TYPES as readonly string[]).includes(file.type);
  const video = isVideoType(file.type);
  if (file.size === 0) return `${file.name} is empty.`;
  if (known && !image && !(video && accept === 'image-or-video')) {
    return accept === 'image'
      ? `${file.name} is not a JPEG, PNG, WebP or AVIF image.`
      : `${file.name} is not a JPEG, PNG, WebP or AVIF image or an MP4 or WebM video.`;
  }
  const limit = video ? MAX_VIDEO_BYTES : MAX_IMAGE_BYTES;
  if (file.size > limit) return `${file.name} is larger than ${limit / (1024 * 1024)} MB.`;
  return null;
}

/** "2.4 MB", "380 KB". */
export function formatBytes(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
  if (bytes >= 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${bytes} bytes`;
}

const useWords: Record<MediaUse['kind'], string> = {
  product: 'Product',
  productGallery: 'Gallery of',
  service: 'Service',
  blogPost: 'Post',
};

/** "Product “Cedar Oil”", for the library's Used by column. */
export function describeUse(use: MediaUse): string {
  return `${useWords[use.kind]} “${use.label}”`;
}

import { describe, expect, it } from 'vitest';
import { acceptAttribute, describeUse, formatBytes, refusalBeforeUpload } from './media-rules';

describe('media uploads', () => {
  it('sends pictures, and videos only where a video is taken', () => {
    expect(refusalBeforeUpload({ name: 'a.jpg', size: 10, type: 'image/jpeg' }, 'image')).toBeNull();
    expect(refusalBeforeUpload({ name: 'a.heic', size: 10, type: '' }, 'image')).toBeNull();
    expect(refusalBeforeUpload({ name: 'clip.mp4', size: 10, type: 'video/mp4' }, 'image')).toBe(
      'clip.mp4 is not a JPEG, PNG, WebP or AVIF image.',
    );
    expect(refusalBeforeUpload({ name: 'clip.mp4', size: 10, type: 'video/mp4' }, 'image-or-video')).toBeNull();
    expect(refusalBeforeUpload({ name: 'a.gif', size: 10, type: 'image/gif' }, 'image-or-video')).toMatch(/not a JPEG/);
  });

  it('keeps to the server limits', () => {
    expect(refusalBeforeUpload({ name: 'big.jpg', size: 21 * 1024 * 1024, type: 'image/jpeg' }, 'image')).toBe(
      'big.jpg is larger than 20 MB.',
    );
    expect(refusalBeforeUpload({ name: 'long.mp4', size: 30 * 1024 * 1024, type: 'video/mp4' }, 'image-or-video')).toBeNull();
    expect(refusalBeforeUpload({ name: 'empty.png', size: 0, type: 'image/png' }, 'image')).toBe('empty.png is empty.');
  });

  it('words sizes, types and uses', () => {
    expect(formatBytes(2_500_000)).toBe('2.4 MB');
    expect(formatBytes(2048)).toBe('2 KB');
    expect(acceptAttribute('image')).toBe('image/jpeg,image/png,image/webp,image/avif');
    expect(describeUse({ kind: 'productGallery', id: 'x', label: 'Cedar Oil' })).toBe('Gallery of “Cedar Oil”');
  });
});

import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { mediaImage } from '@/lib/responsive-image';
import { Image } from './image';

const balm = mediaImage('/media/balm.webp', { width: 800, height: 600 });

describe('Image', () => {
  afterEach(cleanup);

  it('offers the variants with their sizes and declares the intrinsic size, fetched lazily by default', () => {
    render(<Image image={balm} sizes="50vw" alt="Pine balm" />);
    const img = screen.getByRole('img', { name: 'Pine balm' });
    expect(img).toHaveProperty('srcset', balm.srcSet);
    expect(img.getAttribute('sizes')).toBe('50vw');
    expect([img.getAttribute('width'), img.getAttribute('height')]).toEqual(['800', '600']);
    expect(img.getAttribute('loading')).toBe('lazy');
    expect(img.getAttribute('fetchpriority')).toBeNull();
  });

  it('fetches the priority picture at once, at high priority', () => {
    render(<Image image={balm} sizes="100vw" priority alt="Pine balm" />);
    const img = screen.getByRole('img', { name: 'Pine balm' });
    expect(img.getAttribute('loading')).toBeNull();
    expect(img.getAttribute('fetchpriority')).toBe('high');
  });

  it('gives way to the gradient when there is no picture, or when it fails to load', () => {
    const { unmount } = render(<Image image={undefined} sizes="50vw" alt="Pine balm" />);
    expect(screen.getByRole('img', { name: 'Pine balm' }).tagName).toBe('DIV');
    unmount();

    render(<Image image={balm} sizes="50vw" alt="Pine balm" />);
    fireEvent.error(screen.getByRole('img', { name: 'Pine balm' }));
    expect(screen.getByRole('img', { name: 'Pine balm' }).tagName).toBe('DIV');
  });
});

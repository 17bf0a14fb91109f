import { describe, expect, it } from 'vitest';
import { imageAttributes, mediaImage } from './responsive-image';

describe('mediaImage', () => {
  it('offers every server variant narrower than the file, then the next one at the file’s own width', () => {
    expect(mediaImage('/media/balm.webp', { width: 800, height: 600 })).toEqual({
      src: '/media/balm.webp?w=960',
      srcSet: '/media/balm.webp?w=320 320w, /media/balm.webp?w=640 640w, /media/balm.webp?w=960 800w',
      width: 800,
      height: 600,
    });
  });

  it('describes a variant as wide as the file by that width', () => {
    expect(mediaImage('/media/a.jpg', { width: 640, height: 480 }).srcSet).toBe('/media/a.jpg?w=320 320w, /media/a.jpg?w=640 640w');
  });

  it('stops at the widest variant for a file wider than it', () => {
    const image = mediaImage('/media/wide.png', { width: 3000, height: 2000 });
    expect(image.srcSet).toBe(
      '/media/wide.png?w=320 320w, /media/wide.png?w=640 640w, /media/wide.png?w=960 960w, /media/wide.png?w=1280 1280w, /media/wide.png?w=1920 1920w',
    );
    expect(image.src).toBe('/media/wide.png?w=1920');
    expect([image.width, image.height]).toEqual([3000, 2000]);
  });

  it('offers a file narrower than every variant once, at its own width', () => {
    expect(mediaImage('/media/tiny.jpeg', { width: 200, height: 100 })).toMatchObject({
      src: '/media/tiny.jpeg?w=320',
      srcSet: '/media/tiny.jpeg?w=320 200w',
    });
  });

  it('gives the plain URL when the size is unknown or the server does not resize the file', () => {
    expect(mediaImage('/media/balm.webp', null)).toEqual({ src: '/media/balm.webp' });
    expect(mediaImage('/media/balm.webp', undefined)).toEqual({ src: '/media/balm.webp' });
    expect(mediaImage('https://cdn.example.com/media/balm.webp', { width: 800, height: 600 })).toEqual({
      src: 'https://cdn.example.com/media/balm.webp',
    });
    expect(mediaImage('/media/clip.mp4', { width: 800, height: 600 })).toEqual({ src: '/media/clip.mp4' });
    expect(mediaImage('/media/logo.svg', { width: 800, height: 600 })).toEqual({ src: '/media/logo.svg' });
    expect(mediaImage('/assets/hero.webp', { width: 800, height: 600 })).toEqual({ src: '/assets/hero.webp' });
    expect(mediaImage('/media/balm.webp?w=320', { width: 800, height: 600 })).toEqual({ src: '/media/balm.webp?w=320' });
    expect(mediaImage('/media/balm.webp', { width: 0, height: 0 })).toEqual({ src: '/media/balm.webp' });
  });
});

describe('imageAttributes', () => {
  const image = mediaImage('/media/balm.webp', { width: 800, height: 600 });

  it('fetches a priority picture first, at high priority', () => {
    expect(imageAttributes(image, { sizes: '100vw', priority: true })).toMatchObject({
      sizes: '100vw',
      width: 800,
      height: 600,
      loading: undefined,
      fetchPriority: 'high',
    });
  });

  it('lets every other picture wait until it nears the screen', () => {
    expect(imageAttributes(image, { sizes: '50vw' })).toMatchObject({ loading: 'lazy', fetchPriority: undefined });
  });

  it('gives no sizes to a picture with a single file', () => {
    expect(imageAttributes({ src: '/media/balm.webp' }, { sizes: '50vw' })).toEqual({
      src: '/media/balm.webp',
      srcSet: undefined,
      sizes: undefined,
      width: undefined,
      height: undefined,
      loading: 'lazy',
      fetchPriority: undefined,
    });
  });
});

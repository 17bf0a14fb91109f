import type { TransformFactory } from 'imagetools-core';

/*
 * `crop=left,top,width,height` (percent of the picture) for vite-imagetools:
 * cuts that part out before any resizing, for art direction (the home page's
 * picture as a phone held upright shows it, src/config/artwork.ts).
 */
export const cropDirective: TransformFactory = (config, context) => {
  const value = config.crop;
  if (typeof value !== 'string' || !value) return undefined;
  const parts = value.split(',').map(Number);
  if (parts.length !== 4 || parts.some((part) => !Number.isFinite(part) || part < 0 || part > 100)) {
    throw new Error(`crop=${value}: four percentages, left,top,width,height`);
  }
  context.useParam('crop');
  const [left, top, width, height] = parts as [number, number, number, number];
  return function cropTransform(state, image) {
    const box = {
      left: Math.round((state.info.width * left) / 100),
      top: Math.round((state.info.height * top) / 100),
      width: Math.round((state.info.width * width) / 100),
      height: Math.round((state.info.height * height) / 100),
    };
    state.info = { ...state.info, width: box.width, height: box.height, autoOriented: { width: box.width, height: box.height } };
    return image.extract(box);
  };
};

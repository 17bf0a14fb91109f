import type { Plugin } from 'vite';

/*
 * The font files that paint the first screen (the headings' Cormorant Garamond
 * and the text's Jost, upright, the core of the Latin subset: see
 * latin-core-fonts.ts), preloaded from the built
 * index.html with their hashed names, so the text is drawn in its own face
 * from the start instead of swapping in (and shifting) later. The other
 * subsets stay as Fontsource declares them: a browser fetches a file only
 * when the page uses a character of its unicode-range.
 */
const firstScreenFonts = ['cormorant-garamond-latin-core-wght-normal.woff2', 'jost-latin-core-wght-normal.woff2'];

export function preloadFonts(): Plugin {
  return {
    name: 'golden-pine:preload-fonts',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, { bundle }) {
        if (!bundle) return [];
        const assets = Object.values(bundle).filter((output) => output.type === 'asset');
        return firstScreenFonts.map((font) => {
          const asset = assets.find((a) => a.names.includes(font) || a.originalFileNames.some((f) => f.endsWith(`/${font}`)));
          // A renamed file must not silently lose its preload.
          if (!asset) throw new Error(`preload-fonts: ${font} is not in the build (see the Fontsource imports in src/index.css)`);
          return {
            tag: 'link',
            attrs: { rel: 'preload', href: `/${asset.fileName}`, as: 'font', type: 'font/woff2', crossorigin: '' },
            injectTo: 'head',
          };
        });
      },
    },
  };
}

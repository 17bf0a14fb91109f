/// <reference types="vitest/config" />
import { fileURLToPath, URL } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Alias, type Plugin, type UserConfig } from 'vite';
import { imagetools } from 'vite-imagetools';
import { appShellChunk } from './build/app-shell-chunk.ts';
import { cropDirective } from './build/crop-directive.ts';
import { latinCoreFonts } from './build/latin-core-fonts.ts';
import { precompress } from './build/precompress.ts';
import { preloadFonts } from './build/preload-fonts.ts';
import { stableArtwork } from './build/stable-artwork.ts';

const backend = process.env.API_PROXY_TARGET ?? 'http://127.0.0.1:8080';

/*
 * The server bundle (`vite build --ssr src/entry-server.tsx`): one
 * self-contained ES module, dist/.server/render.js, that the Rust server runs
 * in QuickJS, a bare engine with no Node, no DOM and no module loader. So
 * every dependency is bundled, with its browser build (no Node built-ins),
 * production React (nothing reads `process`), and no second file.
 */
const serverBundle = {
  aliases: [
    {
      // renderToString alone: the streaming renderer beside it in react-dom/server
      // builds a TextEncoder and a MessageChannel when loaded, which QuickJS lacks.
      find: /^react-dom\/server$/,
      replacement: fileURLToPath(new URL('./node_modules/react-dom/cjs/react-dom-server-legacy.browser.production.js', import.meta.url)),
    },
  ],
  define: { 'process.env.NODE_ENV': JSON.stringify('production') },
  ssr: {
    noExternal: true,
    target: 'webworker',
    resolve: { conditions: ['browser', 'module', 'production'], externalConditions: [] },
  },
  build: {
    target: 'es2022',
    // Smaller and quicker to load. For readable stack traces in the server's
    // log: `npx vite build --ssr src/entry-server.tsx --outDir dist/.server --minify false`.
    minify: true,
    copyPublicDir: false,
    rolldownOptions: {
      output: { format: 'es', entryFileNames: 'render.js', codeSplitting: false },
    },
  },
} satisfies { aliases: Alias[]; define: UserConfig['define']; ssr: UserConfig['ssr']; build: UserConfig['build'] };

/**
 * The host has no module loader. Our own dynamic imports are inlined; what
 * remains is library code never run on the server (React Router's route-module
 * prefetching of framework mode), rewritten to a rejection so that the bundle
 * holds no import at all.
 */
function noModuleLoader(): Plugin {
  return {
    name: 'golden-pine:no-module-loader',
    renderChunk(code) {
      const rewritten = code.replace(/(?<![\w$.])import\(/g, '__noModuleLoader(');
      if (rewritten === code) return null;
      return `const __noModuleLoader = () => Promise.reject(new Error('The server renderer cannot load modules'));\n${rewritten}`;
    },
  };
}

const appShell = appShellChunk({ main: /\/src\/main\.tsx$/, entry: /\/src\/boot\.ts$/ });

/*
 * The browser bundle: the app's code of a first visit in one chunk
 * (build/app-shell-chunk.ts). No modulepreload polyfill: every browser the
 * site supports preloads modules itself (one without only loses the hint).
 */
const browserBundle = {
  build: {
    modulePreload: { polyfill: false },
    rolldownOptions: { output: { codeSplitting: { groups: appShell.groups } } },
  },
} satisfies { build: UserConfig['build'] };

/*
 * React Router's package points every import at its development build, whose
 * only difference is that its warnings are on. A build takes the production
 * one (as React Router's own Vite plugin does), so the warnings' code is
 * dropped from the first visit's scripts; dev and tests keep the warnings.
 */
const reactRouterProduction: Alias = {
  find: /^react-router$/,
  replacement: fileURLToPath(new URL('./node_modules/react-router/dist/production/index.mjs', import.meta.url)),
};

export default defineConfig(({ command, isSsrBuild }) => ({
  // The favicon and Open Graph image belong to the client build only. The
  // artwork's widths (src/config/artwork.ts) are made in both builds, to the
  // same bytes and so the same hashed names: the server bundle names the files
  // the client build wrote (its own copies are not written, build.ssrEmitAssets).
  // The second build reads them from the plugin's cache (node_modules/.cache/imagetools).
  plugins: [
    latinCoreFonts(),
    react(),
    tailwindcss(),
    imagetools({ extendTransforms: (builtins) => [cropDirective, ...builtins] }),
    ...(isSsrBuild ? [noModuleLoader()] : [stableArtwork(), preloadFonts(), precompress(), appShell.plugin]),
  ],
  resolve: {
    alias: [
      { find: '@', replacement: fileURLToPath(new URL('./src', import.meta.url)) },
      ...(command === 'build' ? [reactRouterProduction] : []),
      ...(isSsrBuild ? serverBundle.aliases : []),
    ],
  },
  server: {
    proxy: {
      '/api': { target: backend, changeOrigin: false },
      '/media': { target: backend, changeOrigin: false },
    },
  },
  ...(isSsrBuild ? { define: serverBundle.define, ssr: serverBundle.ssr } : {}),
  build: {
    // The server serves dist/ with long-lived caching of hashed assets.
    assetsInlineLimit: 2048,
    sourcemap: false,
    ...(isSsrBuild ? serverBundle.build : browserBundle.build),
  },
  test: {
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    restoreMocks: true,
  },
}));

// Builds the server bundle (src/entry-server.tsx) into <dist>/.server/render.js,
// beside a client build in <dist> (default: dist). Run it after the client
// build, which empties its outDir:
//   vite build --outDir /tmp/site && npm run build:ssr -- /tmp/site
import { resolve } from 'node:path';
import { build } from 'vite';

const dist = resolve(process.argv[2] ?? 'dist');
await build({
  logLevel: 'warn',
  build: { ssr: 'src/entry-server.tsx', outDir: resolve(dist, '.server'), emptyOutDir: true },
});
console.log(`server bundle: ${resolve(dist, '.server/render.js')}`);

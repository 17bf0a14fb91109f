import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { brotliCompressSync, constants } from 'node:zlib';
import type { Plugin } from 'vite';

/** What is worth compressing: text. Pictures and fonts are compressed already. */
const compressible = /\.(js|css|svg|json)$/;

/*
 * A brotli copy (`name.js.br`) of every script, stylesheet and SVG of the
 * browser build, at brotli's highest quality (11): about an eighth smaller
 * than the fast setting a server can afford per response. The server sends
 * it to browsers that take brotli (crates/http-api/src/site.rs, `asset`), so
 * no request compresses anything. Made from the files as written (the last
 * plugins change chunks until then); a copy that saves too little is not
 * kept.
 */
export function precompress(): Plugin {
  return {
    name: 'golden-pine:precompress',
    apply: 'build',
    enforce: 'post',
    async writeBundle(options, bundle) {
      const folder = options.dir ?? 'dist';
      await Promise.all(
        Object.keys(bundle)
          .filter((fileName) => compressible.test(fileName))
          .map(async (fileName) => {
            const bytes = await readFile(join(folder, fileName));
            const compressed = brotliCompressSync(bytes, {
              params: {
                [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
                [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
                [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
              },
            });
            if (compressed.length < bytes.length * 0.9) await writeFile(join(folder, `${fileName}.br`), compressed);
          }),
      );
    },
  };
}

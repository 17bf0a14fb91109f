import { mkdir, readFile, stat, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join, relative } from 'node:path';
import subsetFont from 'subset-font';
import type { Plugin } from 'vite';

/*
 * The site's faces, self-hosted from Fontsource, with each Latin file split
 * in two: the core (the characters of English text and the punctuation the
 * site sets, about 60 % of the file) and the rest of Latin (accented letters,
 * rarer signs). Both are declared with their unicode-range, so a browser
 * fetches the rest only for a page that uses one of its characters: the
 * first screen of every page of the demo needs the core alone. Every other
 * subset (Latin Extended, Cyrillic, Vietnamese...) stays as Fontsource
 * declares it. The split files keep the OpenType features the site uses. Derived at build time from the installed Fontsource package,
 * into `.generated/fonts/` (fonts.css and the files), which src/index.css
 * imports; made again only when the package changes.
 */
const stylesheets = [
  '@fontsource-variable/cormorant-garamond/wght.css',
  '@fontsource-variable/cormorant-garamond/wght-italic.css',
  '@fontsource-variable/jost/wght.css',
];

/** The core: printable ASCII, no-break space and the typography the site sets. */
const coreCodePoints = [
  ...range(0x00, 0x7f),
  0xa0, // no-break space
  0xa9, // ©
  0xae, // ®
  0xb0, // °
  0xb7, // ·
  0x2013, // –
  0x2014, // —
  0x2018, // ‘
  0x2019, // ’
  0x201c, // “
  0x201d, // ”
  0x2022, // •
  0x2026, // …
  0x2122, // ™
];

/*
 * The OpenType features kept: what browsers apply to every text (kerning,
 * standard ligatures, contextual forms, marks, variable-font substitutions)
 * and tabular figures (prices are set with `tabular-nums`). The faces'
 * others (small capitals, old-style figures, stylistic sets) are never
 * asked for, and their glyphs are a sixth of a file.
 */
const keepFeatures = ['kern', 'liga', 'clig', 'calt', 'ccmp', 'locl', 'mark', 'mkmk', 'rlig', 'rvrn', 'tnum'];

export const generatedFontsDir = new URL('../.generated/fonts/', import.meta.url);

function range(first: number, last: number): number[] {
  return Array.from({ length: last - first + 1 }, (_, i) => first + i);
}

/** "U+0000-00FF,U+0131" → the code points. */
function parseRanges(text: string): number[] {
  return text.split(',').flatMap((part) => {
    const [first, last] = part.trim().replace(/^U\+/i, '').split('-');
    const start = parseInt(first, 16);
    return range(start, last ? parseInt(last, 16) : start);
  });
}

/** The code points as a unicode-range value, consecutive ones joined. */
function formatRanges(codePoints: number[]): string {
  const sorted = [...new Set(codePoints)].sort((a, b) => a - b);
  const parts: string[] = [];
  const hex = (n: number) => n.toString(16).toUpperCase().padStart(4, '0');
  for (let i = 0; i < sorted.length; i++) {
    const start = sorted[i];
    while (i + 1 < sorted.length && sorted[i + 1] === sorted[i] + 1) i++;
    parts.push(start === sorted[i] ? `U+${hex(start)}` : `U+${hex(start)}-${hex(sorted[i])}`);
  }
  return parts.join(',');
}

type FontFace = { block: string; file: string; unicodeRange: string };

function fontFaces(css: string): FontFace[] {
  return [...css.matchAll(/@font-face\s*{[^}]*}/g)].map(([block]) => ({
    block,
    file: /url\(\.\/files\/([^)]+)\)/.exec(block)?.[1] ?? '',
    unicodeRange: /unicode-range:\s*([^;]+);/.exec(block)?.[1] ?? '',
  }));
}

async function newer(output: string, inputs: string[]): Promise<boolean> {
  try {
    const made = (await stat(output)).mtimeMs;
    const sources = await Promise.all(inputs.map(async (input) => (await stat(input)).mtimeMs));
    return sources.every((time) => time <= made);
  } catch {
    return false;
  }
}

async function generate(root: string): Promise<void> {
  const require = createRequire(join(root, 'package.json'));
  const out = generatedFontsDir.pathname;
  const sources = stylesheets.map((sheet) => require.resolve(sheet));
  if (await newer(join(out, 'fonts.css'), [...sources, new URL(import.meta.url).pathname])) return;
  await mkdir(out, { recursive: true });
  const coreText = String.fromCodePoint(...coreCodePoints.filter((c) => c >= 0x20 && c !== 0x7f));
  const declarations: string[] = [];
  for (const source of sources) {
    const folder = join(dirname(source), 'files');
    for (const face of fontFaces(await readFile(source, 'utf8'))) {
      const original = join(folder, face.file);
      if (!/-latin-wght-/.test(face.file)) {
        // Other subsets as Fontsource declares them, from its own files.
        declarations.push(face.block.replace(`url(./files/${face.file})`, `url(${relative(out, original)})`));
        continue;
      }
      const latin = parseRanges(face.unicodeRange);
      const core = latin.filter((c) => coreCodePoints.includes(c));
      const rest = latin.filter((c) => !coreCodePoints.includes(c));
      const bytes = await readFile(original);
      const parts: [string, number[], string][] = [
        ['core', core, coreText],
        ['rest', rest, String.fromCodePoint(...rest.filter((c) => c >= 0x20))],
      ];
      for (const [part, codePoints, text] of parts) {
        const name = face.file.replace('-latin-', `-latin-${part}-`);
        await writeFile(join(out, name), await subsetFont(bytes, text, { targetFormat: 'woff2', keepFeatures }));
        declarations.push(
          face.block
            .replace(`url(./files/${face.file})`, `url(./${name})`)
            .replace(face.unicodeRange, formatRanges(codePoints)),
        );
      }
    }
  }
  await writeFile(join(out, 'fonts.css'), `/* Made by build/latin-core-fonts.ts: do not edit. */\n${declarations.join('\n')}\n`);
}

export function latinCoreFonts(): Plugin {
  let root = process.cwd();
  return {
    name: 'golden-pine:latin-core-fonts',
    configResolved(config) {
      root = config.root;
    },
    // Before any stylesheet is read: src/index.css imports the result.
    async buildStart() {
      await generate(root);
    },
  };
}

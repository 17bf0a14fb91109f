// Fails when src/lib/api/schema.d.ts is not what openapi-typescript makes of ../openapi.json.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const dir = mkdtempSync(join(tmpdir(), 'check-api-'));
const fresh = join(dir, 'schema.d.ts');
try {
  execFileSync('npx', ['openapi-typescript', '../openapi.json', '-o', fresh], { stdio: 'pipe' });
  const committed = readFileSync('src/lib/api/schema.d.ts', 'utf8');
  if (readFileSync(fresh, 'utf8') !== committed) {
    console.error('src/lib/api/schema.d.ts is stale: run `npm run gen:api` and commit the result.');
    process.exit(1);
  }
  console.log('src/lib/api/schema.d.ts matches ../openapi.json');
} finally {
  rmSync(dir, { recursive: true, force: true });
}

// After tsup: the CommonJS declaration files (.d.cts) name jose's types with a type-only import in
// import resolution mode. jose 6 is ESM-only, and a plain `import { JWK } from 'jose'` in a .d.cts
// is TS1479 for every `.cts` / node16 consumer that checks libraries (skipLibCheck off).
import fs from 'node:fs';
import path from 'node:path';

const dist = path.join(import.meta.dirname, '..', 'dist');
let changed = 0;
for (const file of fs.readdirSync(dist).filter((f) => f.endsWith('.d.cts'))) {
  const full = path.join(dist, file);
  const text = fs.readFileSync(full, 'utf8');
  const next = text
    .replace(/^import ['"]jose['"];\n/gm, '')
    .replace(/^import \{([^}]*)\} from ['"]jose['"];$/gm, (_, names) => `import type {${names}} from 'jose' with { 'resolution-mode': 'import' };`);
  if (next !== text) {
    fs.writeFileSync(full, next);
    changed++;
  }
}
if (
  /\bfrom ['"]jose['"];$/m.test(
    fs
      .readdirSync(dist)
      .filter((f) => f.endsWith('.d.cts'))
      .map((f) => fs.readFileSync(path.join(dist, f), 'utf8'))
      .join('\n'),
  )
) {
  throw new Error('a .d.cts still imports jose in require mode');
}
console.log(`jose-types: ${changed} declaration files rewritten`);

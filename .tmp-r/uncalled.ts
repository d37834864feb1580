import scope from '/work/main/test/growi-api/in-scope.json';
import fs from 'node:fs';
const src = fs.readFileSync('/work/main/test/server/growi-answers.test.ts', 'utf8');
for (const op of scope.operations) { const id = `${op.api} ${op.method} ${op.path}`; if (!src.includes(`'${id}'`)) console.log(id); }

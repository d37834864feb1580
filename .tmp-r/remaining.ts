import scope from '/work/main/test/growi-api/in-scope.json';
import { CONTRACTS } from '/work/main/src/shared/contracts';
const covered = new Set(CONTRACTS.map((c) => `${c.api} ${c.method} ${c.growiPath ?? c.path}`));
for (const op of scope.operations) { const id = `${op.api} ${op.method} ${op.path}`; if (!covered.has(id)) console.log(id); }

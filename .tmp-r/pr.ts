import { startTestServer } from '/work/main/test/helpers/server';
const s = await startTestServer();
const out = s.app.printRoutes({ commonPrefix: false }).split('\n');
const i = out.findIndex(l => l.includes('_api/v3/page ('));
console.log(i, out.length);
console.log(out.slice(Math.max(0,i-3), i+30).join('\n'));
await s.cleanup();

// Issue 28: routes declare their contracts (src/shared/contracts), and each contract that stands for
// one of GROWI's in-scope operations is held to GROWI's spec (errata applied) from both sides:
// - what Quire may answer, at its fullest, with every alternative, and at its barest, is an answer
//   GROWI's response schema accepts, carrying every top-level key GROWI names;
// - what GROWI's clients send (every query parameter and body key the spec names) is a request
//   Quire's schemas accept.
// So a contract drifting from GROWI's fails here, and a route drifting from its contract cannot
// send it (the answer is written by the contract's serializer).
import Ajv from 'ajv';
import addFormats from 'ajv-formats';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import scope from '../growi-api/in-scope.json';
import { CONTRACTS } from '../../src/shared/contracts';
import type { Contract } from '../../src/shared/contracts/define';
import { contractRouteKeys, registeredContracts } from '../../src/server/lib/contract-route';
import { routeTable } from '../helpers/route-table';
import {
  answerProblems,
  notDeliberate,
  refResolver,
  requestOf,
  type Operation,
} from '../helpers/growi-schemas';
import { ID_SAMPLE, sampleOf, type Branch } from '../helpers/schema-samples';
import { startTestServer, type TestServer } from '../helpers/server';

type Json = Record<string, unknown>;

/** Quire's API routes without a contract: WebSockets, whose frames are y-protocols and events, not JSON. */
const WITHOUT_CONTRACT_ROUTES = ['GET /_api/v3/coedit/:pageId', 'GET /_api/v3/events'];

/** In-scope operations whose route has no contract yet: only falls, to 0. */
const WITHOUT_CONTRACT = 0;

/** Values GROWI's clients send where the spec says only "a string": a granted group and its kind. */
const NAMED = {
  type: 'UserGroup',
  item: ID_SAMPLE,
  relatedPage: ID_SAMPLE,
  userRelatedGrantedGroup: ID_SAMPLE,
  lang: 'en_US',
  // A password reset link's token (GROWI's are 64 hex digits).
  token: 'f'.repeat(64),
  fileUploadType: 'local',
  globalLang: 'en_US',
  fromAddress: 'wiki@example.com',
  smtpPort: '587',
  adminPreferredIndentSize: 4,
  restrictGuestMode: 'Readonly',
  pageCompleteDeletionAuthority: 'adminOnly',
  registrationMode: 'Open',
  authId: 'local',
  notifyType: 'mail',
  triggerEvents: ['pageCreate'],
  slackToken: 'xoxb-12345678',
};

const idOf = (c: Contract) => `${c.api} ${c.method} ${c.growiPath ?? c.path}`;
const inScope = new Set(scope.operations.map((op) => `${op.api} ${op.method} ${op.path}`));
const growiContracts = CONTRACTS.filter((c) => inScope.has(idOf(c)));
const opOf = (c: Contract): Operation => ({
  api: c.api as 'v1' | 'v3',
  method: c.method,
  path: c.growiPath ?? c.path,
});

// Quire's requests are checked as Fastify checks them (its default Ajv options).
const fastifyAjv = new Ajv({
  coerceTypes: 'array',
  useDefaults: true,
  removeAdditional: true,
  strict: false,
});
addFormats(fastifyAjv);

function accepts(schema: unknown, value: unknown): string[] {
  const validate = fastifyAjv.compile(schema as Json);
  if (validate(structuredClone(value))) return [];
  return (validate.errors ?? []).map((e) => `${e.instancePath || '/'} ${e.message}`);
}

describe('route contracts', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.cleanup());

  it('are each a route of the server', () => {
    const unused = CONTRACTS.filter((c) => !registeredContracts.has(c)).map(idOf);
    expect(unused).toEqual([]);
  });

  it("declare every route of Quire's API but its WebSockets", () => {
    const api = routeTable(server.app)
      .filter((route) => route.method !== 'HEAD' && /^\/_api\//.test(route.url))
      .map((route) => `${route.method} ${route.url}`);
    expect(api.filter((key) => !contractRouteKeys.has(key)).sort()).toEqual(WITHOUT_CONTRACT_ROUTES);
  });

  it('stand for every in-scope GROWI operation (the count without one only falls)', () => {
    const covered = new Set(growiContracts.map(idOf));
    const without = [...inScope].filter((id) => !covered.has(id));
    expect(without.length, 'lower WITHOUT_CONTRACT').toBe(WITHOUT_CONTRACT);
  });

  describe.each(growiContracts.map((c) => [idOf(c), c] as const))('%s', (_id, contract) => {
    const op = opOf(contract);
    const success = Object.keys(contract.response).find((code) => code.startsWith('2'))!;
    const answer = contract.response[Number(success)] as unknown as Json;

    it.each(['first', 'last'] as Branch[])(
      'answers, at its fullest (%s alternatives), what GROWI accepts',
      (branch) => {
        expect(notDeliberate(answerProblems(op, sampleOf(answer, { branch })) ?? [])).toEqual([]);
      },
    );

    it('answers, at its barest, every key GROWI names', () => {
      expect(answerProblems(op, sampleOf(answer, { branch: 'first', requiredOnly: true })) ?? []).toEqual([]);
    });

    it("accepts what GROWI's clients send", () => {
      // Quire's own themes and code styles: GROWI's names but `default` and `github` are refused.
      const ownChoices = [
        '/theme must be equal to one of the allowed values',
        '/highlightJsStyle must be equal to one of the allowed values',
      ];
      const growi = requestOf(op);
      const resolve = refResolver(op.api);
      const query = sampleOf(growi.query, { branch: 'first', resolve, named: NAMED });
      expect(contract.querystring ? accepts(contract.querystring, query) : []).toEqual([]);
      if (growi.body) {
        const body = sampleOf(growi.body, { branch: 'first', resolve, named: NAMED });
        const problems = contract.body ? accepts(contract.body, body) : ['no body schema'];
        expect(problems.filter((problem) => !ownChoices.includes(problem))).toEqual([]);
      }
    });
  });
});

// Calls GROWI's in-scope operations as its clients do and checks each answer against GROWI's own
// response schema (errata applied): the call tables of test/server/growi-answers*.test.ts.
import type { LightMyRequestResponse } from 'fastify';
import scope from '../growi-api/in-scope.json';
import { answerProblems, notDeliberate, type Operation } from './growi-schemas';
import type { Agent } from './server';

/** A request by the table's agent, by another one (`as`), or one already sent (`sent`: uploads). */
export type CallRequest =
  | { url: string; body?: unknown; as?: Agent; headers?: Record<string, string> }
  | { sent: LightMyRequestResponse };
export type Call<F> = (fixtures: F) => CallRequest | Promise<CallRequest>;

export const opId = (op: Operation) => `${op.api} ${op.method} ${op.path}`;
export const IN_SCOPE = new Set((scope.operations as Operation[]).map(opId));

/** Runs each call in GROWI's operation order; the problems found, by operation. */
export async function callAll<F>(
  calls: Record<string, Call<F>>,
  fixtures: F,
  agent: Agent,
): Promise<Map<string, string[]>> {
  const problems = new Map<string, string[]>();
  for (const op of scope.operations as Operation[]) {
    const call = calls[opId(op)];
    if (!call) continue;
    const request = await call(fixtures);
    const res =
      'sent' in request
        ? request.sent
        : await (request.as ?? agent).request(op.method as 'GET', request.url, request.body, request.headers);
    if (res.statusCode >= 300) {
      problems.set(opId(op), [`answered ${res.statusCode}: ${res.body.slice(0, 200)}`]);
      continue;
    }
    // GROWI's page export answers the Markdown itself; every other operation, JSON.
    const json = String(res.headers['content-type']).startsWith('application/json');
    const found = notDeliberate(answerProblems(op, json ? res.json() : res.body) ?? []);
    if (found.length > 0) problems.set(opId(op), found);
  }
  return problems;
}

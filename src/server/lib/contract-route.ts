// Registers a route from its contract (shared/contracts): Fastify validates the request with the
// contract's schemas and writes the answer with its response schema (fast-json-stringify), so what
// a route sends is what the contract says: a key it does not declare is not sent, a declared
// required key that is missing fails the request rather than reaching a client.
import type {
  FastifyContextConfig,
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  RouteOptions,
} from 'fastify';
import type { AnswerOf, BodyOf, Contract, ParamsOf, QueryOf } from '../../shared/contracts/define';

export type ContractRequest<C extends Contract> = FastifyRequest<{
  Querystring: QueryOf<C>;
  Params: ParamsOf<C>;
  Body: BodyOf<C>;
}>;

/** A handler answers the contract's object, or sends itself (bytes already serialized, a redirect). */
export type ContractHandler<C extends Contract> = (
  request: ContractRequest<C>,
  reply: FastifyReply,
) => Promise<AnswerOf<C> | FastifyReply>;

/** The contracts a route was registered from (the contract test checks none is left unused). */
export const registeredContracts = new WeakSet<Contract>();
/** `METHOD /full/url` of every route registered from a contract (the contract test's ratchet). */
export const contractRouteKeys = new Set<string>();

/** GROWI's `{pageId}` is Fastify's `:pageId`. */
export const fastifyPath = (path: string): string => path.replace(/\{(\w+)\}/g, ':$1');

export function contractRoute<C extends Contract>(
  app: FastifyInstance,
  contract: C,
  handler: ContractHandler<C>,
  options: { config?: FastifyContextConfig; errorHandler?: RouteOptions['errorHandler'] } = {},
): void {
  registeredContracts.add(contract);
  contractRouteKeys.add(`${contract.method} ${app.prefix}${fastifyPath(contract.path)}`);
  const { querystring, params, body, response } = contract;
  const parts = Object.entries({ querystring, params, body }).filter(([, schema]) => schema !== undefined);
  app.route({
    method: contract.method,
    url: fastifyPath(contract.path),
    schema: { ...Object.fromEntries(parts), response },
    ...(options.config ? { config: options.config } : {}),
    ...(options.errorHandler ? { errorHandler: options.errorHandler } : {}),
    handler: handler as (request: FastifyRequest, reply: FastifyReply) => Promise<unknown>,
  });
}

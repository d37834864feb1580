// The little of oidc-provider 9's API the sign-in tests use (the package ships no types).
declare module 'oidc-provider' {
  import type { IncomingMessage, ServerResponse } from 'node:http';

  interface ProviderAccount {
    accountId: string;
    claims: () => Record<string, unknown>;
  }
  interface ProviderConfiguration {
    clients: { client_id: string; client_secret: string; redirect_uris: string[] }[];
    claims?: Record<string, string[]>;
    cookies?: { keys: string[] };
    findAccount: (ctx: unknown, id: string) => ProviderAccount | undefined;
  }
  export default class Provider {
    constructor(issuer: string, configuration: ProviderConfiguration);
    callback(): (req: IncomingMessage, res: ServerResponse) => void;
    on(event: string, listener: (...args: unknown[]) => void): this;
  }
}

// A SAML identity provider for tests (samlify), signing its answers with a key made for the test:
// answers can be made expired, for another audience, unsigned, or signed by a stranger's key.
import { inflateRawSync } from 'node:zlib';
import { createRequire } from 'node:module';
import path from 'node:path';
import type * as Samlify from 'samlify';
import { generate } from 'selfsigned';

// samlify is CommonJS, loaded the same way under Vitest (ESM) and Playwright (transpiled to CJS).
const samlify = createRequire(path.join(process.cwd(), 'package.json'))('samlify') as typeof Samlify;
samlify.setSchemaValidator({ validate: () => Promise.resolve('skipped in tests') });

export const IDP_ENTITY = 'http://idp.quire.test/metadata';

export interface AnswerOptions {
  inResponseTo: string;
  audience: string;
  destination: string;
  attributes: Record<string, string>;
  /** Minutes from now until the assertion expires (negative: already expired). */
  validForMinutes?: number;
}

export interface TestIdp {
  cert: string;
  /** A base64 SAMLResponse for the HTTP-POST binding. */
  answer(options: AnswerOptions): Promise<string>;
}

export async function startIdp(attributeNames: string[]): Promise<TestIdp> {
  const pems = await generate([{ name: 'commonName', value: 'Quire test IdP' }], {
    keyType: 'rsa',
    keySize: 2048,
    algorithm: 'sha256',
  } as never);
  const idp = samlify.IdentityProvider({
    entityID: IDP_ENTITY,
    privateKey: pems.private,
    signingCert: pems.cert,
    isAssertionEncrypted: false,
    singleSignOnService: [
      {
        Binding: 'urn:oasis:names:tc:SAML:2.0:bindings:HTTP-Redirect',
        Location: 'http://idp.quire.test/sso',
      },
    ],
    loginResponseTemplate: {
      context: samlify.SamlLib.defaultLoginResponseTemplate.context,
      attributes: attributeNames.map((name) => ({
        name,
        valueTag: name,
        nameFormat: 'urn:oasis:names:tc:SAML:2.0:attrname-format:basic',
        valueXsiType: 'xs:string',
      })),
    },
  });
  return {
    cert: pems.cert,
    async answer(options) {
      const sp = samlify.ServiceProvider({
        entityID: options.audience,
        assertionConsumerService: [
          { Binding: 'urn:oasis:names:tc:SAML:2.0:bindings:HTTP-POST', Location: options.destination },
        ],
        wantAssertionsSigned: true,
      });
      const now = new Date();
      const until = new Date(now.getTime() + (options.validForMinutes ?? 5) * 60_000);
      const notBefore = new Date(Math.min(now.getTime(), until.getTime() - 60_000));
      const result = await idp.createLoginResponse(
        sp,
        { extract: { request: { id: options.inResponseTo } } } as never,
        'post',
        {},
        (template: string) => {
          const id = `_${Math.random().toString(16).slice(2)}`;
          const values: Record<string, string> = {
            ID: id,
            AssertionID: `_a${id}`,
            Destination: options.destination,
            Audience: options.audience,
            EntityID: options.audience,
            SubjectRecipient: options.destination,
            Issuer: IDP_ENTITY,
            IssueInstant: notBefore.toISOString(),
            AssertionConsumerServiceURL: options.destination,
            StatusCode: 'urn:oasis:names:tc:SAML:2.0:status:Success',
            ConditionsNotBefore: notBefore.toISOString(),
            ConditionsNotOnOrAfter: until.toISOString(),
            SubjectConfirmationDataNotOnOrAfter: until.toISOString(),
            NameIDFormat: 'urn:oasis:names:tc:SAML:1.1:nameid-format:unspecified',
            NameID: options.attributes.uid ?? 'someone',
            InResponseTo: options.inResponseTo,
            AuthnStatement: '',
            ...Object.fromEntries(
              Object.entries(options.attributes).map(([k, v]) => [
                `attr${k[0]!.toUpperCase()}${k.slice(1)}`,
                v,
              ]),
            ),
          };
          return { id, context: template.replace(/\{(\w+)\}/g, (_m, key: string) => values[key] ?? '') };
        },
      );
      return result.context;
    },
  };
}

/** The id of the AuthnRequest in an IdP redirect URL (`?SAMLRequest=`, deflated and base64). */
export function requestIdOf(location: string): string {
  const request = new URL(location).searchParams.get('SAMLRequest') ?? '';
  const xml = inflateRawSync(Buffer.from(request, 'base64')).toString('utf8');
  const id = /\sID="([^"]+)"/.exec(xml)?.[1];
  if (!id) throw new Error(`no request id in ${xml.slice(0, 200)}`);
  return id;
}

/** An answer with its signature taken out. */
export function unsigned(answer: string): string {
  const xml = Buffer.from(answer, 'base64').toString('utf8');
  return Buffer.from(xml.replace(/<ds:Signature[\s\S]*?<\/ds:Signature>/g, '')).toString('base64');
}

/**
 * The IdP's sign-in page on 127.0.0.1: it takes the AuthnRequest (HTTP-Redirect binding) and
 * answers with a page whose form posts the signed answer to the wiki, as real IdPs do.
 */
export async function serveIdp(
  idp: TestIdp,
  audience: string,
  attributes: Record<string, string>,
): Promise<{ entryPoint: string; close(): Promise<void> }> {
  const { createServer } = await import('node:http');
  const server = createServer((req, res) => {
    void (async () => {
      const url = new URL(req.url ?? '/', 'http://127.0.0.1');
      const request = url.searchParams.get('SAMLRequest') ?? '';
      const xml = inflateRawSync(Buffer.from(request, 'base64')).toString('utf8');
      const destination = /AssertionConsumerServiceURL="([^"]+)"/.exec(xml)?.[1] ?? '';
      const answer = await idp.answer({
        inResponseTo: requestIdOf(`http://x/?${url.searchParams}`),
        audience,
        destination,
        attributes,
      });
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      res.end(
        `<!doctype html><title>Test IdP</title><form method="post" action="${destination}">` +
          `<input type="hidden" name="SAMLResponse" value="${answer}"><button>Continue</button></form>` +
          '<script>document.forms[0].submit()</script>',
      );
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as { port: number }).port;
  return {
    entryPoint: `http://127.0.0.1:${port}/sso`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

// Installing a plugin from an address (GROWI installs from GitHub): a direct `.zip` address, or a
// GitHub repository (`https://github.com/owner/repo`, optionally `/tree/<branch>`) turned into its
// branch's zip. Only http(s); the download stops at the plugin size limit and after a timeout. The
// LAN host may have no internet: then this answers with a clear error and the zip or folder install
// is the way.
import { AppError } from '../../lib/app-error';
import { PLUGIN_LIMITS } from './files';

const TIMEOUT_MS = 30_000;

export const downloadError = (reason: string) =>
  new AppError(400, 'download_failed', 'plugins.errors.download_failed', { reason });

/**
 * The zip to fetch for an address an admin typed; null when it is not one. GROWI's installer form
 * may name a GitHub branch or tag; a tag wins, as GROWI's does.
 */
export function zipAddressOf(input: string, ref: { branch?: string; tag?: string } = {}): string | null {
  let url: URL;
  try {
    url = new URL(input.trim());
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
  if (url.username || url.password) return null;
  const github = /^\/([\w.-]+)\/([\w.-]+?)(?:\.git)?(?:\/tree\/([\w./-]+))?\/?$/.exec(url.pathname);
  if (url.hostname === 'github.com' && github) {
    const [, owner, repo, inPath] = github;
    const named = (value: string | undefined) => (value && /^[\w./-]+$/.test(value) ? value : undefined);
    const tag = named(ref.tag);
    if (tag) return `https://github.com/${owner}/${repo}/archive/refs/tags/${tag}.zip`;
    const branch = named(ref.branch) ?? inPath ?? 'main';
    return `https://github.com/${owner}/${repo}/archive/refs/heads/${branch}.zip`;
  }
  return url.toString();
}

/** The bytes at the address, at most the plugin size limit. */
export async function downloadZip(address: string, fetchImpl: typeof fetch = fetch): Promise<Buffer> {
  let res: Response;
  try {
    res = await fetchImpl(address, { redirect: 'follow', signal: AbortSignal.timeout(TIMEOUT_MS) });
  } catch (error) {
    throw downloadError(
      error instanceof Error
        ? error.cause instanceof Error
          ? error.cause.message
          : error.message
        : String(error),
    );
  }
  if (!res.ok || !res.body) throw downloadError(`HTTP ${res.status}`);
  const chunks: Buffer[] = [];
  let total = 0;
  for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
    total += chunk.length;
    if (total > PLUGIN_LIMITS.totalBytes) {
      throw new AppError(400, 'too_large', 'plugins.errors.too_large', { entry: address.slice(0, 200) });
    }
    chunks.push(Buffer.from(chunk));
  }
  return Buffer.concat(chunks);
}

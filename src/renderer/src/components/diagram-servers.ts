// Addresses of PlantUML and blockdiag images on the servers the admin named (SPEC §3's PLANTUML_URI
// and BLOCKDIAG_URI): the diagram's source, compressed and encoded into the path as each server
// expects. The browser's own CompressionStream does the deflating.

async function deflate(text: string, format: 'deflate' | 'deflate-raw'): Promise<Uint8Array> {
  const stream = new Blob([new TextEncoder().encode(text)])
    .stream()
    .pipeThrough(new CompressionStream(format));
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

/** PlantUML's own base64 alphabet over 3-byte groups (its "encode64"). */
const PLANTUML_ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz-_';

function plantumlBase64(bytes: Uint8Array): string {
  let out = '';
  for (let i = 0; i < bytes.length; i += 3) {
    const b1 = bytes[i]!;
    const b2 = bytes[i + 1] ?? 0;
    const b3 = bytes[i + 2] ?? 0;
    out +=
      PLANTUML_ALPHABET[b1 >> 2]! +
      PLANTUML_ALPHABET[((b1 & 0x3) << 4) | (b2 >> 4)]! +
      PLANTUML_ALPHABET[((b2 & 0xf) << 2) | (b3 >> 6)]! +
      PLANTUML_ALPHABET[b3 & 0x3f]!;
  }
  return out;
}

function base64url(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** `<server>/svg/<encoded>`: a PlantUML server's SVG of this source. */
export async function plantumlImageUrl(server: string, source: string): Promise<string> {
  return `${server.replace(/\/+$/, '')}/svg/${plantumlBase64(await deflate(source, 'deflate-raw'))}`;
}

/** `<server>/blockdiag/svg/<encoded>`: a Kroki-compatible server's SVG of this blockdiag source. */
export async function blockdiagImageUrl(server: string, source: string): Promise<string> {
  return `${server.replace(/\/+$/, '')}/blockdiag/svg/${base64url(await deflate(source, 'deflate'))}`;
}

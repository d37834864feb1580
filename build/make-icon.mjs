// Draws Quire's icon as a 512×512 PNG with no dependencies: the shapes of resources/icon.svg
// (a rounded blue tile, a white ring and a round-capped tail), 4×4 supersampled for smooth edges.
// Writes build/icon.png (electron-builder turns it into .icns/.ico) and resources/icon.png (the
// window icon on Linux and Windows). Run again after changing the shapes: node build/make-icon.mjs
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';

const SIZE = 512;
const SAMPLES = 4;
const TILE = { x: 32, y: 32, size: 448, radius: 96, color: [0x2f, 0x5d, 0x8a] };
const RING = { cx: 244, cy: 236, r: 124, width: 48 };
const TAIL = { x1: 292, y1: 284, x2: 384, y2: 376, width: 48 };
const WHITE = [255, 255, 255];

function insideTile(x, y) {
  const { x: left, y: top, size, radius } = TILE;
  // Distance to the inner rectangle whose corners are the rounding circles' centres.
  const dx = Math.max(left + radius - x, 0, x - (left + size - radius));
  const dy = Math.max(top + radius - y, 0, y - (top + size - radius));
  return x >= left && x <= left + size && y >= top && y <= top + size && dx * dx + dy * dy <= radius ** 2;
}

function onRing(x, y) {
  return Math.abs(Math.hypot(x - RING.cx, y - RING.cy) - RING.r) <= RING.width / 2;
}

function onTail(x, y) {
  const { x1, y1, x2, y2, width } = TAIL;
  const t = Math.max(
    0,
    Math.min(1, ((x - x1) * (x2 - x1) + (y - y1) * (y2 - y1)) / ((x2 - x1) ** 2 + (y2 - y1) ** 2)),
  );
  return Math.hypot(x - (x1 + t * (x2 - x1)), y - (y1 + t * (y2 - y1))) <= width / 2;
}

/** RGBA rows, each prefixed by PNG filter type 0. */
function render() {
  const rows = Buffer.alloc(SIZE * (SIZE * 4 + 1));
  for (let py = 0; py < SIZE; py++) {
    const row = py * (SIZE * 4 + 1);
    for (let px = 0; px < SIZE; px++) {
      let tile = 0;
      let white = 0;
      for (let sy = 0; sy < SAMPLES; sy++) {
        for (let sx = 0; sx < SAMPLES; sx++) {
          const x = px + (sx + 0.5) / SAMPLES;
          const y = py + (sy + 0.5) / SAMPLES;
          if (!insideTile(x, y)) continue;
          tile++;
          if (onRing(x, y) || onTail(x, y)) white++;
        }
      }
      const alpha = tile / SAMPLES ** 2;
      const mix = tile ? white / tile : 0;
      const offset = row + 1 + px * 4;
      for (let c = 0; c < 3; c++) {
        rows[offset + c] = Math.round(TILE.color[c] * (1 - mix) + WHITE[c] * mix);
      }
      rows[offset + 3] = Math.round(alpha * 255);
    }
  }
  return rows;
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(buffer) {
  let c = 0xffffffff;
  for (const byte of buffer) c = CRC_TABLE[(c ^ byte) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type, data) {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

function png() {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(SIZE, 0);
  header.writeUInt32BE(SIZE, 4);
  header[8] = 8; // bit depth
  header[9] = 6; // colour type: RGBA
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return Buffer.concat([
    signature,
    chunk('IHDR', header),
    chunk('IDAT', zlib.deflateSync(render(), { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const image = png();
for (const target of ['build/icon.png', 'resources/icon.png']) {
  fs.writeFileSync(path.join(root, target), image);
  console.log(`wrote ${target} (${image.length} bytes)`);
}

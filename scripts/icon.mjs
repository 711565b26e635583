// `node scripts/icon.mjs`: draws icon.png, the picture an MCP host shows beside the extension (the
// .mcpb's manifest.json names it). A sheet with lines of text (the invoice) and a clock (the hours),
// on a blue square with round corners, 512 × 512 (the size Claude Desktop asks for), RGBA. Drawn from shapes here, not from an image
// file, so anyone can change and redraw it; each pixel averages 4 × 4 samples for smooth edges.
// The PNG is written by hand (signature, IHDR, one zlib IDAT, IEND): same script, same bytes.
import { writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { deflateSync } from "node:zlib";

const SIZE = 512;
const SAMPLES = 4;
const OUTPUT = fileURLToPath(new URL("../icon.png", import.meta.url));

const hex = (text) => [1, 3, 5].map((i) => Number.parseInt(text.slice(i, i + 2), 16));
const BLUE = hex("#1d4ed8");
const PAPER = hex("#ffffff");
const FOLD = hex("#cbd5e1");
const TEXT = hex("#94a3b8");
const GREEN = hex("#15803d");
const HANDS = hex("#14532d");

const inRoundedRect = (x, y, left, top, right, bottom, radius) => {
  const cx = Math.min(Math.max(x, left + radius), right - radius);
  const cy = Math.min(Math.max(y, top + radius), bottom - radius);
  return x >= left && x <= right && y >= top && y <= bottom && (x - cx) ** 2 + (y - cy) ** 2 <= radius ** 2;
};
const inCircle = (x, y, cx, cy, r) => (x - cx) ** 2 + (y - cy) ** 2 <= r ** 2;
/** Within `width / 2` of the segment from (ax, ay) to (bx, by), round ends. */
const onSegment = (x, y, ax, ay, bx, by, width) => {
  const dx = bx - ax;
  const dy = by - ay;
  const t = Math.min(1, Math.max(0, ((x - ax) * dx + (y - ay) * dy) / (dx * dx + dy * dy)));
  return (x - ax - t * dx) ** 2 + (y - ay - t * dy) ** 2 <= (width / 2) ** 2;
};

/** The colour at (x, y) in 0..1, or undefined outside the icon (transparent). Topmost shape first. */
function colourAt(x, y) {
  const [clockX, clockY] = [0.69, 0.71];
  if (onSegment(x, y, clockX, clockY, clockX, clockY - 0.085, 0.026)) return HANDS;
  if (onSegment(x, y, clockX, clockY, clockX + 0.065, clockY + 0.02, 0.026)) return HANDS;
  if (inCircle(x, y, clockX, clockY, 0.13)) return PAPER;
  if (inCircle(x, y, clockX, clockY, 0.175)) return GREEN;
  for (const [row, end] of [
    [0.36, 0.6],
    [0.46, 0.6],
    [0.56, 0.48],
  ]) {
    if (inRoundedRect(x, y, 0.31, row - 0.02, end, row + 0.02, 0.02)) return TEXT;
  }
  const [left, top, right, bottom, fold] = [0.24, 0.15, 0.7, 0.85, 0.13];
  const inCorner = x > right - fold && y < top + fold;
  if (inCorner && x >= right - fold && y >= top && x - (right - fold) <= y - top) return FOLD;
  if (!inCorner && inRoundedRect(x, y, left, top, right, bottom, 0.025)) return PAPER;
  if (inRoundedRect(x, y, 0.02, 0.02, 0.98, 0.98, 0.2)) return BLUE;
  return undefined;
}

function pixels() {
  const rows = Buffer.alloc(SIZE * (1 + SIZE * 4));
  for (let py = 0; py < SIZE; py++) {
    const row = py * (1 + SIZE * 4);
    rows[row] = 0; // filter: none
    for (let px = 0; px < SIZE; px++) {
      const sum = [0, 0, 0, 0];
      for (let sy = 0; sy < SAMPLES; sy++) {
        for (let sx = 0; sx < SAMPLES; sx++) {
          const colour = colourAt((px + (sx + 0.5) / SAMPLES) / SIZE, (py + (sy + 0.5) / SAMPLES) / SIZE);
          if (!colour) continue;
          for (let c = 0; c < 3; c++) sum[c] += colour[c];
          sum[3] += 1;
        }
      }
      const at = row + 1 + px * 4;
      // Colour averaged over the covered samples only (no dark fringe), coverage as alpha.
      for (let c = 0; c < 3; c++) rows[at + c] = sum[3] === 0 ? 0 : Math.round(sum[c] / sum[3]);
      rows[at + 3] = Math.round((255 * sum[3]) / (SAMPLES * SAMPLES));
    }
  }
  return rows;
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(bytes) {
  let c = 0xffffffff;
  for (const byte of bytes) c = CRC_TABLE[(c ^ byte) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}
function chunk(type, data) {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, "ascii"), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

const header = Buffer.alloc(13);
header.writeUInt32BE(SIZE, 0);
header.writeUInt32BE(SIZE, 4);
header.set([8, 6, 0, 0, 0], 8); // 8 bits per channel, RGBA, deflate, no filter method, no interlace
const png = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  chunk("IHDR", header),
  chunk("IDAT", deflateSync(pixels(), { level: 9 })),
  chunk("IEND", Buffer.alloc(0)),
]);
writeFileSync(OUTPUT, png);
console.error(`icon: ${OUTPUT} (${SIZE} × ${SIZE}, ${png.length} bytes)`);

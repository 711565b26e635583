// `node scripts/icon.mjs`: draws the product's pictures. icon.png is what an MCP host shows beside the
// extension (the .mcpb's manifest.json names it): a sheet with lines of text (the invoice) and a clock
// (the hours), on a blue square with round corners, 512 × 512 (the size Claude Desktop asks for),
// RGBA. src/mcp/icons.ts holds the small ones MCP clients get as data: URIs, the server's (the same
// picture, 32 × 32) and one per tool family (a white sign on the family's colour, 16 × 16): clients
// show them at that size, and every tools/list carries them, so they stay a few hundred bytes.
// Drawn from shapes here, not from image files, so anyone can change and redraw them; each pixel
// averages 4 × 4 samples for smooth edges (2 × 2 for the family icons: fewer shades compress to
// fewer bytes, and at 16 pixels the difference does not show). The PNG is written by hand
// (signature, IHDR, one zlib IDAT, IEND): same script, same bytes.
import { execFileSync } from "node:child_process";
import { writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { deflateSync } from "node:zlib";

const SAMPLES = 4;
const OUTPUT = fileURLToPath(new URL("../icon.png", import.meta.url));
const MODULE = fileURLToPath(new URL("../src/mcp/icons.ts", import.meta.url));

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
function productAt(x, y) {
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

/** RGBA rows of `draw` at `size` × `size` pixels, with a filter byte before each row. */
function pixels(draw, size, samples) {
  const rows = Buffer.alloc(size * (1 + size * 4));
  for (let py = 0; py < size; py++) {
    const row = py * (1 + size * 4);
    rows[row] = 0; // filter: none
    for (let px = 0; px < size; px++) {
      const sum = [0, 0, 0, 0];
      for (let sy = 0; sy < samples; sy++) {
        for (let sx = 0; sx < samples; sx++) {
          const colour = draw((px + (sx + 0.5) / samples) / size, (py + (sy + 0.5) / samples) / size);
          if (!colour) continue;
          for (let c = 0; c < 3; c++) sum[c] += colour[c];
          sum[3] += 1;
        }
      }
      const at = row + 1 + px * 4;
      // Colour averaged over the covered samples only (no dark fringe), coverage as alpha.
      for (let c = 0; c < 3; c++) rows[at + c] = sum[3] === 0 ? 0 : Math.round(sum[c] / sum[3]);
      rows[at + 3] = Math.round((255 * sum[3]) / (samples * samples));
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

/** `draw` as PNG bytes, `size` × `size`. */
export function png(draw, size, samples = SAMPLES) {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 6, 0, 0, 0], 8); // 8 bits per channel, RGBA, deflate, no filter method, no interlace
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", header),
    chunk("IDAT", deflateSync(pixels(draw, size, samples), { level: 9 })),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

/** A white sign on a square of the family's colour with round corners. */
const family = (colour, sign) => (x, y) =>
  sign(x, y) ? PAPER : inRoundedRect(x, y, 0.02, 0.02, 0.98, 0.98, 0.22) ? hex(colour) : undefined;

/** Each tool family's picture (ToolFamily in src/mcp/define-tool.ts). */
const FAMILIES = {
  // A sheet with a folded corner.
  invoices: family(
    "#1d4ed8",
    (x, y) =>
      inRoundedRect(x, y, 0.27, 0.17, 0.73, 0.83, 0.05) && !(x > 0.55 && y < 0.35 && x - 0.55 > y - 0.17),
  ),
  // A clock: a ring and two hands.
  time: family(
    "#15803d",
    (x, y) =>
      (inCircle(x, y, 0.5, 0.5, 0.33) && !inCircle(x, y, 0.5, 0.5, 0.23)) ||
      onSegment(x, y, 0.5, 0.5, 0.5, 0.33, 0.09) ||
      onSegment(x, y, 0.5, 0.5, 0.63, 0.56, 0.09),
  ),
  // A person: head and shoulders.
  customers: family(
    "#b45309",
    (x, y) => inCircle(x, y, 0.5, 0.37, 0.15) || inRoundedRect(x, y, 0.24, 0.58, 0.76, 0.84, 0.12),
  ),
  // Three bars.
  reports: family(
    "#6d28d9",
    (x, y) =>
      inRoundedRect(x, y, 0.2, 0.52, 0.34, 0.8, 0.02) ||
      inRoundedRect(x, y, 0.43, 0.22, 0.57, 0.8, 0.02) ||
      inRoundedRect(x, y, 0.66, 0.4, 0.8, 0.8, 0.02),
  ),
  // A bell.
  events: family(
    "#0f766e",
    (x, y) =>
      inRoundedRect(x, y, 0.3, 0.2, 0.7, 0.72, 0.2) ||
      inRoundedRect(x, y, 0.2, 0.62, 0.8, 0.72, 0.03) ||
      inCircle(x, y, 0.5, 0.8, 0.08),
  ),
};

const dataUri = (bytes) => `data:image/png;base64,${bytes.toString("base64")}`;

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const large = png(productAt, 512);
  writeFileSync(OUTPUT, large);
  console.error(`icon: ${OUTPUT} (512 × 512, ${large.length} bytes)`);
  const server = png(productAt, 32);
  const families = Object.entries(FAMILIES).map(([name, draw]) => [name, png(draw, 16, 2)]);
  writeFileSync(
    MODULE,
    `// Written by \`node scripts/icon.mjs\` (the pictures are drawn there); do not edit by hand.\n\n` +
      `/** The product's picture, 32 × 32. */\n` +
      `export const SERVER_ICON = "${dataUri(server)}";\n\n` +
      `/** Each tool family's picture, 16 × 16. */\n` +
      `export const FAMILY_ICONS = {\n${families.map(([name, bytes]) => `  ${name}: "${dataUri(bytes)}",`).join("\n")}\n} as const;\n`,
  );
  // In the layout the project's formatter keeps (the lint checks it).
  execFileSync(
    process.execPath,
    [
      fileURLToPath(new URL("../node_modules/@biomejs/biome/bin/biome", import.meta.url)),
      "format",
      "--write",
      MODULE,
    ],
    { stdio: "ignore" },
  );
  console.error(
    `icon: ${MODULE} (server ${server.length} bytes, families ${families.map(([n, b]) => `${n} ${b.length}`).join(", ")})`,
  );
}

/**
 * A small sRGB ICC profile (version 2, display class), made here instead of shipped: PDF/A needs an
 * output intent whose profile describes the colours the pages use (device RGB), and these few
 * hundred bytes are all that takes. Primaries and white are those of IEC 61966-2.1, adapted to the
 * profile connection space's D50 as ICC profiles state them; the tone curve is the sRGB curve
 * sampled at 1024 points.
 */

const D50 = [0.9642, 1.0, 0.8249] as const;
const RED = [0.4361, 0.2225, 0.0139] as const;
const GREEN = [0.3851, 0.7169, 0.0971] as const;
const BLUE = [0.1431, 0.0606, 0.7141] as const;

function s15Fixed16(value: number): number {
  return Math.round(value * 65536) | 0;
}

class Bytes {
  readonly parts: number[] = [];
  u8(value: number): this {
    this.parts.push(value & 0xff);
    return this;
  }
  u16(value: number): this {
    return this.u8(value >>> 8).u8(value);
  }
  u32(value: number): this {
    return this.u16(value >>> 16).u16(value & 0xffff);
  }
  ascii(text: string): this {
    for (const char of text) this.u8(char.charCodeAt(0));
    return this;
  }
  zeros(count: number): this {
    for (let i = 0; i < count; i++) this.u8(0);
    return this;
  }
  pad4(): this {
    while (this.parts.length % 4 !== 0) this.u8(0);
    return this;
  }
}

function xyz(values: readonly [number, number, number]): number[] {
  const tag = new Bytes().ascii("XYZ ").u32(0);
  for (const value of values) tag.u32(s15Fixed16(value));
  return tag.parts;
}

function description(text: string): number[] {
  // textDescriptionType: the ASCII form, then empty Unicode and ScriptCode forms.
  return new Bytes()
    .ascii("desc")
    .u32(0)
    .u32(text.length + 1)
    .ascii(text)
    .u8(0)
    .u32(0)
    .u32(0)
    .u16(0)
    .u8(0)
    .zeros(67).parts;
}

function copyright(text: string): number[] {
  return new Bytes().ascii("text").u32(0).ascii(text).u8(0).parts;
}

function srgbCurve(points: number): number[] {
  const tag = new Bytes().ascii("curv").u32(0).u32(points);
  for (let i = 0; i < points; i++) {
    const v = i / (points - 1);
    const linear = v <= 0.04045 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
    tag.u16(Math.round(linear * 65535));
  }
  return tag.parts;
}

let profile: Uint8Array | undefined;

/** The profile's bytes (made once). */
export function srgbProfile(): Uint8Array {
  if (profile) return profile;
  const curve = srgbCurve(1024);
  const tags: [string, number[]][] = [
    ["desc", description("sRGB IEC61966-2.1")],
    ["cprt", copyright("No copyright, use freely")],
    ["wtpt", xyz(D50)],
    ["rXYZ", xyz(RED)],
    ["gXYZ", xyz(GREEN)],
    ["bXYZ", xyz(BLUE)],
    ["rTRC", curve],
    ["gTRC", curve],
    ["bTRC", curve],
  ];
  const tableSize = 4 + tags.length * 12;
  let offset = 128 + tableSize;
  const table = new Bytes().u32(tags.length);
  const data = new Bytes();
  const placed = new Map<number[], { offset: number; size: number }>();
  for (const [signature, bytes] of tags) {
    let at = placed.get(bytes);
    if (!at) {
      at = { offset, size: bytes.length };
      placed.set(bytes, at);
      for (const byte of bytes) data.u8(byte);
      data.pad4();
      offset = 128 + tableSize + data.parts.length;
    }
    table.ascii(signature).u32(at.offset).u32(at.size);
  }
  const size = 128 + tableSize + data.parts.length;
  const header = new Bytes()
    .u32(size)
    .u32(0) // preferred CMM: none
    .u32(0x02100000) // version 2.1
    .ascii("mntr")
    .ascii("RGB ")
    .ascii("XYZ ")
    .u16(2026)
    .u16(1)
    .u16(1)
    .zeros(6) // creation date and time
    .ascii("acsp")
    .zeros(4 + 4 + 4 + 4 + 8) // platform, flags, manufacturer, model, attributes
    .u32(0) // rendering intent: perceptual
    .u32(s15Fixed16(D50[0]))
    .u32(s15Fixed16(D50[1]))
    .u32(s15Fixed16(D50[2]))
    .zeros(4 + 16 + 28); // creator, profile id, reserved
  profile = Uint8Array.from([...header.parts, ...table.parts, ...data.parts]);
  return profile;
}

// Reads the PNGs Chromium's screenshots are (8 bits per channel, RGB or RGBA, not interlaced)
// with node's zlib, and checks a picture as tests/app/test_render.c checks the native one.
import { inflateSync } from 'node:zlib';

/// { width, height, rgba: Uint8Array } of a PNG file's bytes; throws on what it cannot read.
export function decodePng(bytes) {
  const sig = [137, 80, 78, 71, 13, 10, 26, 10];
  if (!sig.every((b, i) => bytes[i] === b)) throw new Error('not a PNG');
  let width = 0, height = 0, channels = 0;
  const idat = [];
  for (let at = 8; at + 8 <= bytes.length;) {
    const len = bytes.readUInt32BE(at), type = bytes.toString('latin1', at + 4, at + 8);
    const data = bytes.subarray(at + 8, at + 8 + len);
    if (type === 'IHDR') {
      width = data.readUInt32BE(0);
      height = data.readUInt32BE(4);
      const depth = data[8], colour = data[9], interlace = data[12];
      channels = colour === 2 ? 3 : colour === 6 ? 4 : 0;
      if (depth !== 8 || !channels || interlace) throw new Error(`unsupported PNG (depth ${depth}, colour ${colour}, interlace ${interlace})`);
    } else if (type === 'IDAT') {
      idat.push(data);
    } else if (type === 'IEND') {
      break;
    }
    at += 12 + len;
  }
  const raw = inflateSync(Buffer.concat(idat));
  const stride = width * channels;
  const out = new Uint8Array(width * height * 4);
  let prev = new Uint8Array(stride), row = new Uint8Array(stride);
  for (let y = 0; y < height; y++) {
    const filter = raw[y * (stride + 1)];
    const line = raw.subarray(y * (stride + 1) + 1, (y + 1) * (stride + 1));
    for (let i = 0; i < stride; i++) {
      const a = i >= channels ? row[i - channels] : 0, b = prev[i], c = i >= channels ? prev[i - channels] : 0;
      let p;
      switch (filter) {
        case 0: p = 0; break;
        case 1: p = a; break;
        case 2: p = b; break;
        case 3: p = (a + b) >> 1; break;
        case 4: {
          const q = a + b - c, pa = Math.abs(q - a), pb = Math.abs(q - b), pc = Math.abs(q - c);
          p = pa <= pb && pa <= pc ? a : pb <= pc ? b : c;
          break;
        }
        default: throw new Error(`bad PNG filter ${filter}`);
      }
      row[i] = (line[i] + p) & 255;
    }
    for (let x = 0; x < width; x++) {
      const o = (y * width + x) * 4;
      out[o] = row[x * channels];
      out[o + 1] = row[x * channels + 1];
      out[o + 2] = row[x * channels + 2];
      out[o + 3] = channels === 4 ? row[x * channels + 3] : 255;
    }
    [prev, row] = [row, prev];
  }
  return { width, height, rgba: out };
}

/// The native screenshot test's measure (tests/app/test_render.c): colours in 4096 bins (4 bits
/// per channel); a real picture has more than 100 of them and no one colour over half of it.
export function pictureStats(img) {
  const hist = new Int32Array(4096);
  let distinct = 0, most = 0;
  for (let i = 0; i < img.rgba.length; i += 4) {
    const bin = ((img.rgba[i] >> 4) << 8) | ((img.rgba[i + 1] >> 4) << 4) | (img.rgba[i + 2] >> 4);
    if (hist[bin]++ === 0) distinct++;
    if (hist[bin] > most) most = hist[bin];
  }
  return { distinct, most, ok: distinct > 100 && most < (img.width * img.height) / 2 };
}

/** Spec admin §9: a recording is 16-bit, 48,000 Hz, mono WAV. */
export const WAV_RATE = 48_000;
export const WAV_BITS = 16;
export const WAV_CHANNELS = 1;

/** Linear resampling to 48 kHz when the device's audio context runs at another rate (44.1 kHz is common). */
export function resample(samples: Float32Array, fromRate: number, toRate = WAV_RATE): Float32Array {
  if (fromRate === toRate || samples.length === 0) return samples;
  const out = new Float32Array(Math.max(1, Math.round((samples.length * toRate) / fromRate)));
  const step = fromRate / toRate;
  for (let i = 0; i < out.length; i++) {
    const x = i * step;
    const k = Math.floor(x);
    const a = samples[Math.min(k, samples.length - 1)];
    const b = samples[Math.min(k + 1, samples.length - 1)];
    out[i] = a + (b - a) * (x - k);
  }
  return out;
}

/** Joins the chunks a recording delivered one after another. */
export function concat(chunks: Float32Array[]): Float32Array {
  const out = new Float32Array(chunks.reduce((n, c) => n + c.length, 0));
  let at = 0;
  for (const c of chunks) {
    out.set(c, at);
    at += c.length;
  }
  return out;
}

/**
 * A canonical 44-byte-header PCM WAV of mono samples in -1..1, clipped, as 16-bit little-endian at
 * `rate` (the recorder always passes 48 kHz): RIFF size = 36 + data, fmt chunk 16 bytes, PCM format 1.
 */
export function encodeWav(samples: Float32Array, rate = WAV_RATE): ArrayBuffer {
  const blockAlign = (WAV_CHANNELS * WAV_BITS) / 8;
  const dataBytes = samples.length * blockAlign;
  const buf = new ArrayBuffer(44 + dataBytes);
  const v = new DataView(buf);
  const text = (at: number, s: string) => [...s].forEach((c, i) => v.setUint8(at + i, c.charCodeAt(0)));
  text(0, 'RIFF');
  v.setUint32(4, 36 + dataBytes, true);
  text(8, 'WAVE');
  text(12, 'fmt ');
  v.setUint32(16, 16, true);
  v.setUint16(20, 1, true);
  v.setUint16(22, WAV_CHANNELS, true);
  v.setUint32(24, rate, true);
  v.setUint32(28, rate * blockAlign, true);
  v.setUint16(32, blockAlign, true);
  v.setUint16(34, WAV_BITS, true);
  text(36, 'data');
  v.setUint32(40, dataBytes, true);
  for (let i = 0; i < samples.length; i++) {
    const s = Math.max(-1, Math.min(1, samples[i]));
    v.setInt16(44 + i * 2, s < 0 ? s * 0x8000 : s * 0x7fff, true);
  }
  return buf;
}

// node:crypto, the part Perry has so far: random values, over Web Crypto's `crypto` global.
// Hashes, HMACs, ciphers and keys come with a later issue; naming one of them is a compile
// error that says so.
export const webcrypto: Crypto = globalThis.crypto;

export function getRandomValues<T extends ArrayBufferView | null>(array: T): T {
  return webcrypto.getRandomValues(array);
}

export function randomUUID(): string {
  return webcrypto.randomUUID();
}

/** Fills `buf` (a typed array, DataView or ArrayBuffer) from `offset` for `size` bytes. */
export function randomFillSync<T extends ArrayBufferView | ArrayBuffer>(buf: T, offset = 0, size?: number): T {
  const view = ArrayBuffer.isView(buf) ? buf : null;
  const bytes = view ? new Uint8Array(view.buffer, view.byteOffset, view.byteLength) : new Uint8Array(buf as ArrayBuffer);
  const unit = view && "BYTES_PER_ELEMENT" in view ? (view as unknown as { BYTES_PER_ELEMENT: number }).BYTES_PER_ELEMENT : 1;
  const start = offset * unit;
  const end = size === undefined ? bytes.length : start + size * unit;
  if (start < 0 || start > bytes.length) throw new RangeError(`The value of "offset" is out of range. It must be >= 0 && <= ${bytes.length / unit}. Received ${offset}`);
  if (end > bytes.length) throw new RangeError(`The value of "size + offset" is out of range. It must be <= ${bytes.length / unit}. Received ${end / unit}`);
  for (let at = start; at < end; at += 65536) {
    webcrypto.getRandomValues(bytes.subarray(at, Math.min(end, at + 65536)));
  }
  return buf;
}

/** A uniformly random integer in [min, max) (`randomInt(max)`: [0, max)). */
export function randomInt(min: number, max?: number): number {
  if (max === undefined) {
    max = min;
    min = 0;
  }
  if (!Number.isSafeInteger(min) || !Number.isSafeInteger(max) || max <= min) {
    throw new RangeError(`The value of "max" is out of range. It must be greater than the value of "min" (${min}). Received ${max}`);
  }
  const range = max - min;
  const words = new Uint32Array(2);
  // 2^53 / range rejection sampling over 53 random bits.
  const limit = Math.floor(2 ** 53 / range) * range;
  for (;;) {
    webcrypto.getRandomValues(words);
    const x = (words[0] & 0x1fffff) * 2 ** 32 + words[1];
    if (x < limit) return min + (x % range);
  }
}

export default { webcrypto, getRandomValues, randomUUID, randomFillSync, randomInt };

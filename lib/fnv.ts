// FNV-1a 64: a fast, dependency-free hash for ids and file names (not for security).

const FNV_OFFSET = 0xcbf29ce484222325n;
const FNV_PRIME = 0x100000001b3n;
const MASK_64 = 0xffffffffffffffffn;

/** 16 hex characters of FNV-1a 64 over the text's UTF-8 bytes. */
export function fnv1a64Hex(text: string): string {
  let h = FNV_OFFSET;
  for (const byte of Buffer.from(text, 'utf8')) {
    h = ((h ^ BigInt(byte)) * FNV_PRIME) & MASK_64;
  }
  return h.toString(16).padStart(16, '0');
}

/**
 * 16 hex characters over bytes: FNV-1a 32 forwards and backwards, in 32-bit integer arithmetic
 * (Math.imul), so hashing a few KiB costs microseconds where the BigInt version above would cost
 * a millisecond. For noticing changed bytes, not for security.
 */
export function fnv1a32x2Hex(bytes: Uint8Array): string {
  let a = 0x811c9dc5;
  let b = 0x811c9dc5;
  const n = bytes.length;
  for (let i = 0; i < n; i++) {
    a = Math.imul(a ^ bytes[i]!, 0x01000193);
    b = Math.imul(b ^ bytes[n - 1 - i]!, 0x01000193);
  }
  return (a >>> 0).toString(16).padStart(8, '0') + (b >>> 0).toString(16).padStart(8, '0');
}

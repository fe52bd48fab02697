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

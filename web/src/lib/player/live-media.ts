/**
 * Reading just enough of MediaRecorder's output to play it live through Media Source Extensions
 * (ADR 0016): where the file's header (the init segment) ends, where a fragment starts (an fMP4
 * `moof` box, a WebM Cluster), and the codecs the header declares, which `addSourceBuffer` needs
 * and which the recorder's base MIME type does not carry. Pure functions over bytes, tested on
 * files made like MediaRecorder's.
 */

export type LiveFormat = 'mp4' | 'webm';

export const formatOf = (mime: string): LiveFormat => (mime.startsWith('video/webm') ? 'webm' : 'mp4');

const WEBM_CLUSTER = [0x1f, 0x43, 0xb6, 0x75];
const ascii = (bytes: Uint8Array, at: number) =>
  String.fromCharCode(bytes[at]!, bytes[at + 1]!, bytes[at + 2]!, bytes[at + 3]!);
const u32 = (bytes: Uint8Array, at: number) =>
  ((bytes[at]! << 24) | (bytes[at + 1]! << 16) | (bytes[at + 2]! << 8) | bytes[at + 3]!) >>> 0;

/** MP4 box types that may precede or follow a fragment at the top level. */
const TOP_LEVEL = new Set([
  'ftyp',
  'moov',
  'moof',
  'mdat',
  'styp',
  'sidx',
  'free',
  'skip',
  'mfra',
  'emsg',
  'prft',
  'uuid',
]);

/**
 * Offsets in `bytes` where a fragment starts: each top-level `moof` box (its size and the next
 * box's type must be plausible, so media bytes that happen to spell 'moof' are not taken), or each
 * WebM Cluster element ID. `from` skips a prefix.
 */
export function fragmentStarts(bytes: Uint8Array, format: LiveFormat, from = 0): number[] {
  const starts: number[] = [];
  for (let i = from; i + 8 <= bytes.length; i += 1) {
    if (format === 'webm') {
      if (
        bytes[i] === WEBM_CLUSTER[0] &&
        bytes[i + 1] === WEBM_CLUSTER[1] &&
        bytes[i + 2] === WEBM_CLUSTER[2] &&
        bytes[i + 3] === WEBM_CLUSTER[3]
      )
        starts.push(i);
      continue;
    }
    if (bytes[i + 4] !== 0x6d || ascii(bytes, i + 4) !== 'moof') continue;
    const size = u32(bytes, i);
    if (size < 16) continue;
    const next = i + size;
    // A moof's first child is an mfhd; the box after it is usually an mdat.
    const childOk = i + 16 > bytes.length || ascii(bytes, i + 12) === 'mfhd';
    const afterOk = next + 8 > bytes.length || TOP_LEVEL.has(ascii(bytes, next + 4));
    if (childOk && afterOk) starts.push(i);
  }
  return starts;
}

/** Where the header ends: the first fragment's start, or null while the header is incomplete. */
export function headerEnd(bytes: Uint8Array, format: LiveFormat): number | null {
  return fragmentStarts(bytes, format)[0] ?? null;
}

function mp4Codecs(bytes: Uint8Array): string[] {
  const codecs: string[] = [];
  const find = (type: string, from: number, to: number) => {
    for (let i = from; i + 8 <= to; i += 1) if (ascii(bytes, i) === type) return i;
    return -1;
  };
  // Sample entries inside stsd: a box of four characters followed by what identifies the codec.
  let at = 0;
  for (;;) {
    const stsd = find('stsd', at, bytes.length);
    if (stsd < 0) break;
    const size = u32(bytes, stsd - 4);
    const end = Math.min(bytes.length, stsd - 4 + size);
    const entry = ascii(bytes, stsd + 16);
    if (entry === 'avc1' || entry === 'avc3') {
      const avcC = find('avcC', stsd, end);
      const hex = (n: number) => (bytes[avcC + 5 + n] ?? 0).toString(16).padStart(2, '0').toUpperCase();
      codecs.push(avcC < 0 ? 'avc1.42E01E' : `avc1.${hex(0)}${hex(1)}${hex(2)}`);
    } else if (entry === 'vp09') codecs.push('vp09.00.10.08');
    else if (entry === 'vp08') codecs.push('vp8');
    else if (entry === 'av01') codecs.push('av01.0.04M.08');
    else if (entry === 'Opus') codecs.push('opus');
    else if (entry === 'mp4a') codecs.push('mp4a.40.2');
    at = end > stsd ? end : stsd + 4;
  }
  return codecs;
}

const WEBM_CODECS: Record<string, string> = {
  V_VP8: 'vp8',
  V_VP9: 'vp9',
  'V_MPEG4/ISO/AVC': 'avc1.42E01E',
  V_AV1: 'av01.0.04M.08',
  A_OPUS: 'opus',
  A_VORBIS: 'vorbis',
};

function webmCodecs(bytes: Uint8Array): string[] {
  const codecs: string[] = [];
  // CodecID is element 0x86, followed by a one-byte size (0x80 | length) and the ASCII name.
  for (let i = 0; i + 2 < bytes.length; i += 1) {
    if (bytes[i] !== 0x86 || (bytes[i + 1]! & 0x80) === 0) continue;
    const length = bytes[i + 1]! & 0x7f;
    const name = String.fromCharCode(...bytes.subarray(i + 2, i + 2 + length));
    const codec = WEBM_CODECS[name];
    if (codec) codecs.push(codec);
  }
  return codecs;
}

/** The MIME type with codecs for `addSourceBuffer`, read from the header bytes. */
export function sourceBufferType(header: Uint8Array, format: LiveFormat): string {
  const codecs = format === 'mp4' ? mp4Codecs(header) : webmCodecs(header);
  const base = format === 'mp4' ? 'video/mp4' : 'video/webm';
  return codecs.length ? `${base}; codecs="${[...new Set(codecs)].join(',')}"` : base;
}

/** Joins byte arrays. */
export function concat(parts: readonly Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}

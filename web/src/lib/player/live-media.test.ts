import { describe, expect, it } from 'vitest';
import { concat, formatOf, fragmentStarts, headerEnd, sourceBufferType } from '@/lib/player/live-media';

const text = (s: string) => Uint8Array.from(s, (c) => c.charCodeAt(0));
/** An MP4 box: size, type, payload. */
function box(type: string, ...payload: Uint8Array[]): Uint8Array {
  const body = concat(payload);
  const out = new Uint8Array(8 + body.length);
  new DataView(out.buffer).setUint32(0, out.length);
  out.set(text(type), 4);
  out.set(body, 8);
  return out;
}
const zeros = (n: number) => new Uint8Array(n);

// A header like Chromium's MediaRecorder writes for video/mp4 (H.264 Constrained Baseline 3.0 + AAC).
const avcC = box('avcC', Uint8Array.of(1, 0x42, 0xe0, 0x1e, 0xff, 0xe1));
const avc1 = box('avc1', zeros(78), avcC);
const mp4a = box('mp4a', zeros(28));
const stsd = (entry: Uint8Array) => box('stsd', zeros(4), Uint8Array.of(0, 0, 0, 1), entry);
const trak = (entry: Uint8Array) => box('trak', box('mdia', box('minf', box('stbl', stsd(entry)))));
const mp4Header = concat([
  box('ftyp', text('isom'), zeros(4)),
  box('moov', box('mvhd', zeros(100)), trak(avc1), trak(mp4a)),
]);
const fragment = (n: number) =>
  concat([
    box('moof', box('mfhd', zeros(4), Uint8Array.of(0, 0, 0, n)), box('traf', zeros(20))),
    box('mdat', text('moof not a box'), zeros(40)),
  ]);

// A WebM header (EBML, Segment, Tracks with CodecIDs) and a Cluster.
const codecId = (name: string) => concat([Uint8Array.of(0x86, 0x80 | name.length), text(name)]);
const webmHeader = concat([
  Uint8Array.of(0x1a, 0x45, 0xdf, 0xa3, 0x80),
  Uint8Array.of(0x18, 0x53, 0x80, 0x67, 0xff),
  Uint8Array.of(0x16, 0x54, 0xae, 0x6b),
  codecId('V_VP8'),
  codecId('A_OPUS'),
]);
const cluster = concat([Uint8Array.of(0x1f, 0x43, 0xb6, 0x75, 0x01, 0xff), zeros(30)]);

describe('live media', () => {
  it('knows the format from the MIME type', () => {
    expect(formatOf('video/webm;codecs=vp8,opus')).toBe('webm');
    expect(formatOf('video/mp4')).toBe('mp4');
  });

  it('finds where an fMP4 header ends and each moof starts, not the letters in media data', () => {
    const file = concat([mp4Header, fragment(1), fragment(2)]);
    const first = mp4Header.length;
    expect(headerEnd(file, 'mp4')).toBe(first);
    expect(fragmentStarts(file, 'mp4')).toEqual([first, first + fragment(1).length]);
    expect(headerEnd(mp4Header, 'mp4')).toBeNull();
  });

  it('finds a moof that starts in a later chunk, and one cut at the end of a chunk', () => {
    const file = concat([fragment(1), fragment(2)]);
    const chunk = file.subarray(10);
    expect(fragmentStarts(chunk, 'mp4')).toEqual([fragment(1).length - 10]);
    expect(fragmentStarts(file.subarray(0, 12), 'mp4')).toEqual([0]);
  });

  it('reads the codecs addSourceBuffer needs from the header', () => {
    expect(sourceBufferType(mp4Header, 'mp4')).toBe('video/mp4; codecs="avc1.42E01E,mp4a.40.2"');
    expect(sourceBufferType(webmHeader, 'webm')).toBe('video/webm; codecs="vp8,opus"');
    expect(sourceBufferType(zeros(10), 'webm')).toBe('video/webm');
  });

  it('finds WebM clusters', () => {
    const file = concat([webmHeader, cluster, cluster]);
    expect(fragmentStarts(file, 'webm')).toEqual([webmHeader.length, webmHeader.length + cluster.length]);
    expect(headerEnd(file, 'webm')).toBe(webmHeader.length);
  });
});

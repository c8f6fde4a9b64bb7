// What bench:moderated injects into the real pages (Playwright `addInitScript` and `evaluate`), all
// timed on `performance.timeOrigin + performance.now()`, which on one machine is one clock:
//   - every page: its RTCPeerConnections, kept so getStats() can be read from outside;
//   - the moderator: a microphone that is a 1 kHz tone switched on for BURST_MS every PERIOD_MS,
//     each onset's time noted ('emitted');
//   - the participant: a "screen" that is a canvas painting the current time in milliseconds as 32
//     black and white blocks (and 16 check blocks) every animation frame;
//   - the participant's page: the onsets heard on the call's audio ('heard'), dated by their place
//     in the analyser's newest samples;
//   - the moderator's and observers' pages: the time read from each presented remote screen frame,
//     subtracted from when the frame is presented ('screen delays').

export const PERIOD_MS = 1000;
const BURST_MS = 150;

/** Every page: its peer connections in `window.__pcs`. */
export function trackPeerConnections() {
  const Native = window.RTCPeerConnection;
  window.__pcs = [];
  window.RTCPeerConnection = class extends Native {
    constructor(...args) {
      super(...args);
      window.__pcs.push(this);
    }
  };
}

/** The moderator's page: a microphone of tone bursts at known times (`window.__emitted`). */
export function toneMicrophone({ periodMs, burstMs }) {
  const devices = navigator.mediaDevices;
  const real = devices.getUserMedia.bind(devices);
  window.__emitted = [];
  devices.getUserMedia = async (constraints) => {
    if (!constraints?.audio || constraints.video) return real(constraints);
    const context = new AudioContext();
    await context.resume();
    const tone = context.createOscillator();
    tone.frequency.value = 1000;
    const gain = context.createGain();
    gain.gain.value = 0;
    const out = context.createMediaStreamDestination();
    tone.connect(gain).connect(out);
    tone.start();
    setInterval(() => {
      // Switched on at the next render quantum (≤ 3 ms at 48 kHz), noted now.
      const at = context.currentTime;
      gain.gain.setValueAtTime(0.8, at);
      gain.gain.setValueAtTime(0, at + burstMs / 1000);
      window.__emitted.push(performance.timeOrigin + performance.now());
    }, periodMs);
    window.__microphone = out.stream;
    return out.stream;
  };
}

/** The participant's page: getDisplayMedia answers a canvas that shows the time as blocks. */
export function clockScreen() {
  const devices = navigator.mediaDevices;
  devices.getDisplayMedia = async () => {
    const canvas = document.createElement('canvas');
    canvas.width = 1280;
    canvas.height = 720;
    const g = canvas.getContext('2d');
    const paint = () => {
      const ms = Math.floor(performance.timeOrigin + performance.now()) % 2 ** 32;
      const check = (ms ^ Math.floor(ms / 2 ** 16)) & 0xffff;
      // 8 columns × 6 rows of 160 × 120: rows 0–3 the time's 32 bits, rows 4–5 the check's 16.
      for (let i = 0; i < 48; i++) {
        const bit = i < 32 ? Math.floor(ms / 2 ** i) % 2 : (check >> (i - 32)) & 1;
        g.fillStyle = bit ? '#fff' : '#000';
        g.fillRect((i % 8) * 160, Math.floor(i / 8) * 120, 160, 120);
      }
      requestAnimationFrame(paint);
    };
    paint();
    return canvas.captureStream(30);
  };
}

/** In the participant's page: starts noting the onsets heard on the call's audio (`window.__heard`); `own` in the moderator's. */
export function listenForBursts({ periodMs, own = false }) {
  // `own`: the moderator's page listens to its own microphone, what the probes alone add.
  const tracks = (
    own
      ? window.__microphone.getAudioTracks()
      : [...document.querySelectorAll('audio[data-call-audio]')].flatMap(
          (audio) => audio.srcObject?.getAudioTracks() ?? [],
        )
  ).filter((track) => track.readyState === 'live');
  const context = new AudioContext();
  void context.resume();
  const size = 2048; // 43 ms at 48 kHz: a poll the loaded main thread delays by less still sees the onset
  const analysers = tracks.map((track) => {
    const analyser = context.createAnalyser();
    analyser.fftSize = size;
    context.createMediaStreamSource(new MediaStream([track])).connect(analyser);
    return analyser;
  });
  const data = new Float32Array(size);
  window.__heard = [];
  let last = 0;
  setInterval(() => {
    const now = performance.timeOrigin + performance.now();
    if (now - last < periodMs / 2) return;
    for (const analyser of analysers) {
      analyser.getFloatTimeDomainData(data);
      const onset = data.findIndex((v) => Math.abs(v) > 0.2);
      if (onset >= 0) {
        // Dated by where it is in the newest samples, not when this poll ran (the audio thread
        // plays it on time however late the page's timers are); at index 0 it began earlier still,
        // so the delay is over-estimated by at most the poll's lateness.
        const at = now - ((size - onset) / context.sampleRate) * 1000;
        window.__heard.push(at);
        last = at;
        return;
      }
    }
  }, 4);
  return tracks.length;
}

/** In a room page: reads the time off each presented frame of the participant's screen. */
export function readScreenClock() {
  const canvas = document.createElement('canvas');
  canvas.width = 80;
  canvas.height = 60;
  const g = canvas.getContext('2d', { willReadFrequently: true });
  window.__screen = { delays: [], unreadable: 0 };
  const armed = new WeakSet();
  const arm = (video) => {
    if (!video || armed.has(video)) return;
    armed.add(video);
    const onFrame = (now, meta) => {
      const shown = performance.timeOrigin + (meta.expectedDisplayTime ?? now);
      g.drawImage(video, 0, 0, 80, 60);
      const pixels = g.getImageData(0, 0, 80, 60).data;
      let ms = 0;
      let check = 0;
      for (let i = 0; i < 48; i++) {
        const at = ((Math.floor(i / 8) * 10 + 5) * 80 + (i % 8) * 10 + 5) * 4;
        const bit = pixels[at] + pixels[at + 1] + pixels[at + 2] > 384 ? 1 : 0;
        if (i < 32) ms += bit * 2 ** i;
        else check |= bit << (i - 32);
      }
      const delay = (((Math.floor(shown) - ms) % 2 ** 32) + 2 ** 32) % 2 ** 32;
      if (check === ((ms ^ Math.floor(ms / 2 ** 16)) & 0xffff) && delay < 60_000) window.__screen.delays.push(delay);
      else window.__screen.unreadable += 1;
      video.requestVideoFrameCallback(onFrame);
    };
    video.requestVideoFrameCallback(onFrame);
  };
  arm(document.querySelector('[data-testid="remote-screen"]'));
  // The call may rebuild its video element (a reconnection): arm the new one.
  setInterval(() => arm(document.querySelector('[data-testid="remote-screen"]')), 500);
}

/** In any page: RTP bytes per peer connection and direction, payload and headers (`getStats`). */
export async function rtpBytes() {
  return Promise.all(
    window.__pcs.map(async (pc, index) => {
      const bytes = { index, closed: pc.connectionState === 'closed', in: 0, out: 0, inByKind: {}, outByKind: {} };
      if (bytes.closed) return bytes;
      for (const report of (await pc.getStats()).values()) {
        if (report.type === 'inbound-rtp') {
          const n = (report.bytesReceived ?? 0) + (report.headerBytesReceived ?? 0);
          bytes.in += n;
          bytes.inByKind[report.kind] = (bytes.inByKind[report.kind] ?? 0) + n;
        } else if (report.type === 'outbound-rtp') {
          const n = (report.bytesSent ?? 0) + (report.headerBytesSent ?? 0);
          bytes.out += n;
          bytes.outByKind[report.kind] = (bytes.outByKind[report.kind] ?? 0) + n;
        }
      }
      return bytes;
    }),
  );
}

/** What a page sent and received between two `rtpBytes` readings, over the connections open at both. */
export function bytesBetween(before, after) {
  const total = { in: 0, out: 0, inByKind: {}, outByKind: {}, lost: 0 };
  for (const b of after) {
    const a = before.find((x) => x.index === b.index);
    if (!a || a.closed || b.closed) {
      if (a && !a.closed) total.lost += 1;
      continue;
    }
    total.in += b.in - a.in;
    total.out += b.out - a.out;
    for (const dir of ['inByKind', 'outByKind'])
      for (const [kind, n] of Object.entries(b[dir]))
        total[dir][kind] = (total[dir][kind] ?? 0) + n - (a[dir][kind] ?? 0);
  }
  return total;
}

export const BURSTS = { periodMs: PERIOD_MS, burstMs: BURST_MS };

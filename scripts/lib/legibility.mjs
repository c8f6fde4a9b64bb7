// What `npm run bench:uplink` records and reads back (issue 48): a page of known words (150 Spanish
// and 150 English ones, 14 px) that changes and scrolls by itself, with its own state drawn as a
// strip of cells at its top left, so a frame taken from a recording says which state of the page it
// shows; the same state rendered again gives the reference screenshot. Legibility is the share of
// the words fully inside the text box that tesseract (`-l spa+eng`) reads in an image of the box.
//
// The page's state is `k`, a count of 1/30 s since it started. Every PHASE_STATES states a phase
// begins: the four paragraphs are shuffled anew (the content changes at once), stay still for
// STILL_STATES, then scroll at SCROLL_PX_PER_S for the rest of the phase. The strip: a magenta
// cell, then 16 bits of `k` and 4 check bits (black 0, white 1), each CELL px square.
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';

const run = promisify(execFile);

const SPANISH = `ventana cocina jardín montaña camino ciudad pueblo puerta escalera tejado bosque playa arena nube
lluvia viento tormenta verano invierno otoño primavera mañana tarde noche semana mercado tienda precio oferta
carrito regalo cafetera tarjeta dinero cuenta factura pedido envío paquete correo mensaje teléfono pantalla
teclado botón enlace página buscador usuario contraseña registro cliente empresa trabajo oficina reunión proyecto
equipo tarea pregunta respuesta solución ejemplo historia canción música película teatro pintura dibujo cuaderno
lápiz biblioteca escuela maestro alumno lección examen número letra palabra frase párrafo capítulo naranja
manzana plátano limón fresa cereza tomate patata cebolla zanahoria arroz queso mantequilla agua zumo botella
vaso plato cuchara cuchillo silla lámpara espejo manta almohada dormitorio suelo techo calle puente túnel
estación tren bicicleta camión aeropuerto billete viaje vacaciones isla frontera castillo torre iglesia museo
médico enfermera hospital medicina salud amigo familia madre padre hermano hermana niño gente caballo conejo
pájaro flor árbol hierba piedra plata`.split(/\s+/);
const ENGLISH = `window kitchen garden mountain river forest beach cloud storm summer winter autumn spring morning
evening night week market store price basket gift coffee card money account invoice order shipping package
letter message phone screen keyboard mouse button link search user password customer company office meeting
project team question answer problem example story song music movie theater painting drawing notebook pencil
library school teacher student lesson exam number word sentence chapter orange apple banana lemon cherry tomato
potato onion carrot bread cheese butter water juice bottle glass plate spoon knife table chair sofa lamp mirror
blanket pillow bedroom bathroom door floor ceiling roof stairs street bridge tunnel station train bicycle truck
airport ticket travel journey holiday island village country border castle tower church museum doctor nurse
medicine health friend family mother father brother sister child people horse rabbit bird fish flower tree
grass stone silver golden yellow purple green bright quiet`.split(/\s+/);
/** The page's 300 known words. */
export const WORDS = [...SPANISH, ...ENGLISH];
if (SPANISH.length !== 150 || ENGLISH.length !== 150 || new Set(WORDS).size !== 300)
  throw new Error(`the word list must be 150 + 150 distinct words (${SPANISH.length} + ${ENGLISH.length})`);

export const STATES_PER_S = 30;
export const STILL_STATES = 3 * STATES_PER_S;
export const PHASE_STATES = 9 * STATES_PER_S;
export const SCROLL_PX_PER_S = 100;
export const CELL = 24;
const BITS = 16;
const CHECK_BITS = 4;
/**
 * The text box that is read, in page pixels: the left of two columns (the right one is the same kind
 * of text, there for the encoder, not read), which leave the screen's middle free, where Xvfb's
 * pointer rests and is recorded.
 */
export const TEXT_BOX = { x: 16, y: 40, width: 592, height: 480 };
const RIGHT_COLUMN_X = 672;
/** How much larger than the page the images given to tesseract are (the same for frames and screenshots). */
const OCR_SCALE = 2;

/** Whether the page stands still in state `k` (else it scrolls). */
export const isStill = (k) => k % PHASE_STATES < STILL_STATES;

/** The check bits: the sum of k's nibbles plus 10, so that an all-black strip (k 0, check 0) does not read. */
const check = (k) => ((k & 15) + ((k >> 4) & 15) + ((k >> 8) & 15) + ((k >> 12) & 15) + 10) & 15;

/**
 * The page, served as a document titled `title`. It animates from its load on, by the clock;
 * `window.freeze(k)` stops it in state `k`, `window.resume()` starts it again where the clock is, and
 * `window.visibleWords()` lists the words fully inside the text box now.
 */
export function scrollPageHtml(title) {
  return `<!doctype html><html lang="es"><head><meta charset="utf-8"><title>${title}</title><style>
  html, body { margin: 0; background: #fff; overflow: hidden; }
  #strip { position: fixed; left: 0; top: 0; height: ${CELL}px; display: flex; }
  #strip i { width: ${CELL}px; height: ${CELL}px; display: block; }
  .box { position: fixed; left: ${TEXT_BOX.x}px; top: ${TEXT_BOX.y}px; width: ${TEXT_BOX.width}px;
    height: ${TEXT_BOX.height}px; overflow: hidden; }
  #right { left: ${RIGHT_COLUMN_X}px; }
  .text { font: 14px/20px 'Liberation Sans', Arial, sans-serif; color: #222; will-change: transform; }
  .text p { margin: 0 0 20px; }
  </style></head><body><div id="strip"></div><div class="box" id="left"><div class="text" id="text"></div></div>
  <div class="box" id="right"><div class="text" id="filler"></div></div><script>
  const WORDS = ${JSON.stringify(WORDS)};
  const STATES_PER_S = ${STATES_PER_S}, STILL = ${STILL_STATES}, PHASE = ${PHASE_STATES}, SPEED = ${SCROLL_PX_PER_S};
  const BITS = ${BITS}, CHECK_BITS = ${CHECK_BITS};
  const strip = document.getElementById('strip'), text = document.getElementById('text');
  const filler = document.getElementById('filler');
  const cells = [];
  for (let i = 0; i < 1 + BITS + CHECK_BITS; i++) {
    const cell = document.createElement('i');
    if (i === 0) cell.style.background = '#f0f';
    strip.append(cell);
    cells.push(cell);
  }
  // A small seeded generator (mulberry32), so phase p always shows the same shuffle.
  const random = (seed) => () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  let phase = -1, maxOffset = 0;
  function paragraphs(next) {
    const out = [];
    for (let n = 0; n < 4; n++) {
      const words = WORDS.slice();
      for (let i = words.length - 1; i > 0; i--) {
        const j = Math.floor(next() * (i + 1));
        [words[i], words[j]] = [words[j], words[i]];
      }
      const html = words.map((w, i) => {
        const first = i === 0 || i % 12 === 0;
        const word = first ? w[0].toUpperCase() + w.slice(1) : w;
        const end = i === words.length - 1 || i % 12 === 11 ? '.' : i % 5 === 4 ? ',' : '';
        return '<span>' + word + '</span>' + end;
      });
      out.push('<p>' + html.join(' ') + '</p>');
    }
    return out.join('');
  }
  function render(p) {
    const next = random(p + 1);
    text.innerHTML = paragraphs(next);
    filler.innerHTML = paragraphs(next);
    maxOffset = Math.max(0, text.offsetHeight - ${TEXT_BOX.height});
  }
  function show(k) {
    const p = Math.floor(k / PHASE);
    if (p !== phase) { render(p); phase = p; }
    const j = k % PHASE;
    const scrolled = Math.max(0, j - STILL) * SPEED / STATES_PER_S;
    const room = Math.max(1, maxOffset - Math.ceil((PHASE - STILL) * SPEED / STATES_PER_S));
    const start = Math.floor(random(p * 7919 + 13)() * room);
    text.style.transform = filler.style.transform = 'translateY(' + -Math.round(start + scrolled) + 'px)';
    const check = ((k & 15) + ((k >> 4) & 15) + ((k >> 8) & 15) + ((k >> 12) & 15) + 10) & 15;
    for (let i = 0; i < BITS + CHECK_BITS; i++) {
      const bit = i < BITS ? (k >> (BITS - 1 - i)) & 1 : (check >> (CHECK_BITS - 1 - (i - BITS))) & 1;
      cells[i + 1].style.background = bit ? '#fff' : '#000';
    }
    window.state = k;
  }
  const started = performance.now();
  let frozen = false;
  const tick = () => {
    if (frozen) return;
    show(Math.floor(((performance.now() - started) * STATES_PER_S) / 1000) % (1 << BITS));
    requestAnimationFrame(tick);
  };
  window.freeze = (k) => { frozen = true; show(k); return new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))); };
  window.resume = () => { if (frozen) { frozen = false; requestAnimationFrame(tick); } };
  window.visibleWords = () => {
    const box = document.getElementById('left').getBoundingClientRect();
    return [...text.querySelectorAll('span')]
      .map((s) => [s.textContent.toLowerCase(), s.getBoundingClientRect()])
      .filter(([, r]) => r.top >= box.top && r.bottom <= box.bottom && r.left >= box.left && r.right <= box.right)
      .map(([w]) => w);
  };
  requestAnimationFrame(tick);
  </script></body></html>`;
}

/**
 * Reads the page's strip in a frame (`rgb`: width × height × 3 bytes): the state `k` and where the
 * page's top left corner is in the frame, or null when the strip is not there or its check bits
 * disagree (a frame caught between two states, or too blurred to read). `scale`: the frame's pixels
 * per page pixel when known (else measured on the magenta cell).
 */
export function readStrip(rgb, width, height, scale) {
  const magenta = (x, y) => {
    const i = (y * width + x) * 3;
    return rgb[i] > 160 && rgb[i + 1] < 110 && rgb[i + 2] > 160;
  };
  // The magenta cell: its first row, then its middle row and that row's extent (edges blur).
  let top;
  for (let y = 0; y < height && !top; y++)
    for (let x = 0; x + 2 < width; x++)
      if (magenta(x, y) && magenta(x + 1, y) && magenta(x + 2, y)) {
        top = { x: x + 1, y };
        break;
      }
  if (!top) return null;
  let bottom = top.y;
  while (bottom + 1 < height && magenta(top.x, bottom + 1)) bottom++;
  const middle = Math.round((top.y + bottom) / 2);
  let left = top.x;
  while (left > 0 && magenta(left - 1, middle)) left--;
  let right = top.x;
  while (right + 1 < width && magenta(right + 1, middle)) right++;
  const cell = scale ? CELL * scale : right - left + 1;
  if (cell < 6 || Math.abs(right - left + 1 - cell) > cell * 0.3) return null;
  const reach = Math.floor(cell / 4);
  const luma = (cx, cy) => {
    let sum = 0;
    let n = 0;
    for (let y = Math.round(cy) - reach; y <= Math.round(cy) + reach; y++)
      for (let x = Math.round(cx) - reach; x <= Math.round(cx) + reach; x++) {
        if (x < 0 || y < 0 || x >= width || y >= height) return NaN;
        const i = (y * width + x) * 3;
        sum += 0.299 * rgb[i] + 0.587 * rgb[i + 1] + 0.114 * rgb[i + 2];
        n++;
      }
    return sum / n;
  };
  let k = 0;
  let sum = 0;
  for (let i = 0; i < BITS + CHECK_BITS; i++) {
    const l = luma(left + cell * (i + 1) + cell / 2, middle);
    if (!Number.isFinite(l)) return null;
    const bit = l > 128 ? 1 : 0;
    if (i < BITS) k = (k << 1) | bit;
    else sum = (sum << 1) | bit;
  }
  if (check(k) !== sum) return null;
  return { k, x: left, y: Math.round(middle - cell / 2), scale: cell / CELL };
}

/** One frame of `file` at `seconds` as raw RGB (`{ rgb, width, height }`), or null past its end. */
export async function frameAt(file, seconds) {
  const { stdout } = await run(
    'ffmpeg',
    [
      '-v',
      'error',
      '-ss',
      seconds.toFixed(3),
      '-i',
      file,
      '-frames:v',
      '1',
      '-f',
      'rawvideo',
      '-pix_fmt',
      'rgb24',
      '-',
    ],
    { encoding: 'buffer', maxBuffer: 64 * 1024 * 1024 },
  );
  if (stdout.length === 0) return null;
  const { stdout: probe } = await run('ffprobe', [
    '-v',
    'error',
    '-select_streams',
    'v:0',
    '-show_entries',
    'stream=width,height',
    '-of',
    'csv=p=0',
    file,
  ]);
  const [width, height] = probe.trim().split(/[,\n]/).map(Number);
  if (stdout.length !== width * height * 3) throw new Error(`frame of ${stdout.length} bytes, not ${width}×${height}`);
  return { rgb: stdout, width, height };
}

/**
 * Writes `out` (PNG): the text box of the page cut from `source` (a frame of a recording at `at`
 * seconds, where the strip was found at `place`; or the page's own screenshot when `place` is
 * undefined and `at` is too), scaled to OCR_SCALE × the page's pixels.
 */
export async function textBoxImage(source, out, { at, place } = {}) {
  const scale = place?.scale ?? 1;
  const x = Math.round((place?.x ?? 0) + TEXT_BOX.x * scale);
  const y = Math.round((place?.y ?? 0) + TEXT_BOX.y * scale);
  const w = Math.round(TEXT_BOX.width * scale);
  const h = Math.round(TEXT_BOX.height * scale);
  const filter = `crop=${w}:${h}:${x}:${y},scale=${TEXT_BOX.width * OCR_SCALE}:${TEXT_BOX.height * OCR_SCALE}:flags=lanczos`;
  await run('ffmpeg', [
    '-v',
    'error',
    '-y',
    ...(at === undefined ? [] : ['-ss', at.toFixed(3)]),
    '-i',
    source,
    '-frames:v',
    '1',
    '-vf',
    filter,
    out,
  ]);
}

/** The words tesseract reads in `png` (`-l spa+eng`), lower case, letters only. */
export async function ocrWords(png) {
  const { stdout } = await run('tesseract', [png, '-', '-l', 'spa+eng', '--psm', '6'], {
    env: { ...process.env, OMP_THREAD_LIMIT: '1' },
  });
  return stdout
    .normalize('NFC')
    .toLowerCase()
    .split(/[^\p{L}]+/u)
    .filter(Boolean);
}

/** How many of `visible` (the words fully in the box, with repeats) are among `read`, each read word used once. */
export function wordsRead(read, visible) {
  const left = new Map();
  for (const w of read) left.set(w, (left.get(w) ?? 0) + 1);
  let found = 0;
  for (const w of visible) {
    const n = left.get(w) ?? 0;
    if (n > 0) {
      found++;
      left.set(w, n - 1);
    }
  }
  return found;
}

//! One synthetic recorded hour of a think-aloud usability session in Spanish, as the summary's
//! prompt receives it: a shop's study with 5 tasks of about 12 minutes, the step marks, a few
//! researchers' notes, the success and SEQ answers, and a transcript of Whisper-sized lines.
//!
//! What is said is drawn from a bank of think-aloud sentences by a seeded generator, so every run
//! (and every seed) builds the same hour, and a different seed is a different participant. The
//! figures follow what a real session looks like, since the benchmark's cost is driven by them:
//! about 130 spoken words a minute (so ~7,800 words an hour) and lines of one or two sentences,
//! 4–6 s, which is how Whisper segments speech.

use lupa_core::ai_summary::prompt::{PromptInput, Success, TaskOutcome};
use lupa_core::transcript::{Language, Line};

/// The recording's length.
pub const HOUR_MS: i64 = 3_600_000;
/// Speaking pace inside a line (a little over the hour's 130 words a minute: the gaps between
/// lines bring it down to that).
const MS_PER_WORD: i64 = 60_000 / 140;
/// A line is one sentence, or two when the first is short (under this many words): Whisper cuts
/// its segments at the pauses between sentences, 4–6 s apart at this pace.
const SHORT_LINE_WORDS: usize = 8;
/// Silence between two lines, at most.
const MAX_GAP_MS: u64 = 600;

/// A small linear congruential generator (Knuth's MMIX constants): deterministic, no crate.
pub struct Lcg(u64);

impl Lcg {
    pub fn new(seed: u64) -> Lcg {
        Lcg(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) ^ 0x2545_F491_4F6C_DD1D)
    }

    /// A number in `0..n` (the high bits, the good ones of an LCG).
    pub fn below(&mut self, n: u64) -> u64 {
        self.0 = self.0.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1_442_695_040_888_963_407);
        (self.0 >> 33) % n.max(1)
    }

    /// A number in `lo..=hi`.
    pub fn between(&mut self, lo: u64, hi: u64) -> u64 {
        lo + self.below(hi - lo + 1)
    }

    pub fn pick<'a, T>(&mut self, items: &'a [T]) -> &'a T {
        &items[self.below(items.len() as u64) as usize]
    }
}

/// What participants say while they shop, in the register of a think-aloud session.
const SAID: [&str; 42] = [
    "Vale, ahora busco dónde está el carrito.",
    "No sé si esto es un botón o solo texto.",
    "A ver, voy a escribir zapatillas en el buscador.",
    "Me salen muchísimos resultados y no sé cuál mirar primero.",
    "Esto de los filtros no lo veo por ningún lado.",
    "Ah, vale, los filtros están aquí abajo, no los había visto.",
    "Pongo la talla cuarenta y dos, que es la mía.",
    "El precio aparece tachado, supongo que está en oferta.",
    "Le doy a añadir al carrito y no pasa nada, ¿o sí?",
    "Ahora sí, arriba pone un uno en el icono de la bolsa.",
    "Me gustaría ver los gastos de envío antes de seguir.",
    "No encuentro cuánto tarda en llegar el pedido.",
    "Esto me pide crear una cuenta y yo no quiero registrarme.",
    "Vale, hay una opción de comprar como invitado, menos mal.",
    "El formulario es bastante largo, la verdad.",
    "Pongo mi dirección, el código postal y la ciudad.",
    "Me dice que el teléfono no es válido, pero está bien escrito.",
    "Ah, quería el prefijo, pero no lo decía en ningún sitio.",
    "Ahora me pregunta si quiero recibir la revista, le digo que no.",
    "No sé qué diferencia hay entre envío estándar y envío urgente.",
    "El botón de continuar está muy abajo, he tenido que bajar mucho.",
    "Esto del código de descuento, ¿dónde lo pongo?",
    "Creo que me he equivocado de talla, voy a volver atrás.",
    "Al volver atrás se me ha borrado todo lo que había escrito.",
    "Bueno, lo vuelvo a rellenar, qué le vamos a hacer.",
    "La foto del producto es muy pequeña, no se ve bien el color.",
    "Quiero ampliar la imagen, pero al pulsar no hace nada.",
    "Las opiniones de otros clientes están al final de todo.",
    "Me fío más si veo opiniones, así que las leo un poco.",
    "Hmm, no me queda claro si la devolución es gratis.",
    "Busco la política de devoluciones en el pie de página.",
    "Esto está en letra muy pequeña, me cuesta leerlo.",
    "Vale, treinta días para devolverlo, eso está bien.",
    "Ahora tengo que elegir cómo pagar, con tarjeta o con PayPal.",
    "Meto los datos de la tarjeta, el número y la caducidad.",
    "No sé si el CVV es el de detrás, supongo que sí.",
    "Me sale un aviso de que la sesión va a caducar, qué agobio.",
    "Pulso en pagar y se queda cargando un buen rato.",
    "Por fin, pone que el pedido está confirmado.",
    "No me ha llegado ningún correo, o eso creo.",
    "En general ha sido fácil, pero el formulario se me ha hecho pesado.",
    "Lo que más me ha costado ha sido encontrar los filtros.",
];

/// The study's tasks, as a researcher writes them.
pub const TASKS: [&str; 5] = [
    "Busca unas zapatillas de running de hombre de la talla 42 por menos de 80 €.",
    "Añade las zapatillas que prefieras al carrito y comprueba cuánto cuesta el envío.",
    "Averigua si podrías devolverlas gratis si no te quedan bien.",
    "Completa la compra como invitado con tus datos de envío, sin registrarte.",
    "Paga con tarjeta usando los datos de prueba que te hemos dado y confirma el pedido.",
];

/// The scenario shown before the tasks.
pub const SCENARIO: &str = "Quieres regalar unas zapatillas de running a un amigo por su cumpleaños. \
Usa esta tienda online como lo harías en casa y di en voz alta lo que piensas mientras lo haces.";

/// What the researchers noted while watching.
const NOTES: [&str; 8] = [
    "No ve los filtros hasta que hace scroll; los busca arriba.",
    "Duda si el icono de la bolsa es el carrito.",
    "Quiere saber el coste de envío antes de pasar al pago.",
    "Lee las opiniones antes de decidir: la confianza pesa.",
    "Se pierde lo escrito al volver atrás en el formulario.",
    "El error del teléfono no dice que falta el prefijo.",
    "Tarda en encontrar la opción de comprar como invitado.",
    "Espera bastante tras pulsar pagar; no hay indicación de progreso.",
];

/// The participant's answers after each task: success and SEQ (1–7).
const OUTCOMES: [(Success, u8); 5] =
    [(Success::Yes, 5), (Success::Yes, 6), (Success::Unsure, 3), (Success::Yes, 4), (Success::No, 2)];

/// When the scenario, the URL and each task started (step marks `(index, at_ms)`: 0 scenario,
/// 1 URL, 2.. tasks): a minute of reading, then 5 tasks of almost 12 minutes each.
pub fn steps() -> Vec<(u32, i64)> {
    let mut steps = vec![(0, 0), (1, 30_000)];
    let task_ms = (HOUR_MS - 60_000) / TASKS.len() as i64;
    steps.extend((0..TASKS.len()).map(|i| (i as u32 + 2, 60_000 + i as i64 * task_ms)));
    steps
}

/// The transcript: lines of one or two sentences at 140 words a minute with short gaps, to the
/// hour's end. A sentence is never said twice in a row.
pub fn lines(rng: &mut Lcg) -> Vec<Line> {
    let mut lines = Vec::new();
    let mut at = 2_000;
    let mut last = usize::MAX;
    let mut sentence = |rng: &mut Lcg| loop {
        let i = rng.below(SAID.len() as u64) as usize;
        if i != last {
            last = i;
            return SAID[i];
        }
    };
    loop {
        let mut text = sentence(rng).to_string();
        if text.split_whitespace().count() < SHORT_LINE_WORDS {
            text = format!("{text} {}", sentence(rng));
        }
        let end = at + text.split_whitespace().count() as i64 * MS_PER_WORD;
        if end > HOUR_MS {
            return lines;
        }
        lines.push(Line { start_ms: at, end_ms: end, text, words: Vec::new() });
        at = end + rng.below(MAX_GAP_MS + 1) as i64;
    }
}

/// The whole participation of participant `seed`, as `generate.rs` reads it from D1.
pub fn participation(seed: u64) -> PromptInput {
    let mut rng = Lcg::new(seed);
    let steps = steps();
    let lines = lines(&mut rng);
    // Six notes at random times within the tasks (the time a note is taken at decides its task).
    let mut notes: Vec<(i64, String)> =
        (0..6).map(|_| (rng.between(60_000, HOUR_MS as u64 - 1) as i64, rng.pick(&NOTES).to_string())).collect();
    notes.sort();
    PromptInput {
        language: Language::Es,
        scenario: Some(SCENARIO.to_string()),
        tasks: TASKS
            .iter()
            .zip(OUTCOMES)
            .map(|(content, (success, seq))| TaskOutcome {
                content: content.to_string(),
                success: Some(success),
                seq: Some(seq),
            })
            .collect(),
        steps,
        notes,
        lines,
    }
}

/// Spoken words in a transcript.
pub fn word_count(lines: &[Line]) -> usize {
    lines.iter().map(|l| l.text.split_whitespace().count()).sum()
}

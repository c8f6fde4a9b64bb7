//! The model's answers the benchmark prices as output: a summary's typical and worst-case answer
//! for a synthetic hour, and a typical themes answer for a themes prompt.
//!
//! Their shape is the one the schemas ask for, and their sizes are the ones that set the price:
//! a typical summary has 2 findings of 2 quotes per task, the worst 4 findings of 3 quotes (the
//! most the schema and `MAX_*` keep); a typical themes answer has 5 themes citing 6 ids each.
//! Every quote is a real line of the hour's transcript, copied whole, as the prompt asks, so its
//! length is what a real answer's would be.

use lupa_core::ai_summary::prompt::PromptInput;
use lupa_core::ai_summary::{Finding, Proposal, Quote, TaskFindings};
use lupa_core::transcript::task_at;
use serde_json::{json, Value};

use crate::hour::Lcg;

/// What a researcher would write as a finding about this shop's tasks.
const FINDINGS: [&str; 12] = [
    "No encontró los filtros de talla y precio hasta hacer scroll, porque los buscaba en la parte superior de la página.",
    "Dudó de si el icono de la bolsa era el carrito y no vio ninguna confirmación clara al añadir el producto.",
    "Quería conocer los gastos de envío antes de empezar el pago y no los encontró en la página del producto.",
    "Leyó las opiniones de otros clientes antes de decidirse: le dan confianza, pero están al final de la página.",
    "La política de devoluciones le costó de encontrar y la letra pequeña le dificultó leerla.",
    "El formulario de envío se le hizo largo y perdió lo escrito al volver atrás para cambiar la talla.",
    "El error del teléfono no explicaba que faltaba el prefijo, así que no sabía qué corregir.",
    "Tardó en ver la opción de comprar como invitado y estuvo a punto de abandonar al pedirle una cuenta.",
    "No entendió la diferencia entre el envío estándar y el urgente porque no se indican los plazos.",
    "Tras pulsar pagar, la página se quedó cargando sin indicar el progreso y le generó inquietud.",
    "No tenía claro si el CVV era el código del reverso de la tarjeta y lo introdujo dudando.",
    "El aviso de que la sesión iba a caducar le metió prisa y le hizo sentir agobio durante el pago.",
];

/// Themes a researcher would draw from several such sessions: (title, explanation).
const THEMES: [(&str, &str); 8] = [
    (
        "Filtros difíciles de encontrar",
        "Varios participantes buscaron los filtros en la parte superior y solo los vieron al hacer scroll, lo que alargó la búsqueda.",
    ),
    (
        "Costes de envío ocultos hasta el pago",
        "Los participantes querían saber el coste y el plazo del envío antes de pagar y no lo encontraron en el producto ni en el carrito.",
    ),
    (
        "Confirmación débil al añadir al carrito",
        "El único aviso de que el producto se añadió es un número en el icono de la bolsa, que varios no vieron o no reconocieron.",
    ),
    (
        "Formulario largo y frágil",
        "El formulario de envío se percibe largo, y al volver atrás se pierde lo escrito, lo que obliga a rellenarlo de nuevo.",
    ),
    (
        "Errores de validación poco claros",
        "Los mensajes de error no dicen cómo corregir el dato, como el prefijo del teléfono, y los participantes lo intentaron varias veces.",
    ),
    (
        "Compra como invitado poco visible",
        "La opción de comprar sin registrarse pasa desapercibida y varios participantes creyeron que tenían que crear una cuenta.",
    ),
    (
        "Incertidumbre al pagar",
        "La espera sin indicación de progreso y el aviso de caducidad de la sesión generaron inquietud en el momento de pagar.",
    ),
    (
        "Devoluciones en letra pequeña",
        "La política de devoluciones está en el pie de página con letra pequeña, y los participantes tardaron en saber si era gratuita.",
    ),
];

/// A summary's answer: `findings` findings of `quotes` quotes for each task, each quote a line the
/// participant said during that task (drawn with `seed`).
pub fn summary(input: &PromptInput, findings: usize, quotes: usize, seed: u64) -> Proposal {
    let mut rng = Lcg::new(seed);
    let tasks = (1..=input.tasks.len() as u32)
        .map(|task_number| {
            let said: Vec<_> =
                input.lines.iter().filter(|l| task_at(&input.steps, l.start_ms) == Some(task_number)).collect();
            TaskFindings {
                task_number,
                findings: (0..findings)
                    .map(|_| Finding {
                        text: rng.pick(&FINDINGS).to_string(),
                        quotes: (0..quotes)
                            .map(|_| {
                                let line = rng.pick(&said);
                                Quote { start_ms: line.start_ms, end_ms: line.end_ms, text: line.text.clone() }
                            })
                            .collect(),
                    })
                    .collect(),
            }
        })
        .collect();
    Proposal { tasks }
}

/// A themes answer: `themes` themes citing `ids` of the prompt's `refs` quote ids each.
pub fn themes(refs: usize, themes: usize, ids: usize, seed: u64) -> Value {
    let mut rng = Lcg::new(seed);
    let picked: Vec<Value> = THEMES
        .iter()
        .cycle()
        .skip(rng.below(THEMES.len() as u64) as usize)
        .take(themes)
        .map(|(title, text)| {
            let quote_ids: Vec<String> = (0..ids).map(|_| format!("Q{}", rng.below(refs as u64) + 1)).collect();
            json!({"title": title, "text": text, "quoteIds": quote_ids})
        })
        .collect();
    json!({ "themes": picked })
}

//! Example requests for the OpenAPI document (`#[schemars(example = …)]` on the request types):
//! what a client sends, and what the api-contract suite's examples phase sends first (ADR 0020).

use serde_json::{json, Value};

pub fn login() -> Value {
    json!({ "username": "ana@example.com", "password": "una clave bastante larga" })
}

pub fn register() -> Value {
    json!({ "username": "ana@example.com", "password": "una clave bastante larga", "role": "customer" })
}

pub fn reset_email() -> Value {
    json!({ "email": "ana@example.com" })
}

pub fn waitlist() -> Value {
    json!({ "email": "ana@example.com", "consent": true })
}

/// Product §3's create payload, with one of each of ADR 0012's questions.
pub fn analysis() -> Value {
    json!({
        "name": "Checkout de la tienda",
        "url": "www.example.com",
        "maxNumberOfParticipants": 5,
        "scenario": "Quieres comprar un regalo",
        "tasks": [{ "taskType": "text", "taskContent": "Añade un producto al carrito" }],
        "device": "computer",
        "taskQuestions": true,
        "sus": true
    })
}

pub fn participation() -> Value {
    json!({ "analysisId": "0f1e2d3c4b5a69788796a5b4c3d2e1f0" })
}

pub fn open_segment() -> Value {
    json!({ "mimeType": "video/mp4;codecs=vp9,opus" })
}

pub fn checkout() -> Value {
    json!({ "planName": "basic", "planBillingCycle": "monthly" })
}

pub fn note() -> Value {
    json!({ "atMs": 12000, "text": "Duda ante el precio", "tags": ["precio"] })
}

pub fn task_answer() -> Value {
    json!({ "seq": 6, "success": "yes", "atMs": 45000 })
}

pub fn sus_answer() -> Value {
    json!({ "answers": [4, 2, 4, 1, 5, 2, 4, 2, 4, 1], "atMs": 300000 })
}

pub fn share() -> Value {
    json!({ "kind": "summary", "expiresInDays": 30 })
}

pub fn invitation() -> Value {
    json!({ "email": "luis@example.com", "role": "researcher" })
}

pub fn member_update() -> Value {
    json!({ "role": "observer" })
}

pub fn new_session() -> Value {
    json!({ "participantEmail": "luis@example.com" })
}

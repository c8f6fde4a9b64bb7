//! What the request types' JSON Schemas say beyond their fields' types, where an attribute on a
//! field cannot say it (ADR 0020): rules between fields, and rules built from `lupa-core`'s lists.
//! Each names the function of `lupa-core` (or the handler) that applies the same rule, whose
//! limits and patterns it reads, so the OpenAPI document and the server cannot drift apart.
//!
//! Used as `#[schemars(transform = …)]` on the types; a transform gets the type's schema with its
//! properties and adds to it.

use lupa_core::patterns::NOT_BLANK;
use schemars::Schema;
use serde_json::{json, Value};

/// Adds `extra`'s keywords to an object schema (its `allOf` when it has one already).
fn add(schema: &mut Schema, extra: Value) {
    if let (Some(object), Value::Object(extra)) = (schema.as_object_mut(), extra) {
        for (key, value) in extra {
            object.insert(key, value);
        }
    }
}

/// `auth::password::check_policy`: 8–128 characters, not a common password, not one character
/// repeated (ASCII case aside). For every new password field.
pub fn new_password(schema: &mut Schema) {
    add(
        schema,
        json!({
            "type": "string",
            "minLength": lupa_core::auth::password::MIN_LEN,
            "maxLength": lupa_core::auth::password::MAX_LEN,
            "not": { "pattern": lupa_core::auth::password::common_pattern() },
        }),
    );
}

/// `waitlist::post`: a filled honeypot (`website`) is answered 201 and nothing else is read;
/// otherwise an address of product §5's shape and the consent ticked.
pub fn waitlist(schema: &mut Schema) {
    add(
        schema,
        json!({ "anyOf": [
            { "required": ["website"], "properties": { "website": { "type": "string", "minLength": 1 } } },
            {
                "required": ["email", "consent"],
                "properties": {
                    "email": { "type": "string", "pattern": lupa_core::patterns::EMAIL_SHAPE,
                               "maxLength": lupa_core::auth::email::MAX_EMAIL_LEN },
                    "consent": { "const": true }
                }
            }
        ] }),
    );
}

/// `analysis::validate`: at least one task with words (blank ones are dropped).
pub fn analysis_tasks(schema: &mut Schema) {
    add(
        schema,
        json!({ "contains": {
            "type": "object",
            "required": ["taskContent"],
            "properties": { "taskContent": { "type": "string", "pattern": NOT_BLANK } }
        } }),
    );
}

/// `study::validate`: a screener question needs an option marked 'Aceptar'.
pub fn screener_options(schema: &mut Schema) {
    add(schema, json!({ "contains": { "type": "object", "properties": { "accept": { "const": true } } } }));
}

/// `study::validate`: choices need 2–10 options with words; a scale goes to 5 or 7; a text
/// question's options and scale are ignored.
pub fn study_question(schema: &mut Schema) {
    let options = json!({
        "type": "array",
        "minItems": 2,
        "maxItems": lupa_core::study::MAX_OPTIONS,
        "items": { "type": "string", "pattern": NOT_BLANK },
    });
    add(
        schema,
        json!({ "allOf": [
            {
                "if": { "properties": { "type": { "enum": ["single", "multiple"] } } },
                "then": { "required": ["options"], "properties": { "options": options } }
            },
            {
                "if": { "properties": { "type": { "const": "scale" } } },
                "then": { "required": ["scale"], "properties": { "scale": { "enum": [5, 7] } } }
            }
        ] }),
    );
}

/// `segments::open`: a screen or camera segment needs a recording format; the audio track
/// (ADR 0018) opens nothing and reads none.
pub fn open_segment(schema: &mut Schema) {
    add(
        schema,
        json!({
            "if": { "required": ["track"], "properties": { "track": { "const": "audio" } } },
            "else": { "required": ["mimeType"], "properties": { "mimeType": {
                "type": "string", "pattern": lupa_core::patterns::RECORDING_MIME
            } } }
        }),
    );
}

/// `shares::create`: a recording, clip or reel link names its target; the summary has none.
pub fn share_target(schema: &mut Schema) {
    add(
        schema,
        json!({
            "if": { "properties": { "kind": { "enum": ["recording", "clip", "reel"] } } },
            "then": { "required": ["targetId"], "properties": { "targetId": { "type": "string", "pattern": NOT_BLANK } } }
        }),
    );
}

/// `notes::validate` on create: a note needs words, its text or (a clip) its title. (That a
/// clip's `endMs` comes after its `atMs` is a rule between two numbers, which JSON Schema cannot
/// state: the description says it.)
pub fn new_note(schema: &mut Schema) {
    add(
        schema,
        json!({ "anyOf": [
            { "required": ["text"], "properties": { "text": { "type": "string", "pattern": NOT_BLANK } } },
            { "required": ["title"], "properties": { "title": { "type": "string", "pattern": NOT_BLANK } } }
        ] }),
    );
}

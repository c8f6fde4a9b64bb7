//! A request's JSON body read into its type as the OpenAPI document describes it (ADR 0020), where
//! serde's defaults read more:
//!
//! - JSON has one kind of number: `5.0` is the integer 5, as JSON Schema's `integer` takes it.
//!   Other fractions stay, and fail an integer field.
//! - An object is an object. A derived struct also takes an array of its fields in order
//!   (`[true, "es"]` for `{enabled, language}`, `[null, null]` for two optional fields), which the
//!   document's `type: object` refuses: here it is a field of the wrong type, like any other.
//!
//! The reader is a deserializer over `serde_json::Value` that reads it as `Value`'s own does, but
//! for those two things (and an enum, which is a string: the request types' enums have no data).

use serde::de::value::StringDeserializer;
use serde::de::{self, DeserializeOwned, DeserializeSeed, MapAccess, SeqAccess, Unexpected, Visitor};
use serde::forward_to_deserialize_any;
use serde_json::{Error, Value};

/// `value` (a parsed body) as a `T`.
pub fn from_value<T: DeserializeOwned>(mut value: Value) -> Result<T, Error> {
    whole_numbers(&mut value);
    T::deserialize(Strict(value))
}

/// Whole numbers written with a fraction (`5.0`) become integers, within i64, where every whole
/// f64 converts exactly.
fn whole_numbers(value: &mut Value) {
    match value {
        Value::Number(n) if n.is_f64() => {
            if let Some(f) = n
                .as_f64()
                .filter(|f| f.fract() == 0.0 && (-9.223_372_036_854_776e18..9.223_372_036_854_776e18).contains(f))
            {
                *value = Value::from(f as i64);
            }
        }
        Value::Array(items) => items.iter_mut().for_each(whole_numbers),
        Value::Object(fields) => fields.values_mut().for_each(whole_numbers),
        _ => {}
    }
}

/// A value whose structs must be objects, all the way down.
struct Strict(Value);

impl<'de> de::Deserializer<'de> for Strict {
    type Error = Error;

    fn deserialize_any<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        match self.0 {
            Value::Array(items) => {
                let length = items.len();
                let mut items = Items(items.into_iter());
                let value = visitor.visit_seq(&mut items)?;
                match items.0.len() {
                    0 => Ok(value),
                    _ => Err(de::Error::invalid_length(length, &"fewer elements in array")),
                }
            }
            Value::Object(fields) => visitor.visit_map(Fields { fields: fields.into_iter(), value: None }),
            Value::Null => visitor.visit_unit(),
            Value::Bool(b) => visitor.visit_bool(b),
            Value::Number(n) => match (n.as_u64(), n.as_i64()) {
                (Some(u), _) => visitor.visit_u64(u),
                (_, Some(i)) => visitor.visit_i64(i),
                _ => visitor.visit_f64(n.as_f64().unwrap_or(f64::NAN)),
            },
            Value::String(s) => visitor.visit_string(s),
        }
    }

    fn deserialize_option<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        match self.0 {
            Value::Null => visitor.visit_none(),
            value => visitor.visit_some(Strict(value)),
        }
    }

    fn deserialize_struct<V: Visitor<'de>>(
        self,
        _name: &'static str,
        _fields: &'static [&'static str],
        visitor: V,
    ) -> Result<V::Value, Error> {
        match &self.0 {
            Value::Object(_) => self.deserialize_any(visitor),
            other => Err(de::Error::invalid_type(unexpected(other), &visitor)),
        }
    }

    fn deserialize_newtype_struct<V: Visitor<'de>>(self, _name: &'static str, visitor: V) -> Result<V::Value, Error> {
        visitor.visit_newtype_struct(self)
    }

    /// The request types' enums are strings (unit variants), as the document's `enum`s say.
    fn deserialize_enum<V: Visitor<'de>>(
        self,
        _name: &'static str,
        _variants: &'static [&'static str],
        visitor: V,
    ) -> Result<V::Value, Error> {
        match self.0 {
            Value::String(s) => visitor.visit_enum(StringDeserializer::<Error>::new(s)),
            other => Err(de::Error::invalid_type(unexpected(&other), &visitor)),
        }
    }

    forward_to_deserialize_any! {
        bool i8 i16 i32 i64 i128 u8 u16 u32 u64 u128 f32 f64 char str string bytes byte_buf unit
        unit_struct seq tuple tuple_struct map identifier ignored_any
    }
}

struct Items(std::vec::IntoIter<Value>);

impl<'de> SeqAccess<'de> for Items {
    type Error = Error;

    fn next_element_seed<S: DeserializeSeed<'de>>(&mut self, seed: S) -> Result<Option<S::Value>, Error> {
        self.0.next().map(|value| seed.deserialize(Strict(value))).transpose()
    }

    fn size_hint(&self) -> Option<usize> {
        Some(self.0.len())
    }
}

struct Fields {
    fields: serde_json::map::IntoIter,
    value: Option<Value>,
}

impl<'de> MapAccess<'de> for Fields {
    type Error = Error;

    fn next_key_seed<S: DeserializeSeed<'de>>(&mut self, seed: S) -> Result<Option<S::Value>, Error> {
        match self.fields.next() {
            Some((key, value)) => {
                self.value = Some(value);
                seed.deserialize(StringDeserializer::<Error>::new(key)).map(Some)
            }
            None => Ok(None),
        }
    }

    fn next_value_seed<S: DeserializeSeed<'de>>(&mut self, seed: S) -> Result<S::Value, Error> {
        match self.value.take() {
            Some(value) => seed.deserialize(Strict(value)),
            None => Err(de::Error::custom("a value without its key")),
        }
    }

    fn size_hint(&self) -> Option<usize> {
        Some(self.fields.len())
    }
}

fn unexpected(value: &Value) -> Unexpected<'_> {
    match value {
        Value::Null => Unexpected::Unit,
        Value::Bool(b) => Unexpected::Bool(*b),
        Value::Number(n) => match (n.as_u64(), n.as_i64()) {
            (Some(u), _) => Unexpected::Unsigned(u),
            (_, Some(i)) => Unexpected::Signed(i),
            _ => Unexpected::Float(n.as_f64().unwrap_or(f64::NAN)),
        },
        Value::String(s) => Unexpected::Str(s),
        Value::Array(_) => Unexpected::Seq,
        Value::Object(_) => Unexpected::Map,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde::Deserialize;
    use serde_json::json;
    use std::collections::BTreeMap;

    #[derive(Debug, Deserialize, PartialEq)]
    struct Setting {
        enabled: Option<bool>,
        language: Option<String>,
    }

    #[derive(Debug, Deserialize, PartialEq)]
    #[serde(rename_all = "lowercase")]
    enum Kind {
        Clip,
        Note,
    }

    #[derive(Debug, Deserialize, PartialEq)]
    #[allow(non_snake_case)]
    struct Request {
        name: Option<String>,
        count: Option<i64>,
        setting: Option<Setting>,
        list: Option<Vec<Setting>>,
        answers: Option<[u8; 3]>,
        kind: Option<Kind>,
        #[serde(default)]
        extra: Option<Value>,
        tags: Option<BTreeMap<String, u32>>,
    }

    fn read(value: Value) -> Result<Request, Error> {
        from_value(value)
    }

    #[test]
    fn objects_read_as_serde_reads_them() {
        let body = json!({
            "name": "Ana", "count": 5.0, "setting": {"enabled": true, "language": "es", "other": 1},
            "list": [{"enabled": null}], "answers": [1, 2, 3], "kind": "clip",
            "extra": {"any": [1, {"thing": null}]}, "tags": {"a": 1}, "unknown": [1, 2]
        });
        let read = read(body.clone()).unwrap();
        assert_eq!(read.count, Some(5));
        assert_eq!(read.setting, Some(Setting { enabled: Some(true), language: Some("es".into()) }));
        assert_eq!(read.list, Some(vec![Setting { enabled: None, language: None }]));
        assert_eq!(read.answers, Some([1, 2, 3]));
        assert_eq!(read.kind, Some(Kind::Clip));
        assert_eq!(read.extra, Some(json!({"any": [1, {"thing": null}]})));
        assert_eq!(read.tags.unwrap()["a"], 1);
        let mut plain = body;
        whole_numbers(&mut plain);
        assert_eq!(serde_json::from_value::<Request>(plain).unwrap().setting, read.setting);
        assert_eq!(super::from_value::<Request>(json!({})).unwrap().name, None);
    }

    #[test]
    fn a_struct_is_never_read_from_an_array() {
        // What serde alone takes (the api-contract suite found `"transcription": [null, null]`).
        assert!(serde_json::from_value::<Setting>(json!([null, null])).is_ok());
        for body in [
            json!({"setting": [null, null]}),
            json!({"setting": [true, "es"]}),
            json!({"list": [[true, "es"]]}),
            json!({"setting": "x"}),
            json!({"setting": 1}),
        ] {
            assert!(read(body.clone()).is_err(), "{body}");
        }
    }

    #[test]
    fn other_types_are_refused_as_before() {
        for body in [
            json!({"count": 5.5}),
            json!({"count": "5"}),
            json!({"answers": [1, 2]}),
            json!({"answers": [1, 2, 3, 4]}),
            json!({"kind": "other"}),
            json!({"kind": {"clip": null}}),
            json!({"name": 1}),
            json!({"list": {"enabled": true}}),
            json!({"tags": {"a": "1"}}),
        ] {
            assert!(read(body.clone()).is_err(), "{body}");
        }
        assert_eq!(read(json!({"count": -3.0})).unwrap().count, Some(-3));
        assert_eq!(read(json!({"count": 1e300})).ok().map(|r| r.count), None);
    }
}

//! What a handler reads from a request: its address's `{id}`, shared by the page's
//! assets and the API, and a JSON body read strictly ([`json_with_unique_keys`]).

use std::fmt;

use axum::extract::{FromRequestParts, Path};
use axum::http::request::Parts;
use serde::de::{self, Deserialize, Deserializer, MapAccess, SeqAccess, Visitor};
use serde_json::{Map, Value};

use crate::error::ApiError;

/// The `{id}` of an address (a segment that is not UTF-8 names no game).
pub struct Segment(pub String);

impl<S: Send + Sync> FromRequestParts<S> for Segment {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &S) -> Result<Segment, ApiError> {
        Path::<String>::from_request_parts(parts, state)
            .await
            .map(|Path(segment)| Segment(segment))
            .map_err(|_| {
                ApiError::not_found("no such game or file: the address is not valid UTF-8")
            })
    }
}

/// Reads JSON as `serde_json::from_slice` does, but refuses an object that gives a key
/// twice (`{"type": "battle", "type": "to_end"}`) instead of keeping the last: two
/// readers of such a body may take different values, and a person who sent it meant
/// one of them, not the server's pick. The error is a data error (see
/// `serde_json::Error::classify`) naming the key, its line and column.
pub fn json_with_unique_keys(bytes: &[u8]) -> Result<Value, serde_json::Error> {
    serde_json::from_slice::<Unique>(bytes).map(|Unique(value)| value)
}

/// A JSON value with no key twice in any of its objects.
struct Unique(Value);

impl<'de> Deserialize<'de> for Unique {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Unique, D::Error> {
        deserializer.deserialize_any(UniqueVisitor).map(Unique)
    }
}

struct UniqueVisitor;

impl<'de> Visitor<'de> for UniqueVisitor {
    type Value = Value;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("any JSON value")
    }

    fn visit_bool<E>(self, value: bool) -> Result<Value, E> {
        Ok(Value::Bool(value))
    }

    fn visit_i64<E>(self, value: i64) -> Result<Value, E> {
        Ok(Value::from(value))
    }

    fn visit_u64<E>(self, value: u64) -> Result<Value, E> {
        Ok(Value::from(value))
    }

    fn visit_f64<E>(self, value: f64) -> Result<Value, E> {
        Ok(Value::from(value))
    }

    fn visit_str<E>(self, value: &str) -> Result<Value, E> {
        Ok(Value::String(value.to_owned()))
    }

    fn visit_string<E>(self, value: String) -> Result<Value, E> {
        Ok(Value::String(value))
    }

    fn visit_unit<E>(self) -> Result<Value, E> {
        Ok(Value::Null)
    }

    fn visit_none<E>(self) -> Result<Value, E> {
        Ok(Value::Null)
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Value, A::Error> {
        let mut values = Vec::new();
        while let Some(Unique(value)) = seq.next_element()? {
            values.push(value);
        }
        Ok(Value::Array(values))
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Value, A::Error> {
        let mut fields = Map::new();
        while let Some(key) = map.next_key::<String>()? {
            if fields.contains_key(&key) {
                return Err(de::Error::custom(format_args!(
                    "the key \"{}\" is given twice in an object",
                    cards_core::input::quoted(&key)
                )));
            }
            let Unique(value) = map.next_value()?;
            fields.insert(key, value);
        }
        Ok(Value::Object(fields))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_key_twice_is_refused_at_any_depth_and_the_rest_reads_as_serde_json_reads_it() {
        for text in [
            r#"{"type": "battle", "count": 10}"#,
            r#"[1, -2, 3.5, "x\u00e9", true, null, {"a": {"b": []}}, {"a": 1}]"#,
            "18446744073709551615",
        ] {
            let strict = json_with_unique_keys(text.as_bytes()).map_err(|e| e.to_string());
            let loose: Value = serde_json::from_str(text)
                .map_err(|e| e.to_string())
                .unwrap_or_default();
            assert_eq!(strict, Ok(loose), "{text}");
        }
        for (text, key) in [
            (r#"{"type": "battle", "type": "to_end"}"#, "type"),
            (r#"{"options": {"players": 2, "players": 8}}"#, "players"),
            (r#"[{"a": 1}, {"a": 1, "a": 1}]"#, "a"),
        ] {
            let error = json_with_unique_keys(text.as_bytes()).unwrap_err();
            assert_eq!(
                error.classify(),
                serde_json::error::Category::Data,
                "{text}"
            );
            assert!(
                error.to_string().starts_with(&format!(
                    "the key \"{key}\" is given twice in an object at line 1"
                )),
                "{error}"
            );
        }
        // Syntax errors stay syntax errors; depth stays bounded.
        let deep = "[".repeat(10_000);
        assert!(json_with_unique_keys(deep.as_bytes()).is_err());
        assert_eq!(
            json_with_unique_keys(b"{").unwrap_err().classify(),
            serde_json::error::Category::Eof
        );
    }
}

//! serde helpers the generated modules use to keep every member as it was sent.

use serde::{Deserialize, Deserializer};

/// A member that is present is `Some`, even when it is `null`; an absent one stays `None` (the
/// field also carries `#[serde(default)]`), so an explicit `null` is written back.
pub fn present<'de, D: Deserializer<'de>>(
    deserializer: D,
) -> Result<Option<serde_json::Value>, D::Error> {
    serde_json::Value::deserialize(deserializer).map(Some)
}

/// `Option<Option<T>>` for a member the schema allows to be `null`: `None` is absent, `Some(None)`
/// is `null`, `Some(Some(value))` is a value.
pub mod nullable {
    use serde::{Deserialize, Deserializer, Serialize, Serializer};

    pub fn serialize<T: Serialize, S: Serializer>(
        value: &Option<Option<T>>,
        serializer: S,
    ) -> Result<S::Ok, S::Error> {
        match value {
            Some(inner) => inner.serialize(serializer),
            None => serializer.serialize_none(),
        }
    }

    pub fn deserialize<'de, T: Deserialize<'de>, D: Deserializer<'de>>(
        deserializer: D,
    ) -> Result<Option<Option<T>>, D::Error> {
        Option::<T>::deserialize(deserializer).map(Some)
    }
}

//! Decoding with errors that name the member at fault. serde_json reports where in the text it
//! failed (line and column) but not in which member; the text is walked again up to that place to
//! find the JSON Pointer of the innermost value there.

use serde::de::DeserializeOwned;
use std::fmt;

/// JSON the schema refuses, or text that is not JSON.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DecodeError {
    /// The JSON Pointer (RFC 6901) of the member at fault (a missing one included); `""` for the
    /// value itself.
    pub pointer: String,
    /// What serde_json found wrong there, without its position.
    pub message: String,
    /// Where in the text (1-based line and column, as serde_json counts them).
    pub line: usize,
    pub column: usize,
}

impl fmt::Display for DecodeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.pointer.is_empty() {
            write!(f, "{}", self.message)
        } else {
            write!(f, "{}: {}", self.pointer, self.message)
        }
    }
}

impl std::error::Error for DecodeError {}

/// Decodes `json` into a `T`, or says which member the schema refuses.
pub fn from_str<T: DeserializeOwned>(json: &str) -> Result<T, DecodeError> {
    serde_json::from_str(json).map_err(|error| DecodeError::new(json.as_bytes(), &error))
}

/// [`from_str`] for bytes.
pub fn from_slice<T: DeserializeOwned>(json: &[u8]) -> Result<T, DecodeError> {
    serde_json::from_slice(json).map_err(|error| DecodeError::new(json, &error))
}

impl DecodeError {
    fn new(json: &[u8], error: &serde_json::Error) -> DecodeError {
        let (line, column) = (error.line(), error.column());
        let text = error.to_string();
        let suffix = format!(" at line {} column {}", line, column);
        let message = text.strip_suffix(&suffix).unwrap_or(&text).to_string();
        let mut path = pointer_at(json, offset_of(json, line, column));
        // serde reports a missing member at the end of the object that lacks it.
        if let Some(name) = message
            .strip_prefix("missing field `")
            .and_then(|rest| rest.strip_suffix('`'))
        {
            path.push(name.to_string());
        }
        let pointer = path
            .iter()
            .map(|part| format!("/{}", part.replace('~', "~0").replace('/', "~1")))
            .collect();
        DecodeError {
            pointer,
            message,
            line,
            column,
        }
    }
}

/// The byte offset of the last byte serde_json read (column is 1-based; 0 at the end of input).
fn offset_of(json: &[u8], line: usize, column: usize) -> usize {
    let mut start = 0;
    for _ in 1..line {
        match json[start..].iter().position(|&b| b == b'\n') {
            Some(i) => start += i + 1,
            None => break,
        }
    }
    (start + column)
        .saturating_sub(1)
        .min(json.len().saturating_sub(1))
}

/// The path (member names and indexes) of the innermost value whose text holds byte `target`.
fn pointer_at(json: &[u8], target: usize) -> Vec<String> {
    let mut walk = Walk {
        json,
        at: 0,
        target,
        path: Vec::new(),
        found: None,
    };
    if walk.value().is_none() && walk.found.is_none() {
        // Not JSON up to there: the place the walk stopped.
        return walk.path;
    }
    walk.found.unwrap_or_default()
}

struct Walk<'a> {
    json: &'a [u8],
    at: usize,
    target: usize,
    path: Vec<String>,
    found: Option<Vec<String>>,
}

impl Walk<'_> {
    fn space(&mut self) {
        while self.at < self.json.len() && self.json[self.at].is_ascii_whitespace() {
            self.at += 1;
        }
    }

    fn eat(&mut self, byte: u8) -> Option<()> {
        self.space();
        if self.json.get(self.at) == Some(&byte) {
            self.at += 1;
            Some(())
        } else {
            None
        }
    }

    /// One value; records its path when it is the innermost one holding the target.
    fn value(&mut self) -> Option<()> {
        self.space();
        let start = self.at;
        match *self.json.get(self.at)? {
            b'{' => self.object()?,
            b'[' => self.array()?,
            b'"' => {
                self.string()?;
            }
            _ => {
                while self.at < self.json.len() && !b",]} \t\r\n".contains(&self.json[self.at]) {
                    self.at += 1;
                }
            }
        }
        if self.found.is_none() && start <= self.target && self.target < self.at {
            self.found = Some(self.path.clone());
        }
        Some(())
    }

    fn string(&mut self) -> Option<String> {
        let start = self.at;
        self.at += 1;
        while *self.json.get(self.at)? != b'"' {
            self.at += if self.json[self.at] == b'\\' { 2 } else { 1 };
        }
        self.at += 1;
        serde_json::from_slice(&self.json[start..self.at]).ok()
    }

    fn object(&mut self) -> Option<()> {
        self.at += 1;
        if self.eat(b'}').is_some() {
            return Some(());
        }
        loop {
            self.space();
            if self.json.get(self.at) != Some(&b'"') {
                return None;
            }
            let key = self.string()?;
            self.eat(b':')?;
            self.path.push(key);
            self.value()?;
            self.path.pop();
            if self.eat(b',').is_none() {
                return self.eat(b'}');
            }
        }
    }

    fn array(&mut self) -> Option<()> {
        self.at += 1;
        if self.eat(b']').is_some() {
            return Some(());
        }
        let mut index = 0;
        loop {
            self.path.push(index.to_string());
            self.value()?;
            self.path.pop();
            index += 1;
            if self.eat(b',').is_none() {
                return self.eat(b']');
            }
        }
    }
}

//! The HTTP side of `tatsu serve`, kept apart from what the API answers: replies and errors as values, bounded
//! request bodies, the `Host` and token checks, and server-sent event streams written straight to the socket.
use serde::Serialize;
use serde_json::Value;
use std::io::{Read, Write};
use tiny_http::{Header, Request, Response, StatusCode};

/// The largest request body read (a game of 10,000 moves is about 70 KB).
pub const MAX_BODY_BYTES: usize = 1 << 20;

/// What a handler answers: a status, a content type and the body.
pub struct Reply {
    pub status: u16,
    pub content_type: &'static str,
    pub body: Vec<u8>,
    /// A `Set-Cookie` value (the access token, once it came in the URL).
    pub cookie: Option<String>,
}

impl Reply {
    pub fn json(value: &impl Serialize) -> Reply {
        Reply::json_status(200, value)
    }

    pub fn json_status(status: u16, value: &impl Serialize) -> Reply {
        // Serialising our own plain data cannot fail; a failure would still be answered, as a 500.
        match serde_json::to_vec(value) {
            Ok(body) => Reply {
                status,
                content_type: "application/json",
                body,
                cookie: None,
            },
            Err(e) => ApiError::new(500, format!("cannot write JSON: {e}")).reply(),
        }
    }

    pub fn bytes(content_type: &'static str, body: &[u8]) -> Reply {
        Reply {
            status: 200,
            content_type,
            body: body.to_vec(),
            cookie: None,
        }
    }

    pub fn no_content() -> Reply {
        Reply {
            status: 204,
            content_type: "application/json",
            body: Vec::new(),
            cookie: None,
        }
    }

    /// Sends the reply; a client that went away is not an error worth reporting.
    pub fn send(self, request: Request) {
        // A length rather than tiny_http's chunks past 32 KiB: every client reads it, and the body is whole anyway.
        let mut response = Response::from_data(self.body)
            .with_status_code(StatusCode(self.status))
            .with_chunked_threshold(usize::MAX);
        response.add_header(header("Content-Type", self.content_type));
        response.add_header(header("Cache-Control", "no-store"));
        response.add_header(header("X-Content-Type-Options", "nosniff"));
        if let Some(cookie) = self.cookie {
            response.add_header(header("Set-Cookie", &cookie));
        }
        let _ = request.respond(response);
    }
}

/// A header from parts we write ourselves (ASCII, so it always converts).
fn header(name: &str, value: &str) -> Header {
    Header::from_bytes(name.as_bytes(), value.as_bytes()).unwrap_or_else(|()| {
        Header::from_bytes(&b"X-Invalid"[..], &b"1"[..]).expect("ASCII header")
    })
}

/// A refused request: its status and a JSON object `{"error": message, ...extra}`.
#[derive(Debug)]
pub struct ApiError {
    pub status: u16,
    pub message: String,
    pub extra: serde_json::Map<String, Value>,
}

impl ApiError {
    pub fn new(status: u16, message: impl Into<String>) -> ApiError {
        ApiError {
            status,
            message: message.into(),
            extra: serde_json::Map::new(),
        }
    }

    pub fn bad_request(message: impl Into<String>) -> ApiError {
        ApiError::new(400, message)
    }

    pub fn not_found(message: impl Into<String>) -> ApiError {
        ApiError::new(404, message)
    }

    /// The error with one more field (`index`, `diagnostics`).
    pub fn with(mut self, key: &str, value: Value) -> ApiError {
        self.extra.insert(key.to_string(), value);
        self
    }

    pub fn reply(self) -> Reply {
        let mut object = serde_json::Map::new();
        object.insert("error".into(), Value::String(self.message));
        object.extend(self.extra);
        Reply::json_status(self.status, &Value::Object(object))
    }
}

/// Reads a request body of at most [`MAX_BODY_BYTES`] as JSON of type `T`.
pub fn read_json<T: serde::de::DeserializeOwned>(request: &mut Request) -> Result<T, ApiError> {
    if request.body_length().is_some_and(|n| n > MAX_BODY_BYTES) {
        return Err(too_large());
    }
    let mut body = Vec::new();
    request
        .as_reader()
        .take(MAX_BODY_BYTES as u64 + 1)
        .read_to_end(&mut body)
        .map_err(|e| ApiError::bad_request(format!("cannot read the request body: {e}")))?;
    if body.len() > MAX_BODY_BYTES {
        return Err(too_large());
    }
    serde_json::from_slice(&body).map_err(|e| {
        ApiError::bad_request(format!("the request body is not the JSON expected: {e}"))
    })
}

fn too_large() -> ApiError {
    ApiError::new(
        413,
        format!("the request body is larger than {MAX_BODY_BYTES} bytes"),
    )
}

/// The value of a request header (first of that name), if present and text.
pub fn header_value<'r>(request: &'r Request, name: &'static str) -> Option<&'r str> {
    request
        .headers()
        .iter()
        .find(|h| h.field.equiv(name))
        .map(|h| h.value.as_str())
}

/// The value of `name` in a URL's query string (`?a=1&token=x`), undecoded: tokens are hex.
pub fn query_value<'u>(url: &'u str, name: &str) -> Option<&'u str> {
    let query = url.split_once('?')?.1;
    query
        .split('&')
        .filter_map(|pair| pair.split_once('='))
        .find(|(key, _)| *key == name)
        .map(|(_, value)| value)
}

/// The value of a cookie in the `Cookie` header.
pub fn cookie_value<'r>(request: &'r Request, name: &'static str) -> Option<&'r str> {
    header_value(request, "Cookie")?
        .split(';')
        .filter_map(|c| c.trim().split_once('='))
        .find(|(key, _)| *key == name)
        .map(|(_, value)| value)
}

/// Compares a secret in time independent of where the first difference is.
pub fn same_secret(a: &str, b: &str) -> bool {
    a.len() == b.len()
        && a.bytes()
            .zip(b.bytes())
            .fold(0u8, |acc, (x, y)| acc | (x ^ y))
            == 0
}

/// A server-sent event stream on a request's socket. tiny_http's chunked bodies buffer 8 KiB before sending, which
/// would hold events back, so the stream writes its own head and then each event, flushed, until the connection
/// closes (`Connection: close`, no length: the body ends with the connection).
pub struct EventStream {
    writer: Box<dyn Write + Send>,
}

impl EventStream {
    pub fn open(request: Request) -> std::io::Result<EventStream> {
        let mut writer = request.into_writer();
        writer.write_all(
            b"HTTP/1.1 200 OK\r\nContent-Type: text/event-stream\r\nCache-Control: no-store\r\n\
              Connection: close\r\nX-Content-Type-Options: nosniff\r\n\r\n",
        )?;
        writer.flush()?;
        Ok(EventStream { writer })
    }

    /// Sends one event; an error means the page went away.
    pub fn send(&mut self, event: &str, data: &Value) -> std::io::Result<()> {
        let text = format!("event: {event}\ndata: {data}\n\n");
        self.writer.write_all(text.as_bytes())?;
        self.writer.flush()
    }

    /// A comment line: keeps the connection open and finds out whether the page is still there.
    pub fn ping(&mut self) -> std::io::Result<()> {
        self.writer.write_all(b": ping\n\n")?;
        self.writer.flush()
    }
}

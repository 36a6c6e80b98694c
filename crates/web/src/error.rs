//! The API's errors: a status and a JSON body `{"error": "...", "code": "..."}`.

use axum::Json;
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use serde_json::json;

/// A refused request. The game it named, if any, is unchanged.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{message}")]
pub struct ApiError {
    /// The HTTP status (4xx for the client's mistakes, 503 when the server is full).
    pub status: StatusCode,
    /// A stable word for programs: `malformed`, `illegal`, `not_found`, `method`,
    /// `too_large`, `host`, `origin`, `content_type`, `timeout`, `allowance`, `busy`,
    /// `full`, `internal` (the table in `docs/web.md`).
    pub code: &'static str,
    /// What was wrong, in words.
    pub message: String,
}

impl ApiError {
    /// 400: the request is not JSON, or not an action or a setup of this game.
    pub fn malformed(message: impl Into<String>) -> ApiError {
        ApiError {
            status: StatusCode::BAD_REQUEST,
            code: "malformed",
            message: message.into(),
        }
    }

    /// 422: a well-formed action that the game does not allow now.
    pub fn illegal(message: impl Into<String>) -> ApiError {
        ApiError {
            status: StatusCode::UNPROCESSABLE_ENTITY,
            code: "illegal",
            message: message.into(),
        }
    }

    /// 404: no such game (never started, ended and deleted, or expired) or page.
    pub fn not_found(message: impl Into<String>) -> ApiError {
        ApiError {
            status: StatusCode::NOT_FOUND,
            code: "not_found",
            message: message.into(),
        }
    }

    /// 503: the server holds as many live games as it may.
    pub fn full(message: impl Into<String>) -> ApiError {
        ApiError {
            status: StatusCode::SERVICE_UNAVAILABLE,
            code: "full",
            message: message.into(),
        }
    }

    /// 413: a request body over the limit.
    pub fn too_large(message: impl Into<String>) -> ApiError {
        ApiError {
            status: StatusCode::PAYLOAD_TOO_LARGE,
            code: "too_large",
            message: message.into(),
        }
    }

    /// 405: a route asked with a method it does not take.
    pub fn method() -> ApiError {
        ApiError {
            status: StatusCode::METHOD_NOT_ALLOWED,
            code: "method",
            message: "this address does not take that method: see docs/web.md".into(),
        }
    }

    /// 403: a `Host` the server does not answer to (DNS rebinding), or an `Origin`
    /// other than its own (a request from another web site).
    pub fn forbidden(code: &'static str, message: impl Into<String>) -> ApiError {
        ApiError {
            status: StatusCode::FORBIDDEN,
            code,
            message: message.into(),
        }
    }

    /// 415: a request that changes something, without a JSON content type.
    pub fn content_type(message: impl Into<String>) -> ApiError {
        ApiError {
            status: StatusCode::UNSUPPORTED_MEDIA_TYPE,
            code: "content_type",
            message: message.into(),
        }
    }

    /// 408: a request body not received within the body timeout.
    pub fn timeout(message: impl Into<String>) -> ApiError {
        ApiError {
            status: StatusCode::REQUEST_TIMEOUT,
            code: "timeout",
            message: message.into(),
        }
    }

    /// 429: a client already holds its allowance of live games.
    pub fn allowance(message: impl Into<String>) -> ApiError {
        ApiError {
            status: StatusCode::TOO_MANY_REQUESTS,
            code: "allowance",
            message: message.into(),
        }
    }

    /// 503 `busy`: the server holds its maximum of open connections (or a client its share).
    pub fn busy(message: impl Into<String>) -> ApiError {
        ApiError {
            status: StatusCode::SERVICE_UNAVAILABLE,
            code: "busy",
            message: message.into(),
        }
    }

    /// 500: a bug (a game loop that stopped); the message says where.
    pub fn internal(message: impl Into<String>) -> ApiError {
        ApiError {
            status: StatusCode::INTERNAL_SERVER_ERROR,
            code: "internal",
            message: message.into(),
        }
    }
}

impl ApiError {
    /// The JSON body, as bytes.
    pub fn body(&self) -> String {
        json!({ "error": self.message, "code": self.code }).to_string()
    }
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        let body = Json(json!({ "error": self.message, "code": self.code }));
        (self.status, body).into_response()
    }
}

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
    /// `full`, `too_large`, `internal`.
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

    /// 500: a bug (a game loop that stopped); the message says where.
    pub fn internal(message: impl Into<String>) -> ApiError {
        ApiError {
            status: StatusCode::INTERNAL_SERVER_ERROR,
            code: "internal",
            message: message.into(),
        }
    }
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        let body = Json(json!({ "error": self.message, "code": self.code }));
        (self.status, body).into_response()
    }
}

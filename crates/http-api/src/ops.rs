//! For operators: liveness (`/healthz`), readiness (`/readyz`) and Prometheus
//! metrics (`/metrics`: requests by route and status with latency
//! histograms, database pool use, the store's blocking-pool queue, process
//! memory and CPU). `/metrics` needs an admin token on the public port; the
//! server can also serve it alone on a private address (`METRICS_ADDR`).

use actix_web::{HttpResponse, web};
use serde_json::json;

use crate::extract::AdminSession;
use crate::state::ApiState;

/// `GET /healthz`: the process is up and answering.
pub async fn healthz() -> HttpResponse {
    HttpResponse::Ok().json(json!({"status": "ok"}))
}

/// `GET /readyz`: the database answers and every migration is applied.
pub async fn readyz(state: web::Data<ApiState>) -> HttpResponse {
    match state.store_health.readiness().await {
        Ok(()) => HttpResponse::Ok().json(json!({"status": "ready"})),
        Err(reason) => {
            tracing::warn!(%reason, "not ready");
            HttpResponse::ServiceUnavailable().json(json!({"status": "not ready", "reason": reason}))
        }
    }
}

fn exposition(state: &ApiState) -> HttpResponse {
    HttpResponse::Ok()
        .content_type("text/plain; version=0.0.4; charset=utf-8")
        .insert_header(("Cache-Control", "no-store"))
        .body(state.metrics.render(state.store_health.stats()))
}

/// `GET /metrics` on the public port: admins only.
pub async fn metrics(_admin: AdminSession, state: web::Data<ApiState>) -> HttpResponse {
    exposition(&state)
}

/// `GET /metrics` on the private metrics address.
pub async fn metrics_open(state: web::Data<ApiState>) -> HttpResponse {
    exposition(&state)
}

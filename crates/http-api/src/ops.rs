//! For operators: liveness (`/healthz`), readiness (`/readyz`) and Prometheus
//! metrics (`/metrics`: requests by route and status with latency
//! histograms, database pool use, the store's blocking-pool queue, process
//! memory and CPU). `/metrics` needs an admin token on the public port; the
//! server can also serve it alone on a private address (`METRICS_ADDR`).

use actix_web::{HttpResponse, web};
use actix_web_prom::{PrometheusMetrics, PrometheusMetricsBuilder};
use prometheus::{Encoder, IntGauge, Registry, TextEncoder};
use serde_json::json;

use ports::StoreStats;

use crate::state::{AdminSession, AppState};

/// The registry and the request middleware that fills it. Built once per
/// process and shared by every worker.
#[derive(Clone)]
pub struct Metrics {
    middleware: PrometheusMetrics,
    registry: Registry,
    gauges: StoreGauges,
}

#[derive(Clone)]
struct StoreGauges {
    connections: IntGauge,
    idle_connections: IntGauge,
    max_connections: IntGauge,
    calls_waiting: IntGauge,
    calls_running: IntGauge,
}

fn gauge(registry: &Registry, name: &str, help: &str) -> Result<IntGauge, prometheus::Error> {
    let gauge = IntGauge::new(format!("golden_pine_{name}"), help)?;
    registry.register(Box::new(gauge.clone()))?;
    Ok(gauge)
}

impl Metrics {
    pub fn new() -> Result<Self, Box<dyn std::error::Error + Send + Sync>> {
        let registry = Registry::new();
        registry.register(Box::new(prometheus::process_collector::ProcessCollector::for_self()))?;
        let middleware = PrometheusMetricsBuilder::new("golden_pine")
            .registry(registry.clone())
            // Paths no route matched are one label, so scanners cannot grow the label set.
            .mask_unmatched_patterns("UNMATCHED")
            .exclude("/metrics")
            .build()?;
        let gauges = StoreGauges {
            connections: gauge(&registry, "db_pool_connections", "Open database connections")?,
            idle_connections: gauge(&registry, "db_pool_idle_connections", "Idle database connections")?,
            max_connections: gauge(&registry, "db_pool_max_connections", "Database connections allowed")?,
            calls_waiting: gauge(
                &registry,
                "store_calls_waiting",
                "Store calls queued for the blocking pool",
            )?,
            calls_running: gauge(
                &registry,
                "store_calls_running",
                "Store calls running on the blocking pool",
            )?,
        };
        Ok(Self { middleware, registry, gauges })
    }

    pub fn middleware(&self) -> PrometheusMetrics {
        self.middleware.clone()
    }

    /// The text exposition, with the store's gauges read now.
    pub fn render(&self, stats: StoreStats) -> String {
        let g = &self.gauges;
        g.connections.set(i64::from(stats.connections));
        g.idle_connections.set(i64::from(stats.idle_connections));
        g.max_connections.set(i64::from(stats.max_connections));
        g.calls_waiting.set(i64::try_from(stats.calls_waiting).unwrap_or(i64::MAX));
        g.calls_running.set(i64::try_from(stats.calls_running).unwrap_or(i64::MAX));
        let mut text = Vec::new();
        if let Err(error) = TextEncoder::new().encode(&self.registry.gather(), &mut text) {
            tracing::error!(%error, "metrics could not be encoded");
        }
        String::from_utf8(text).unwrap_or_default()
    }
}

/// `GET /healthz`: the process is up and answering.
pub async fn healthz() -> HttpResponse {
    HttpResponse::Ok().json(json!({"status": "ok"}))
}

/// `GET /readyz`: the database answers and every migration is applied.
pub async fn readyz(state: web::Data<AppState>) -> HttpResponse {
    match state.health.readiness().await {
        Ok(()) => HttpResponse::Ok().json(json!({"status": "ready"})),
        Err(reason) => {
            tracing::warn!(%reason, "not ready");
            HttpResponse::ServiceUnavailable().json(json!({"status": "not ready", "reason": reason}))
        }
    }
}

fn exposition(state: &AppState) -> HttpResponse {
    HttpResponse::Ok()
        .content_type("text/plain; version=0.0.4; charset=utf-8")
        .insert_header(("Cache-Control", "no-store"))
        .body(state.metrics.render(state.health.stats()))
}

/// `GET /metrics` on the public port: admins only.
pub async fn metrics(_admin: AdminSession, state: web::Data<AppState>) -> HttpResponse {
    exposition(&state)
}

/// `GET /metrics` on the private metrics address.
pub async fn metrics_open(state: web::Data<AppState>) -> HttpResponse {
    exposition(&state)
}

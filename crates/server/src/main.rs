//! `server` serves the site; `server admin ...` manages administrators;
//! `server openapi` prints the OpenAPI document.

use std::io::{BufRead, IsTerminal};

use anyhow::Context;
use clap::{Parser, Subcommand};

use auth::random_secret;
use domain::Email;
use domain::admin::{NewAdmin, Password};
use ports::{AuthError, RepoError};
use server::config::LogFormat;
use server::{Application, Config, wire};

#[derive(Parser)]
#[command(name = "server", about = "Golden Pine Wellness Retreat: website and API server")]
struct Cli {
    #[command(flatten)]
    config: Config,
    #[command(subcommand)]
    command: Option<Command>,
}

#[derive(Subcommand)]
enum Command {
    /// Serve the website and the API (the default).
    Serve,
    /// Manage administrators.
    Admin {
        #[command(subcommand)]
        action: AdminAction,
    },
    /// Print the OpenAPI document.
    Openapi,
    /// Print the frontend's list of pages (frontend/src/config/pages.json).
    Pages,
    /// Payments with the provider.
    Payments {
        #[command(subcommand)]
        action: PaymentsAction,
    },
}

#[derive(Subcommand)]
enum PaymentsAction {
    /// Compare our payment records with the provider's for a range of days
    /// (UTC, both included) and list every difference; exits with status 1
    /// when there is one, so a scheduled run can alert.
    Reconcile {
        /// First day, yyyy-MM-dd.
        #[arg(long)]
        from: String,
        /// Last day, yyyy-MM-dd (at most 366 days after `--from`).
        #[arg(long)]
        to: String,
    },
}

#[derive(Subcommand)]
enum AdminAction {
    /// Create an administrator. The password is read from standard input
    /// when piped, otherwise generated and printed once.
    Create {
        #[arg(long)]
        email: String,
        #[arg(long, default_value = "Administrator")]
        name: String,
    },
    /// Stop an administrator from logging in; their tokens stop working at once.
    Deactivate {
        #[arg(long)]
        email: String,
    },
    /// Let a deactivated administrator log in again.
    Activate {
        #[arg(long)]
        email: String,
    },
    /// Set a new password (from standard input when piped, otherwise generated and printed once).
    ResetPassword {
        #[arg(long)]
        email: String,
    },
    /// Remove every second factor of an administrator (passkeys, authenticator
    /// app, recovery codes) and sign them out: for an owner who lost them all.
    ResetTwoFactor {
        #[arg(long)]
        email: String,
    },
}

/// A failure is printed as its message and causes, in words for the
/// operator ("no payment provider: set STRIPE_SECRET_KEY, ..."), never as a
/// backtrace (which `anyhow` prints for `main`'s error when RUST_BACKTRACE
/// is set, and reads like a crash).
fn main() -> std::process::ExitCode {
    match run() {
        Ok(()) => std::process::ExitCode::SUCCESS,
        Err(error) => {
            eprintln!("error: {error:#}");
            std::process::ExitCode::FAILURE
        }
    }
}

#[tokio::main]
async fn run() -> anyhow::Result<()> {
    let cli = Cli::parse();
    init_logging(cli.config.log_format);
    match cli.command.unwrap_or(Command::Serve) {
        Command::Serve => serve(cli.config).await,
        Command::Openapi => {
            print!("{}", server::openapi::document_json());
            Ok(())
        }
        Command::Pages => {
            print!("{}", site::pages::frontend_list_json());
            Ok(())
        }
        Command::Admin { action } => admin(cli.config, action).await,
        Command::Payments { action: PaymentsAction::Reconcile { from, to } } => {
            let differences = reconcile(cli.config, from, to).await?;
            if differences > 0 {
                std::process::exit(1);
            }
            Ok(())
        }
    }
}

/// Logs to standard error, filtered by RUST_LOG, as text or one JSON object
/// per line (with the request's span fields) for log collectors.
fn init_logging(format: LogFormat) {
    let filter = tracing_subscriber::EnvFilter::try_from_default_env()
        .unwrap_or_else(|_| "info,actix_server=warn,tracing_actix_web=warn".into());
    let builder = tracing_subscriber::fmt().with_env_filter(filter).with_writer(std::io::stderr);
    match format {
        LogFormat::Text => builder.init(),
        LogFormat::Json => builder.json().with_current_span(true).with_span_list(false).init(),
    }
}

async fn serve(config: Config) -> anyhow::Result<()> {
    let app = Application::build(config).await?;
    tracing::info!(port = app.port(), "serving on http://localhost:{}", app.port());
    app.run_until_stopped().await.context("server stopped with an error")
}

/// Prints the reconciliation of the days and returns how many differences it found.
async fn reconcile(config: Config, from: String, to: String) -> anyhow::Result<usize> {
    let query = http_api::routes::payments::ReconciliationQuery { from: Some(from), to: Some(to) };
    let (from, to) = http_api::routes::payments::reconciliation_range(query).map_err(|errors| {
        anyhow::anyhow!("{}", errors.entries().iter().map(|(_, m)| m.clone()).collect::<Vec<_>>().join("; "))
    })?;
    let Some((gateway, _)) = server::payment_gateway(&config)? else {
        anyhow::bail!("payments are off: there is nothing to reconcile (set the STRIPE_* keys)");
    };
    let wiring = wire(&config).await?;
    let service = ports::PaymentService {
        gateway,
        store: std::sync::Arc::new(wiring.store.clone()),
        clock: wiring.clock.clone(),
    };
    let start = from.and_hms_opt(0, 0, 0).unwrap_or_default().and_utc();
    let end = to.and_hms_opt(23, 59, 59).unwrap_or_default().and_utc();
    let reconciled = service.reconcile(start, end).await?;
    let differences = reconciled.differences;
    let found = differences.len();
    for totals in reconciled.totals {
        println!(
            "{:<10} {} payment(s): charged ${} here, ${} at the provider; refunded ${} here, ${} at the provider",
            match totals.source {
                domain::payment::MoneySource::Shop => "Shop",
                domain::payment::MoneySource::Deposit => "Deposits",
                domain::payment::MoneySource::GiftCard => "Gift cards",
            },
            totals.payments,
            totals.charged_here,
            totals.charged_there,
            totals.refunded_here,
            totals.refunded_there,
        );
    }
    if differences.is_empty() {
        println!("From {from} to {to}: our records and the provider's agree.");
    } else {
        println!("From {from} to {to}: {} difference(s).", differences.len());
        for difference in differences {
            let line = http_api::routes::payments::difference_wire(difference);
            let about = match (line.order_id, line.booking_id) {
                (Some(order), _) => format!(" order {order}"),
                (_, Some(booking)) => format!(" booking {booking}"),
                _ => String::new(),
            };
            println!(
                "- {}{about}: {} (provider {}, attempt {})",
                line.kind,
                line.detail,
                line.provider_id.as_deref().unwrap_or("none"),
                line.attempt_id.map_or_else(|| "none".to_owned(), |id| id.to_string()),
            );
        }
    }
    Ok(found)
}

/// The password from piped standard input, or a generated one (printed).
fn password_from_stdin_or_generated() -> anyhow::Result<(Password, bool)> {
    let stdin = std::io::stdin();
    if !stdin.is_terminal() {
        let mut line = String::new();
        stdin.lock().read_line(&mut line)?;
        let text = line.trim_end_matches(['\r', '\n']);
        if !text.is_empty() {
            return Ok((Password::parse(text).map_err(anyhow::Error::msg)?, false));
        }
    }
    Ok((Password::parse(&random_secret(20)).map_err(anyhow::Error::msg)?, true))
}

/// Words "not found" for the person at the terminal.
fn unknown_admin(email: &str) -> impl Fn(AuthError) -> anyhow::Error + '_ {
    move |error| match error {
        AuthError::Repo(RepoError::NotFound) | AuthError::NotFound(_) => {
            anyhow::anyhow!("No administrator has the email {email}")
        }
        other => other.into(),
    }
}

async fn admin(config: Config, action: AdminAction) -> anyhow::Result<()> {
    let wiring = wire(&config).await?;
    let email_of = |text: &str| Email::parse(text).map_err(anyhow::Error::msg);
    match action {
        AdminAction::Create { email, name } => {
            let (password, generated) = password_from_stdin_or_generated()?;
            let new = NewAdmin::parse(&email, &name, password.expose()).map_err(anyhow::Error::msg)?;
            let admin = wiring.auth.create_admin(new).await?;
            println!("Created admin {} ({}).", admin.email, admin.name);
            if generated {
                println!("Password (shown once): {}", password.expose());
            }
        }
        AdminAction::Deactivate { email } => {
            let admin =
                wiring.auth.set_active(&email_of(&email)?, false).await.map_err(unknown_admin(&email))?;
            println!("Deactivated {}.", admin.email);
        }
        AdminAction::Activate { email } => {
            let admin =
                wiring.auth.set_active(&email_of(&email)?, true).await.map_err(unknown_admin(&email))?;
            println!("Activated {}.", admin.email);
        }
        AdminAction::ResetPassword { email } => {
            let (password, generated) = password_from_stdin_or_generated()?;
            let admin = wiring
                .auth
                .reset_password(&email_of(&email)?, &password)
                .await
                .map_err(unknown_admin(&email))?;
            println!("Password reset for {}.", admin.email);
            if generated {
                println!("New password (shown once): {}", password.expose());
            }
        }
        AdminAction::ResetTwoFactor { email } => {
            let admin = wiring
                .auth
                .reset_factors_from_command_line(&email_of(&email)?)
                .await
                .map_err(unknown_admin(&email))?;
            println!(
                "Two-step sign-in reset for {}: they sign in with their password and set up a new one.",
                admin.email
            );
        }
    }
    Ok(())
}

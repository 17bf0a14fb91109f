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
}

fn main() -> anyhow::Result<()> {
    server::memory::limit_arenas();
    tokio::runtime::Builder::new_multi_thread().enable_all().build()?.block_on(run())
}

async fn run() -> anyhow::Result<()> {
    let cli = Cli::parse();
    init_logging(cli.config.log_format);
    match cli.command.unwrap_or(Command::Serve) {
        Command::Serve => serve(cli.config).await,
        Command::Openapi => {
            print!("{}", http_api::openapi::document_json());
            Ok(())
        }
        Command::Admin { action } => admin(cli.config, action).await,
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
        AuthError::Repo(RepoError::NotFound) => anyhow::anyhow!("No administrator has the email {email}"),
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
    }
    Ok(())
}

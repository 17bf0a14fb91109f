//! A real S3-compatible server for the media tests: moto's standalone server
//! (PyPI, installed by `.ci/run` through `just media-server` into
//! `target/media-venv`), started on a free port per test. It keeps
//! everything in memory and takes any access key.

use std::net::TcpStream;
use std::path::PathBuf;
use std::process::{Child, Command, Stdio};
use std::time::Duration;

use crate::helpers::free_port;

pub const ACCESS_KEY: &str = "golden-pine-test-key";
pub const SECRET_KEY: &str = "golden-pine-test-secret";

pub struct MotoServer {
    pub port: u16,
    child: Child,
}

fn program() -> PathBuf {
    std::env::var_os("MOTO_SERVER").map(PathBuf::from).unwrap_or_else(|| {
        PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../target/media-venv/bin/moto_server")
    })
}

impl MotoServer {
    /// A server with one empty bucket, `bucket`.
    pub async fn start(bucket: &str) -> Self {
        let port = free_port();
        let program = program();
        let child = Command::new(&program)
            .args(["-H", "127.0.0.1", "-p", &port.to_string()])
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .unwrap_or_else(|e| {
                panic!("{} (just media-server installs it, as .ci/run does): {e}", program.display())
            });
        let mut server = Self { port, child };
        let mut up = false;
        for _ in 0..600 {
            if TcpStream::connect(("127.0.0.1", port)).is_ok() {
                up = true;
                break;
            }
            if let Ok(Some(status)) = server.child.try_wait() {
                panic!("moto ended ({status}) before listening on port {port}");
            }
            tokio::time::sleep(Duration::from_millis(25)).await;
        }
        assert!(up, "moto did not start on port {port}");
        let created = reqwest::Client::new()
            .put(format!("{}/{bucket}", server.url()))
            .send()
            .await
            .expect("bucket created");
        assert!(created.status().is_success(), "bucket: {}", created.status());
        server
    }

    pub fn url(&self) -> String {
        format!("http://127.0.0.1:{}", self.port)
    }

    /// The media settings of an app keeping its uploads in `bucket`, with
    /// its own folder of copies.
    pub fn media_config(&self, bucket: &str, copies: &std::path::Path) -> server::config::MediaConfig {
        let mut config = server::config::MediaConfig::local(copies);
        config.media_store = server::config::MediaStoreKind::S3;
        config.s3_bucket = Some(bucket.to_owned());
        config.s3_endpoint = Some(self.url());
        config.s3_access_key_id = Some(ACCESS_KEY.to_owned());
        config.s3_secret_access_key = Some(SECRET_KEY.into());
        config.s3_path_style = true;
        config
    }

    /// An object as the bucket has it (its content type and bytes), or `None`.
    pub async fn object(&self, bucket: &str, key: &str) -> Option<(String, Vec<u8>)> {
        use object_store::{Attribute, ObjectStoreExt};
        let store = object_store::aws::AmazonS3Builder::new()
            .with_bucket_name(bucket)
            .with_region("us-east-1")
            .with_endpoint(self.url())
            .with_allow_http(true)
            .with_access_key_id(ACCESS_KEY)
            .with_secret_access_key(SECRET_KEY)
            .with_virtual_hosted_style_request(false)
            .build()
            .expect("client");
        match store.get(&object_store::path::Path::from(key)).await {
            Ok(found) => {
                let content_type = found
                    .attributes
                    .get(&Attribute::ContentType)
                    .map(|v| v.as_ref().to_owned())
                    .unwrap_or_default();
                Some((content_type, found.bytes().await.expect("bytes").to_vec()))
            }
            Err(object_store::Error::NotFound { .. }) => None,
            Err(error) => panic!("object {key}: {error}"),
        }
    }
}

impl Drop for MotoServer {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

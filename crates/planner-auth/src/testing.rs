//! Test support (feature `testing`): a real SMTP server process on loopback that keeps what it
//! receives, for the tests that sign in with the code from a delivered email.

use crate::{MailConfig, SmtpMailer, TlsMode};
use std::net::{TcpListener, TcpStream};
use std::path::PathBuf;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

/// An SMTP server process for one test, killed when dropped.
pub struct SmtpServer {
    child: Child,
    port: u16,
    maildir: PathBuf,
}

impl SmtpServer {
    /// Starts Debian's `python3-aiosmtpd` on a free loopback port, writing a Maildir.
    pub fn start() -> Self {
        let port = TcpListener::bind("127.0.0.1:0").unwrap().local_addr().unwrap().port();
        let maildir = std::env::temp_dir().join(format!("rp-smtp-{}", ulid::Ulid::new()));
        let child = Command::new("/usr/bin/python3")
            .args([
                "-m",
                "aiosmtpd",
                "-n",
                "-l",
                &format!("127.0.0.1:{port}"),
                "-c",
                "aiosmtpd.handlers.Mailbox",
            ])
            .arg(&maildir)
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .expect("an SMTP server: install python3-aiosmtpd (./dev test does)");
        let until = Instant::now() + Duration::from_secs(15);
        while TcpStream::connect(("127.0.0.1", port)).is_err() {
            assert!(Instant::now() < until, "the SMTP server did not start (is python3-aiosmtpd installed?)");
            std::thread::sleep(Duration::from_millis(100));
        }
        Self { child, port, maildir }
    }

    /// A mailer that sends to this server.
    pub fn mailer(&self) -> SmtpMailer {
        SmtpMailer::new(&MailConfig {
            host: "127.0.0.1".into(),
            port: self.port,
            tls: TlsMode::None,
            from: "resource-planner <planner@example.com>".into(),
            username: None,
            password: None,
        })
        .unwrap()
    }

    /// The raw emails delivered so far.
    pub fn delivered(&self) -> Vec<String> {
        let new = self.maildir.join("new");
        let Ok(entries) = std::fs::read_dir(&new) else { return Vec::new() };
        entries.map(|e| std::fs::read_to_string(e.unwrap().path()).unwrap()).collect()
    }

    /// Waits up to 10 s for `count` emails; answers those delivered by then.
    pub fn wait_for(&self, count: usize) -> Vec<String> {
        let until = Instant::now() + Duration::from_secs(10);
        loop {
            let mails = self.delivered();
            if mails.len() >= count || Instant::now() > until {
                return mails;
            }
            std::thread::sleep(Duration::from_millis(50));
        }
    }
}

impl Drop for SmtpServer {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
        let _ = std::fs::remove_dir_all(&self.maildir);
    }
}

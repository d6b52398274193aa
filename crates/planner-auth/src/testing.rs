//! Test support (feature `testing`): a real SMTP server process on loopback that keeps what it
//! receives, for the tests that sign in with the code from a delivered email.

use crate::{MailConfig, SmtpMailer, TlsMode};
use std::io::{BufRead, BufReader};
use std::path::PathBuf;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

/// The server: binds a free loopback port, listens, prints the port, then serves (aiosmtpd's
/// SMTP with its Maildir handler, as `python3 -m aiosmtpd -c aiosmtpd.handlers.Mailbox DIR`).
const SERVER: &str = "\
import asyncio, socket, sys
from aiosmtpd.handlers import Mailbox
from aiosmtpd.smtp import SMTP
sock = socket.socket()
sock.bind(('127.0.0.1', 0))
sock.listen(16)
handler = Mailbox(sys.argv[1])
loop = asyncio.new_event_loop()
loop.run_until_complete(loop.create_server(lambda: SMTP(handler), sock=sock))
print(sock.getsockname()[1], flush=True)
loop.run_forever()
";

/// An SMTP server process for one test, killed when dropped.
pub struct SmtpServer {
    child: Child,
    port: u16,
    maildir: PathBuf,
}

impl SmtpServer {
    /// Starts Debian's `python3-aiosmtpd` on a loopback port of its own, writing a Maildir.
    ///
    /// The server binds the port itself (port 0: the system picks a free one) and says which
    /// before it serves. A port picked here and handed to the server could be picked by another
    /// test's server in between: that one then fails to bind, and its test talks to the other
    /// test's server until that test ends ("Connection refused").
    pub fn start() -> Self {
        let maildir = std::env::temp_dir().join(format!("rp-smtp-{}", ulid::Ulid::new()));
        let mut child = Command::new("/usr/bin/python3")
            .args(["-c", SERVER])
            .arg(&maildir)
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .expect("an SMTP server: install python3-aiosmtpd (./dev test does)");
        let mut said = String::new();
        let stdout = child.stdout.take().expect("the server's output");
        let _ = BufReader::new(stdout).read_line(&mut said);
        let port = said.trim().parse().unwrap_or_else(|_| {
            let _ = child.kill();
            panic!("the SMTP server did not start (is python3-aiosmtpd installed?)")
        });
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

//! The measured process: a server the verifier starts (`--spawn`) or one
//! started elsewhere (`--pid`). RSS comes from `/proc/PID/status`; a spawned
//! server's stderr is read on a thread and its diagnostic lines parsed.

use crate::diag::Event;
use std::collections::VecDeque;
use std::io::{BufRead, BufReader, Read};
use std::net::{TcpStream, ToSocketAddrs};
use std::os::unix::process::CommandExt;
use std::process::{Child, Command, ExitStatus, Stdio};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// How the output of a spawned server is shown: `--verbose` forwards every
/// line (above the progress bar), otherwise nothing is printed.
pub type Forward = Arc<dyn Fn(&str) + Send + Sync>;

/// The resident set size of `pid` in bytes (`VmRSS` of /proc/PID/status),
/// `None` when the process is gone or the file unreadable.
pub fn rss(pid: u32) -> Option<u64> {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).ok()?;
    parse_vm_rss(&status)
}

/// `VmRSS:   123456 kB` -> bytes.
pub fn parse_vm_rss(status: &str) -> Option<u64> {
    let line = status.lines().find(|l| l.starts_with("VmRSS:"))?;
    let mut parts = line["VmRSS:".len()..].split_whitespace();
    let n: u64 = parts.next()?.parse().ok()?;
    match parts.next() {
        Some("kB") | None => Some(n * 1024),
        Some(_) => None,
    }
}

/// What the stderr thread collected.
#[derive(Default)]
struct Shared {
    /// Diagnostic events not yet taken by [`Server::take_events`].
    events: Vec<Event>,
    /// The last lines that were not diagnostics, for error messages.
    tail: VecDeque<String>,
}

const TAIL_LINES: usize = 20;

/// A server started by the verifier.
pub struct Server {
    child: Child,
    pid: u32,
    shared: Arc<Mutex<Shared>>,
    readers_done: Vec<Arc<AtomicBool>>,
    exit: Option<ExitStatus>,
}

impl Server {
    /// Starts `command` (split as a shell would, without a shell), with
    /// `PERRY_GC_DIAG=1` added to its environment, in a process group of its
    /// own, and waits until `host:port` accepts connections.
    pub fn spawn(command: &str, host: &str, port: u16, startup_timeout: Duration, forward: Option<Forward>) -> Result<Server, String> {
        let words = shell_words::split(command).map_err(|e| format!("--spawn {command:?}: {e}"))?;
        let (program, args) = words.split_first().ok_or("--spawn: empty command")?;
        if accepts(host, port) {
            return Err(format!("something already accepts connections on {host}:{port}; stop it, or measure it with --pid instead of --spawn"));
        }
        let mut cmd = Command::new(program);
        cmd.args(args)
            .env("PERRY_GC_DIAG", "1")
            .stdin(Stdio::null())
            .stdout(if forward.is_some() { Stdio::piped() } else { Stdio::null() })
            .stderr(Stdio::piped())
            // Its own group: a terminal's Ctrl-C reaches only the verifier,
            // which then stops the server itself, and a server started
            // through a wrapper script is stopped whole.
            .process_group(0);
        let mut child = cmd.spawn().map_err(|e| format!("cannot start {program:?}: {e}"))?;
        let pid = child.id();
        let shared = Arc::new(Mutex::new(Shared::default()));
        let mut readers_done = Vec::new();
        if let Some(stderr) = child.stderr.take() {
            readers_done.push(read_lines(stderr, Some(shared.clone()), forward.clone()));
        }
        if let Some(stdout) = child.stdout.take() {
            readers_done.push(read_lines(stdout, None, forward.clone()));
        }
        let mut server = Server { child, pid, shared, readers_done, exit: None };
        let start = Instant::now();
        loop {
            if let Some(status) = server.exited() {
                server.wait_readers();
                return Err(format!("the server exited ({status}) before accepting connections on {host}:{port}{}", server.tail_text()));
            }
            if accepts(host, port) {
                return Ok(server);
            }
            if start.elapsed() > startup_timeout {
                server.stop(Duration::from_secs(2));
                return Err(format!(
                    "the server did not accept connections on {host}:{port} within {}{}",
                    humantime::format_duration(startup_timeout),
                    server.tail_text()
                ));
            }
            std::thread::sleep(Duration::from_millis(20));
        }
    }

    pub fn pid(&self) -> u32 {
        self.pid
    }

    /// The diagnostic events read since the last call.
    pub fn take_events(&self) -> Vec<Event> {
        std::mem::take(&mut self.shared.lock().unwrap().events)
    }

    /// The exit status, once the server has exited.
    pub fn exited(&mut self) -> Option<ExitStatus> {
        if self.exit.is_none() {
            self.exit = self.child.try_wait().ok().flatten();
        }
        self.exit
    }

    /// The last lines the server wrote that were not diagnostics, as a
    /// message suffix (empty when there were none).
    pub fn tail_text(&self) -> String {
        let shared = self.shared.lock().unwrap();
        if shared.tail.is_empty() {
            return String::new();
        }
        let lines: Vec<&str> = shared.tail.iter().map(String::as_str).collect();
        format!("; its last output:\n  {}", lines.join("\n  "))
    }

    /// Stops the server: SIGTERM to its process group, SIGKILL after
    /// `grace`. Waits (briefly) for its output to be read to the end, so the
    /// lines it prints on the way out (`[gc-summary]`) are in
    /// [`Server::take_events`]. Returns its exit status.
    pub fn stop(&mut self, grace: Duration) -> Option<ExitStatus> {
        if self.exited().is_none() {
            signal_group(self.pid, libc::SIGTERM);
            let start = Instant::now();
            while self.exited().is_none() && start.elapsed() < grace {
                std::thread::sleep(Duration::from_millis(10));
            }
        }
        // Whatever is left of the group (a wrapper's children) goes too.
        signal_group(self.pid, libc::SIGKILL);
        if self.exit.is_none() {
            self.exit = self.child.wait().ok();
        }
        self.wait_readers();
        self.exit
    }

    /// Waits up to a second for the output threads to reach end of file.
    fn wait_readers(&self) {
        let start = Instant::now();
        while !self.readers_done.iter().all(|d| d.load(Ordering::Acquire)) && start.elapsed() < Duration::from_secs(1) {
            std::thread::sleep(Duration::from_millis(5));
        }
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        if self.exited().is_none() {
            signal_group(self.pid, libc::SIGKILL);
            let _ = self.child.wait();
        }
    }
}

fn signal_group(pid: u32, signal: i32) {
    // SAFETY: kill(2) with a negative pid signals the process group the
    // server leads (it was started with process_group(0)); it touches no
    // memory of ours.
    unsafe {
        libc::kill(-(pid as i32), signal);
    }
}

/// Whether `host:port` accepts a TCP connection now.
pub fn accepts(host: &str, port: u16) -> bool {
    let Ok(addrs) = (host, port).to_socket_addrs() else { return false };
    addrs.into_iter().any(|a| TcpStream::connect_timeout(&a, Duration::from_millis(250)).is_ok())
}

/// Reads `pipe` line by line on a thread: diagnostic lines become events in
/// `shared`, other lines go to its tail; every line is forwarded when
/// `forward` is set. The flag turns true at end of file.
fn read_lines(pipe: impl Read + Send + 'static, shared: Option<Arc<Mutex<Shared>>>, forward: Option<Forward>) -> Arc<AtomicBool> {
    let done = Arc::new(AtomicBool::new(false));
    let flag = done.clone();
    std::thread::spawn(move || {
        let mut reader = BufReader::new(pipe);
        let mut buf = Vec::new();
        loop {
            buf.clear();
            match reader.read_until(b'\n', &mut buf) {
                Ok(0) | Err(_) => break,
                Ok(_) => {}
            }
            let line = String::from_utf8_lossy(&buf);
            let line = line.trim_end_matches(['\n', '\r']);
            if let Some(f) = &forward {
                f(line);
            }
            if let Some(shared) = &shared {
                let mut s = shared.lock().unwrap();
                match Event::parse(line) {
                    Some(e) => s.events.push(e),
                    None if line.trim().is_empty() => {}
                    None => {
                        if s.tail.len() == TAIL_LINES {
                            s.tail.pop_front();
                        }
                        s.tail.push_back(line.to_string());
                    }
                }
            }
        }
        flag.store(true, Ordering::Release);
    });
    done
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn vm_rss() {
        let status = "Name:\tnode\nVmPeak:\t  900000 kB\nVmRSS:\t   51234 kB\nRssAnon:\t 1 kB\n";
        assert_eq!(parse_vm_rss(status), Some(51234 * 1024));
        assert_eq!(parse_vm_rss("Name:\tx\n"), None);
        assert_eq!(parse_vm_rss("VmRSS:\tlots kB\n"), None);
        // Our own process has a resident set.
        assert!(rss(std::process::id()).unwrap() > 0);
    }

    #[test]
    fn spawned_server_lifecycle() {
        // A "server" that prints diagnostics and garbage, then listens.
        let listener = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
        let port = listener.local_addr().unwrap().port();
        drop(listener);
        let script = format!(
            "echo hello; echo '[gc-step] n=1 kind=minor post_in_use=10 pause_us=5' >&2; echo 'not a diag' >&2; \
             echo \"diag=$PERRY_GC_DIAG\" >&2; exec env -u NODE_EXTRA_CA_CERTS node -e \
             'require(\"node:net\").createServer().listen({port}, \"127.0.0.1\")'"
        );
        let cmd = shell_words::join(["sh", "-c", &script]);
        let mut server = Server::spawn(&cmd, "127.0.0.1", port, Duration::from_secs(20), None).unwrap();
        assert!(rss(server.pid()).is_some());
        // The output thread may lag behind the server on a loaded machine.
        let start = Instant::now();
        while !server.tail_text().contains("diag=") && start.elapsed() < Duration::from_secs(5) {
            std::thread::sleep(Duration::from_millis(10));
        }
        let events = server.take_events();
        assert!(matches!(&events[..], [Event::GcStep(s)] if s.post_in_use == Some(10)), "{events:?}");
        assert!(server.tail_text().contains("not a diag"));
        assert!(server.tail_text().contains("diag=1"));
        // Something now listens there: a second spawn refuses.
        assert!(Server::spawn("true", "127.0.0.1", port, Duration::from_secs(1), None).err().unwrap().contains("already accepts"));
        let status = server.stop(Duration::from_secs(5)).unwrap();
        assert!(!status.success());
        assert!(!accepts("127.0.0.1", port));
    }

    #[test]
    fn server_that_exits_early() {
        let e = Server::spawn("sh -c 'echo boom >&2; exit 3'", "127.0.0.1", 1, Duration::from_secs(10), None).err().unwrap();
        assert!(e.contains("exited (exit status: 3)"), "{e}");
        assert!(e.contains("boom"), "{e}");
        let e = Server::spawn("/nonexistent/server", "127.0.0.1", 1, Duration::from_secs(1), None).err().unwrap();
        assert!(e.contains("cannot start"), "{e}");
        let e = Server::spawn("sh -c 'sleep 30'", "127.0.0.1", 1, Duration::from_millis(300), None).err().unwrap();
        assert!(e.contains("did not accept connections"), "{e}");
    }
}

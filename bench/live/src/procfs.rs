//! What the bench reads about the server processes from /proc: CPU time, resident
//! memory, and which process listens on a port.

use std::fs;
use std::time::Duration;

/// Linux reports utime/stime in USER_HZ ticks, which is 100 on every architecture.
const TICKS_PER_SECOND: u64 = 100;

/// utime + stime of a process (all its threads, living and exited).
pub fn cpu_time(pid: u32) -> Result<Duration, String> {
    let stat = fs::read_to_string(format!("/proc/{pid}/stat"))
        .map_err(|e| format!("cannot read /proc/{pid}/stat: {e}"))?;
    let ticks = parse_stat_ticks(&stat).ok_or_else(|| format!("odd /proc/{pid}/stat"))?;
    Ok(Duration::from_millis(ticks * 1000 / TICKS_PER_SECOND))
}

/// utime + stime (fields 14 and 15) of a `/proc/<pid>/stat` line. The command name in
/// field 2 may hold spaces and parentheses, so fields are counted after the last ')'.
pub fn parse_stat_ticks(stat: &str) -> Option<u64> {
    let rest = &stat[stat.rfind(')')? + 1..];
    let fields: Vec<&str> = rest.split_whitespace().collect();
    // `rest` starts at field 3 (state): field n is fields[n - 3].
    let utime: u64 = fields.get(11)?.parse().ok()?;
    let stime: u64 = fields.get(12)?.parse().ok()?;
    Some(utime + stime)
}

/// Every process whose command name is `name` (`/proc/<pid>/comm`), e.g. PostgreSQL's
/// postmaster and backends, all named `postgres`.
pub fn pids_named(name: &str) -> Vec<u32> {
    let Ok(entries) = fs::read_dir("/proc") else {
        return Vec::new();
    };
    entries
        .filter_map(|entry| entry.ok()?.file_name().to_str()?.parse::<u32>().ok())
        .filter(|pid| {
            fs::read_to_string(format!("/proc/{pid}/comm")).is_ok_and(|comm| comm.trim() == name)
        })
        .collect()
}

/// Resident memory of a process, in KiB.
pub fn rss_kib(pid: u32) -> Result<u64, String> {
    let status = fs::read_to_string(format!("/proc/{pid}/status"))
        .map_err(|e| format!("cannot read /proc/{pid}/status: {e}"))?;
    parse_status_kib(&status, "VmRSS:").ok_or_else(|| format!("no VmRSS for {pid}"))
}

/// Open files of a process: the entries of `/proc/<pid>/fd`.
pub fn open_files(pid: u32) -> Result<usize, String> {
    Ok(fs::read_dir(format!("/proc/{pid}/fd"))
        .map_err(|e| format!("cannot read /proc/{pid}/fd: {e}"))?
        .count())
}

/// A `Key:   1234 kB` line of `/proc/<pid>/status`.
pub fn parse_status_kib(status: &str, key: &str) -> Option<u64> {
    status
        .lines()
        .find_map(|line| line.strip_prefix(key))?
        .split_whitespace()
        .next()?
        .parse()
        .ok()
}

/// The inodes of sockets listening on `port` in a `/proc/net/tcp{,6}` table.
pub fn listening_inodes(table: &str, port: u16) -> Vec<u64> {
    let wanted = format!("{port:04X}");
    table
        .lines()
        .skip(1)
        .filter_map(|line| {
            let fields: Vec<&str> = line.split_whitespace().collect();
            let local_port = fields.get(1)?.rsplit(':').next()?;
            // State 0A is LISTEN.
            (local_port == wanted && *fields.get(3)? == "0A")
                .then(|| fields.get(9)?.parse().ok())?
        })
        .collect()
}

/// The process listening on TCP `port` (found through /proc/net/tcp and /proc/*/fd).
pub fn pid_listening_on(port: u16) -> Result<u32, String> {
    let mut inodes = Vec::new();
    for table in ["/proc/net/tcp", "/proc/net/tcp6"] {
        if let Ok(text) = fs::read_to_string(table) {
            inodes.extend(listening_inodes(&text, port));
        }
    }
    if inodes.is_empty() {
        return Err(format!("nothing listens on port {port}"));
    }
    let wanted: Vec<String> = inodes.iter().map(|i| format!("socket:[{i}]")).collect();
    let procs = fs::read_dir("/proc").map_err(|e| e.to_string())?;
    for entry in procs.flatten() {
        let Ok(pid) = entry.file_name().to_string_lossy().parse::<u32>() else {
            continue;
        };
        let Ok(fds) = fs::read_dir(entry.path().join("fd")) else {
            continue;
        };
        for fd in fds.flatten() {
            if let Ok(target) = fs::read_link(fd.path()) {
                if wanted.iter().any(|w| target.as_os_str() == w.as_str()) {
                    return Ok(pid);
                }
            }
        }
    }
    Err(format!(
        "cannot tell which process listens on port {port}: pass --pid"
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_cpu_ticks_after_the_command_name() {
        let stat = "4242 (tokio (rt) x) S 1 4242 4242 0 -1 4194560 2191 0 0 0 150 37 0 0 20 0 3 0 8754 123 456";
        assert_eq!(parse_stat_ticks(stat), Some(187));
        assert_eq!(parse_stat_ticks("garbage"), None);
        assert!(cpu_time(std::process::id()).is_ok());
    }

    #[test]
    fn reads_rss() {
        let status = "Name:\tbikehaat\nVmHWM:\t   9000 kB\nVmRSS:\t   8123 kB\nThreads:\t3\n";
        assert_eq!(parse_status_kib(status, "VmRSS:"), Some(8123));
        assert_eq!(parse_status_kib(status, "VmSwap:"), None);
        assert!(rss_kib(std::process::id()).unwrap() > 0);
        assert!(open_files(std::process::id()).unwrap() >= 3);
    }

    #[test]
    fn finds_listening_sockets_by_port() {
        let table = "  sl  local_address rem_address   st tx_queue rx_queue tr tm->when retrnsmt   uid  timeout inode\n   0: 0100007F:1F90 00000000:0000 0A 00000000:00000000 00:00000000 00000000  1000        0 55501 1 0000000000000000 100 0 0 10 0\n   1: 0100007F:D2C4 0100007F:1F90 01 00000000:00000000 00:00000000 00000000  1000        0 55502 1 0000000000000000 20 4 30 10 -1\n";
        assert_eq!(listening_inodes(table, 8080), vec![55501]);
        assert!(listening_inodes(table, 53956).is_empty()); // 0xD2C4 is established, not listening
    }

    #[test]
    fn finds_its_own_listener() {
        let listener = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
        let port = listener.local_addr().unwrap().port();
        assert_eq!(pid_listening_on(port).unwrap(), std::process::id());
    }
}

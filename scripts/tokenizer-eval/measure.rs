//! What every candidate binary prints for one encoding and a list of files: the time and the
//! resident memory that loading the encoding takes (up to its first count), then the time of
//! counting every file, and the total token count (the same for all, or a candidate is wrong).

use std::time::Instant;

fn status(key: &str) -> u64 {
    let status = std::fs::read_to_string("/proc/self/status").unwrap_or_default();
    status
        .lines()
        .find(|l| l.starts_with(key))
        .and_then(|l| l.split_whitespace().nth(1))
        .and_then(|n| n.parse().ok())
        .unwrap_or(0)
}

pub fn run<T>(load: impl Fn(&str) -> T, count: impl Fn(&T, &str) -> usize) {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let Some((encoding, paths)) = args.split_first() else {
        eprintln!("usage: ENCODING FILE...");
        std::process::exit(2);
    };
    let texts: Vec<String> = paths
        .iter()
        .map(|p| String::from_utf8_lossy(&std::fs::read(p).unwrap_or_default()).into_owned())
        .collect();
    let rss = status("VmRSS:");
    let start = Instant::now();
    let tokenizer = load(encoding);
    let first = count(&tokenizer, "hello world");
    let load_ms = start.elapsed().as_secs_f64() * 1000.0;
    let load_kb = status("VmRSS:").saturating_sub(rss);
    let start = Instant::now();
    let tokens: usize = texts.iter().map(|t| count(&tokenizer, t)).sum();
    let count_ms = start.elapsed().as_secs_f64() * 1000.0;
    let bytes: usize = texts.iter().map(String::len).sum();
    println!(
        "{load_ms:.3}\t{load_kb}\t{count_ms:.2}\t{bytes}\t{tokens}\t{}\t{first}",
        status("VmHWM:")
    );
}

//! Writes a copy of a fragmented MP4 with the `sidx` the worker would serve spliced in (ADR 0009),
//! to check a file with ffprobe or a browser: `cargo run -p lupa-core --example splice-sidx IN OUT`.
use std::process::ExitCode;

use lupa_core::mp4_index::{build_sidx, Scanner};

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().collect();
    let (Some(input), Some(output)) = (args.get(1), args.get(2)) else {
        eprintln!("usage: splice-sidx IN OUT");
        return ExitCode::FAILURE;
    };
    let Ok(bytes) = std::fs::read(input) else {
        eprintln!("cannot read {input}");
        return ExitCode::FAILURE;
    };
    let mut scanner = Scanner::new();
    for piece in bytes.chunks(64 * 1024) {
        scanner.feed(piece);
    }
    let index = match scanner.finish().and_then(|index| build_sidx(&index).map(|sidx| (index, sidx))) {
        Ok(found) => found,
        Err(err) => {
            eprintln!("no index: {err:?}");
            return ExitCode::FAILURE;
        }
    };
    let (index, sidx) = index;
    let at = index.insert_at as usize;
    let spliced = [&bytes[..at], &sidx, &bytes[at..]].concat();
    if std::fs::write(output, spliced).is_err() {
        eprintln!("cannot write {output}");
        return ExitCode::FAILURE;
    }
    let fragments = index.tracks.first().map_or(0, |t| t.fragments.len());
    println!("{} tracks, {fragments} fragments, sidx {} bytes at {}", index.tracks.len(), sidx.len(), index.insert_at);
    ExitCode::SUCCESS
}

//! The participant's recording endpoints (ADR 0005, ADR 0014): each one's method and path
//! pattern, declared here once. The route table's rows are built from them, and the recorder
//! (`recorder-wasm`) builds its request paths with the builders below. The recorder does not read
//! the table itself: linking [`ROUTES`](super::ROUTES) would put every route's documentation into
//! the participant's wasm, whose size has a budget.

use crate::recording::{ChunkId, Track};

/// A method and a path pattern below the API root (`{name}` marks a parameter).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Endpoint {
    pub method: &'static str,
    pub pattern: &'static str,
}

/// Opens a segment of the participation (or the camera's, or names the audio's).
pub const SEGMENT_OPEN: Endpoint = Endpoint { method: "POST", pattern: "/analysisEntry/{id}/segments" };
/// One chunk of a segment's screen file.
pub const SCREEN_CHUNK: Endpoint =
    Endpoint { method: "PUT", pattern: "/analysisEntry/{id}/segments/{segment}/chunks/{index}" };
/// One chunk of a segment's camera file.
pub const CAMERA_CHUNK: Endpoint =
    Endpoint { method: "PUT", pattern: "/analysisEntry/{id}/segments/{segment}/camera-chunks/{index}" };
/// One chunk of a segment's audio track, for the transcript.
pub const AUDIO_CHUNK: Endpoint =
    Endpoint { method: "PUT", pattern: "/analysisEntry/{id}/segments/{segment}/audio-chunks/{index}" };
/// The step marks so far.
pub const STEPS: Endpoint = Endpoint { method: "PUT", pattern: "/analysisEntry/{id}/steps" };
/// Finish: every segment closed.
pub const COMPLETE: Endpoint = Endpoint { method: "POST", pattern: "/analysisEntry/{id}/complete" };
/// Leaving: the participation and everything it recorded deleted.
pub const LEAVE: Endpoint = Endpoint { method: "DELETE", pattern: "/analysisEntry/{id}" };

/// Where a track's chunks are uploaded.
pub const fn chunk_endpoint(track: Track) -> Endpoint {
    match track {
        Track::Screen => SCREEN_CHUNK,
        Track::Camera => CAMERA_CHUNK,
        Track::Audio => AUDIO_CHUNK,
    }
}

/// `endpoint`'s path for a participation, under `api_base` (a trailing slash is tolerated).
pub fn entry_path(api_base: &str, endpoint: Endpoint, entry_id: &str) -> String {
    fill(api_base, endpoint, entry_id, None)
}

/// The path a chunk is uploaded to, under `api_base`.
pub fn chunk_path(api_base: &str, entry_id: &str, chunk: ChunkId) -> String {
    fill(api_base, chunk_endpoint(chunk.track), entry_id, Some((chunk.seq, chunk.index)))
}

/// `api_base` + `endpoint`'s pattern, with `{id}` the entry id percent-encoded as
/// `encodeURIComponent` does, and `{segment}` and `{index}` the chunk's numbers. A plain scan of
/// the pattern's bytes: this runs in the recorder's wasm, whose size has a budget, and string
/// searches and slicing (with its panics) would each bring code of their own.
fn fill(api_base: &str, endpoint: Endpoint, entry_id: &str, chunk: Option<(u32, u32)>) -> String {
    let mut path = String::from(api_base.trim_end_matches('/'));
    let mut name = String::new();
    let mut in_parameter = false;
    for &b in endpoint.pattern.as_bytes() {
        match (b, in_parameter) {
            (b'{', _) => in_parameter = true,
            (b'}', true) => {
                match (name.as_str(), chunk) {
                    ("segment", Some((seq, _))) => path.push_str(&seq.to_string()),
                    ("index", Some((_, index))) => path.push_str(&index.to_string()),
                    _ => encode_into(&mut path, entry_id),
                }
                name.clear();
                in_parameter = false;
            }
            (_, true) => name.push(char::from(b)),
            (_, false) => path.push(char::from(b)),
        }
    }
    path
}

fn encode_into(out: &mut String, value: &str) {
    const HEX: &[u8; 16] = b"0123456789ABCDEF";
    for b in value.bytes() {
        if b.is_ascii_alphanumeric() || b"-_.!~*'()".contains(&b) {
            out.push(char::from(b));
        } else {
            out.push('%');
            out.push(char::from(HEX[usize::from(b >> 4)]));
            out.push(char::from(HEX[usize::from(b & 15)]));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::routes::{resolve, route, Resolution, RouteId};

    fn resolves_to(method: &str, path: &str, id: RouteId) {
        match resolve(method, path) {
            Resolution::Found(m) => assert_eq!(m.spec.id, id, "{method} {path}"),
            other => panic!("{method} {path}: {other:?}"),
        }
    }

    #[test]
    fn every_endpoint_is_its_declared_route() {
        for (endpoint, id) in [
            (SEGMENT_OPEN, RouteId::EntrySegmentOpen),
            (SCREEN_CHUNK, RouteId::EntryChunkPut),
            (CAMERA_CHUNK, RouteId::EntryCameraChunkPut),
            (AUDIO_CHUNK, RouteId::EntryAudioChunkPut),
            (STEPS, RouteId::EntrySteps),
            (COMPLETE, RouteId::EntryComplete),
            (LEAVE, RouteId::EntryAbandon),
        ] {
            assert_eq!((route(id).method, route(id).pattern), (endpoint.method, endpoint.pattern), "{id:?}");
        }
    }

    #[test]
    fn the_builders_make_paths_of_their_routes() {
        let api = "/api/v1";
        resolves_to("POST", &entry_path(api, SEGMENT_OPEN, "e-1"), RouteId::EntrySegmentOpen);
        resolves_to("PUT", &entry_path(api, STEPS, "e-1"), RouteId::EntrySteps);
        resolves_to("POST", &entry_path(api, COMPLETE, "e-1"), RouteId::EntryComplete);
        resolves_to("DELETE", &entry_path(api, LEAVE, "e-1"), RouteId::EntryAbandon);
        for (track, id) in [
            (Track::Screen, RouteId::EntryChunkPut),
            (Track::Camera, RouteId::EntryCameraChunkPut),
            (Track::Audio, RouteId::EntryAudioChunkPut),
        ] {
            resolves_to("PUT", &chunk_path(api, "e-1", ChunkId { seq: 2, track, index: 17 }), id);
        }
    }

    #[test]
    fn paths_are_what_the_recorder_always_sent() {
        let big = ChunkId { seq: u32::MAX, track: Track::Screen, index: 0 };
        assert_eq!(chunk_path("/api/v1", "e", big), "/api/v1/analysisEntry/e/segments/4294967295/chunks/0");
        assert_eq!(entry_path("/api/v1", SEGMENT_OPEN, "e-1"), "/api/v1/analysisEntry/e-1/segments");
        let chunk = ChunkId { seq: 2, track: Track::Screen, index: 17 };
        assert_eq!(
            chunk_path("https://x.test/api/v1/", "a/b c", chunk),
            "https://x.test/api/v1/analysisEntry/a%2Fb%20c/segments/2/chunks/17"
        );
        let camera = ChunkId { seq: 3, track: Track::Camera, index: 0 };
        assert_eq!(chunk_path("/api/v1", "e", camera), "/api/v1/analysisEntry/e/segments/3/camera-chunks/0");
        let audio = ChunkId { seq: 2, track: Track::Audio, index: 5 };
        assert_eq!(chunk_path("", "e1", audio), "/analysisEntry/e1/segments/2/audio-chunks/5");
        assert_eq!(entry_path("/api/v1", LEAVE, "ü"), "/api/v1/analysisEntry/%C3%BC");
        assert_eq!(entry_path("/api/v1", STEPS, "x'y~z"), "/api/v1/analysisEntry/x'y~z/steps");
    }
}

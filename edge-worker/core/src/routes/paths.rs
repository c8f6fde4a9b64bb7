//! Typed path builders for the routes the worker names itself (signed URLs, preloads), filled in
//! from the declared patterns so a path is never spelled twice.

use std::fmt::Display;

use super::{route, RouteId, API_ROOT};

/// `API_ROOT` + the route's pattern with its parameters filled in, in path order. Callers are the
/// typed builders below, each passing exactly the parameters its pattern has (a test checks).
fn fill(id: RouteId, values: &[&dyn Display]) -> String {
    let mut path = String::from(API_ROOT);
    let mut values = values.iter();
    for segment in route(id).pattern.split('/').skip(1) {
        path.push('/');
        if segment.starts_with('{') {
            if let Some(value) = values.next() {
                path.push_str(&value.to_string());
            }
        } else {
            path.push_str(segment);
        }
    }
    path
}

/// `GET /auth/session`.
pub fn auth_session() -> String {
    fill(RouteId::AuthSession, &[])
}

/// `GET /entry/{id}`: an entry's page data.
pub fn entry_page(entry_id: &str) -> String {
    fill(RouteId::EntryPage, &[&entry_id])
}

/// `GET /entry/{id}/notes`.
pub fn entry_notes(entry_id: &str) -> String {
    fill(RouteId::NotesList, &[&entry_id])
}

/// `GET /recordings/{id}`: an entry's first (or only) file.
pub fn recording(entry_id: &str) -> String {
    fill(RouteId::RecordingStream, &[&entry_id])
}

/// `GET /recordings/{id}/{segment}`: one segment's screen file.
pub fn recording_segment(entry_id: &str, segment: impl Display) -> String {
    fill(RouteId::SegmentStream, &[&entry_id, &segment])
}

/// `GET /recordings/{id}/{segment}/camera`: one segment's camera file.
pub fn recording_segment_camera(entry_id: &str, segment: impl Display) -> String {
    fill(RouteId::SegmentCameraStream, &[&entry_id, &segment])
}

/// `PUT /uploads/{id}`: product §7's single-file upload.
pub fn single_upload(entry_id: &str) -> String {
    fill(RouteId::SingleUpload, &[&entry_id])
}

/// `GET /thumbnails/{id}`.
pub fn thumbnail(entry_id: &str) -> String {
    fill(RouteId::ThumbnailGet, &[&entry_id])
}

/// `GET /share-media/{id}/{source}/{segment}/{track}`: a file a share link may play.
pub fn share_media(share_id: &str, source: &str, segment: impl Display, track: &str) -> String {
    fill(RouteId::SharedMedia, &[&share_id, &source, &segment, &track])
}

/// `GET /live-chunks/{id}/{segment}/{track}/{index}`: one stored chunk of a participation in
/// progress, for the live player (ADR 0016).
pub fn live_chunk(entry_id: &str, segment: impl Display, track: impl Display, index: impl Display) -> String {
    fill(RouteId::LiveChunk, &[&entry_id, &segment, &track, &index])
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::routes::{resolve, Resolution};

    fn resolves_to(path: &str, id: RouteId) {
        match resolve(route(id).method, path) {
            Resolution::Found(m) => assert_eq!(m.spec.id, id, "{path}"),
            other => panic!("{path}: {other:?}"),
        }
    }

    #[test]
    fn every_builder_makes_a_path_of_its_route() {
        resolves_to(&auth_session(), RouteId::AuthSession);
        resolves_to(&entry_page("e1"), RouteId::EntryPage);
        resolves_to(&entry_notes("e1"), RouteId::NotesList);
        resolves_to(&recording("e1"), RouteId::RecordingStream);
        resolves_to(&recording_segment("e1", 2), RouteId::SegmentStream);
        resolves_to(&recording_segment_camera("e1", 2), RouteId::SegmentCameraStream);
        resolves_to(&single_upload("e1"), RouteId::SingleUpload);
        resolves_to(&thumbnail("e1"), RouteId::ThumbnailGet);
        resolves_to(&share_media("s1", "recording", 1, "screen"), RouteId::SharedMedia);
        resolves_to(&live_chunk("e1", 2, "camera", 7), RouteId::LiveChunk);
    }

    #[test]
    fn paths_are_what_the_signed_urls_always_were() {
        assert_eq!(recording("e1"), "/api/v1/recordings/e1");
        assert_eq!(recording_segment_camera("e1", 3), "/api/v1/recordings/e1/3/camera");
        assert_eq!(share_media("s", "clip", 0, "camera"), "/api/v1/share-media/s/clip/0/camera");
        assert_eq!(entry_notes("x"), "/api/v1/entry/x/notes");
    }
}

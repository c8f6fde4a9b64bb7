//! The workflows between routes, for the OpenAPI document's `links` (ADR 0020): what a success
//! answer of one route gives the next one (create an analysis → read, edit, summarise it; take part
//! → open a segment → send its chunks → close → submit; invite → send again or revoke). A client
//! generated from the document, or a stateful tester, follows them to reach the routes that need
//! an object another route made.
//!
//! Expressions are OpenAPI runtime expressions: `$response.body#/pointer` (the answer of `from`)
//! and `$request.path.name` (a parameter `from` was called with). A body field fills that field of
//! the next request's JSON body; the rest of the body is the caller's.

use super::RouteId::{self, *};

/// One link: a success answer of `from` names what `to` acts on.
#[derive(Debug, Clone, Copy)]
pub struct Link {
    pub from: RouteId,
    pub to: RouteId,
    /// `location.name` (`path.id`, `query.q`) → expression.
    pub parameters: &'static [(&'static str, &'static str)],
    /// JSON body field → expression (or a literal when it does not start with `$`).
    pub body: &'static [(&'static str, &'static str)],
}

const fn to(from: RouteId, to: RouteId, parameters: &'static [(&'static str, &'static str)]) -> Link {
    Link { from, to, parameters, body: &[] }
}

const fn with_body(
    from: RouteId,
    to: RouteId,
    parameters: &'static [(&'static str, &'static str)],
    body: &'static [(&'static str, &'static str)],
) -> Link {
    Link { from, to, parameters, body }
}

const CREATED_ANALYSIS: &[(&str, &str)] = &[("path.id", "$response.body#/analysisData/id")];
const LISTED_ANALYSIS: &[(&str, &str)] = &[("path.id", "$response.body#/analyses/0/id")];
const FIRST_ENTRY: &[(&str, &str)] = &[("path.id", "$response.body#/analysisData/AnalysisEntries/0/id")];
const SAME_ENTRY: &[(&str, &str)] = &[("path.id", "$request.path.id")];
const PARTICIPATION: &[(&str, &str)] = &[("path.id", "$response.body#/analysisEntryId")];
const OPENED_SEGMENT: &[(&str, &str)] = &[("path.id", "$request.path.id"), ("path.segment", "$response.body#/segment")];
const NOTE: &[(&str, &str)] = &[("path.id", "$request.path.id"), ("path.noteId", "$response.body#/id")];
const REEL: &[(&str, &str)] = &[("path.id", "$response.body#/id")];
const INVITATION: &[(&str, &str)] = &[("path.id", "$response.body#/id")];

/// Every link of the document, grouped by where the workflow starts.
pub const LINKS: &[Link] = &[
    // A researcher's analysis, from its creation or the dashboard's list.
    to(AnalysisCreate, AnalysisGet, CREATED_ANALYSIS),
    to(AnalysisCreate, AnalysisUpdate, CREATED_ANALYSIS),
    to(AnalysisCreate, AnalysisClose, CREATED_ANALYSIS),
    to(AnalysisCreate, AnalysisReopen, CREATED_ANALYSIS),
    to(AnalysisCreate, AnalysisSummary, CREATED_ANALYSIS),
    to(AnalysisCreate, AnalysisExport, CREATED_ANALYSIS),
    to(AnalysisCreate, AnalysisExportTasks, CREATED_ANALYSIS),
    to(AnalysisCreate, AnalysisNotes, CREATED_ANALYSIS),
    to(AnalysisCreate, TranscriptSearch, CREATED_ANALYSIS),
    to(AnalysisCreate, ThemesGet, CREATED_ANALYSIS),
    to(AnalysisCreate, ThemesRegenerate, CREATED_ANALYSIS),
    to(AnalysisCreate, ReelList, CREATED_ANALYSIS),
    to(AnalysisCreate, ReelCreate, CREATED_ANALYSIS),
    to(AnalysisCreate, ShareList, CREATED_ANALYSIS),
    to(AnalysisCreate, ShareCreate, CREATED_ANALYSIS),
    to(AnalysisCreate, AnalysisDelete, CREATED_ANALYSIS),
    to(AnalysisList, AnalysisGet, LISTED_ANALYSIS),
    to(AnalysisList, AnalysisSummary, LISTED_ANALYSIS),
    // Its recordings, from the analysis detail (the newest participation first).
    to(AnalysisGet, EntryUrl, FIRST_ENTRY),
    to(AnalysisGet, EntryPage, FIRST_ENTRY),
    to(AnalysisGet, NotesList, FIRST_ENTRY),
    to(AnalysisGet, NoteCreate, FIRST_ENTRY),
    to(AnalysisGet, TranscriptGet, FIRST_ENTRY),
    to(AnalysisGet, TranscriptVtt, FIRST_ENTRY),
    to(AnalysisGet, TranscriptText, FIRST_ENTRY),
    to(AnalysisGet, SummaryGet, FIRST_ENTRY),
    to(AnalysisGet, SummaryRegenerate, FIRST_ENTRY),
    to(NoteCreate, NoteUpdate, NOTE),
    to(NoteCreate, NoteDelete, NOTE),
    to(ReelCreate, ReelGet, REEL),
    to(ReelCreate, ReelUpdate, REEL),
    to(ReelCreate, ReelClipAdd, REEL),
    to(ReelCreate, ReelDelete, REEL),
    to(ReelClipAdd, ReelClipRemove, &[("path.id", "$request.path.id"), ("path.clipId", "$request.body#/clipId")]),
    to(ShareCreate, SharedView, &[("path.token", "$response.body#/token")]),
    // A team (ADR 0019): an invitation sent, then sent again or revoked; a workspace switched to.
    to(InvitationCreate, InvitationResend, INVITATION),
    to(InvitationCreate, InvitationRevoke, INVITATION),
    to(WorkspaceList, WorkspaceSwitch, &[("path.id", "$response.body#/workspaces/0/id")]),
    // A participant's go: take part, record, close, submit (ADR 0005, ADR 0013).
    to(Participate, EntrySegmentOpen, PARTICIPATION),
    to(Participate, EntryResume, PARTICIPATION),
    to(Participate, EntrySteps, PARTICIPATION),
    to(Participate, EntryThumbnailPut, PARTICIPATION),
    to(Participate, EntryTaskAnswer, PARTICIPATION),
    to(Participate, EntrySusAnswer, PARTICIPATION),
    to(Participate, EntryQuestionAnswers, PARTICIPATION),
    to(Participate, EntryComplete, PARTICIPATION),
    to(Participate, EntryAbandon, PARTICIPATION),
    with_body(Participate, EntryUploadUrl, &[], &[("analysisEntryId", "$response.body#/analysisEntryId")]),
    to(EntrySegmentOpen, EntryChunkPut, OPENED_SEGMENT),
    to(EntrySegmentOpen, EntryCameraChunkPut, OPENED_SEGMENT),
    to(EntrySegmentOpen, EntryAudioChunkPut, OPENED_SEGMENT),
    to(EntryChunkPut, EntryComplete, SAME_ENTRY),
    to(EntryChunkPut, EntrySteps, SAME_ENTRY),
    with_body(
        EntryComplete,
        EntryUpdate,
        &[],
        &[("analysisEntryId", "$request.path.id"), ("analysisEntryStatus", "submitted")],
    ),
];

#[cfg(test)]
mod tests {
    use super::*;
    use crate::routes::route;

    #[test]
    fn links_name_parameters_their_target_has() {
        for link in LINKS {
            let target = route(link.to);
            for (name, _) in link.parameters {
                let (location, param) = name.split_once('.').unwrap_or(("", name));
                match location {
                    "path" => assert!(
                        target.param_names().any(|p| p == param),
                        "{:?} → {:?}: no {{{param}}}",
                        link.from,
                        link.to
                    ),
                    "query" => assert!(target.doc.query.is_some(), "{:?} has no query", link.to),
                    other => panic!("{:?} → {:?}: location {other}", link.from, link.to),
                }
            }
            if !link.body.is_empty() {
                assert!(matches!(target.doc.request, super::super::Content::Json(_)), "{:?} takes no JSON", link.to);
            }
        }
    }
}

//! Moderated sessions (issue 49, ADR 0024): a researcher talks with a participant while the team
//! watches. This module holds what the worker and the room object decide without the platform:
//! the session's fields as a request gives them (`plan`), who in a room may see, hear of and
//! signal whom (`room`), and the participant's invitation mail with its calendar file (`invitation`, `ics`).

pub mod ics;
pub mod invitation;
pub mod plan;
pub mod room;

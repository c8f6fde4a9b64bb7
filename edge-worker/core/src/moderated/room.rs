//! Who may see, hear of and reach whom in a moderated session's room (ADR 0024). The room is the
//! signalling channel of browser-to-browser WebRTC and the team's backchannel; its object applies
//! these rules to every message, so they are tested here, on the host.
//!
//! The participant must never learn that anyone but the moderator is there: observers join hidden
//! (product: "never shown to the participant"), so the participant is told only of the moderator,
//! never signals an observer (the moderator's browser relays the participant's tracks to them) and
//! never receives the backchannel. The moderator sees everyone, so they know who is watching;
//! observers see the moderator, the participant and each other.

/// A peer's part in the room.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum RoomRole {
    /// The member who created the session: talks with the participant, moves the tasks on.
    Moderator,
    /// Any other member of the workspace: receives only, chats in the backchannel.
    Observer,
    /// The person taking part, through the session's link (no account).
    Participant,
}

impl RoomRole {
    pub const ALL: [RoomRole; 3] = [RoomRole::Moderator, RoomRole::Observer, RoomRole::Participant];

    pub fn as_str(self) -> &'static str {
        match self {
            RoomRole::Moderator => "moderator",
            RoomRole::Observer => "observer",
            RoomRole::Participant => "participant",
        }
    }

    pub fn parse(value: &str) -> Option<RoomRole> {
        RoomRole::ALL.into_iter().find(|role| role.as_str() == value)
    }
}

/// At most this many observers in one room (the next is refused): each one pulls the relayed
/// tracks from the moderator's browser, whose uplink is what limits them locally.
pub const MAX_OBSERVERS: usize = 10;

/// The most bytes of a signal's payload (an SDP offer with many codecs is a few KiB; 64 KiB is
/// far above any real one and keeps a message well inside the platform's 1 MiB).
pub const MAX_SIGNAL_BYTES: usize = 64 * 1024;

/// The most bytes of one message a socket may send: a signal at its largest plus its envelope.
pub const MAX_MESSAGE_BYTES: usize = MAX_SIGNAL_BYTES + 1024;

/// A backchannel message's length, in characters (as the notes').
pub const MAX_CHAT_CHARS: usize = 2000;

/// The chat messages a room keeps for late joiners.
pub const CHAT_HISTORY: usize = 200;

/// The highest task index the moderator may move to (studies have far fewer tasks).
pub const MAX_TASK_INDEX: u32 = 100;

/// Whether `viewer` is told that `subject` is in the room (the welcome's list, joins and leaves).
pub fn sees(viewer: RoomRole, subject: RoomRole) -> bool {
    match viewer {
        RoomRole::Participant => subject == RoomRole::Moderator,
        RoomRole::Moderator | RoomRole::Observer => true,
    }
}

/// Whether `from` may send WebRTC signalling to `to`: participant and moderator talk, and the
/// moderator relays to observers; observers never reach the participant, nor each other.
pub fn may_signal(from: RoomRole, to: RoomRole) -> bool {
    use RoomRole::*;
    matches!(
        (from, to),
        (Participant, Moderator) | (Moderator, Participant) | (Moderator, Observer) | (Observer, Moderator)
    )
}

/// Whether a role writes in and reads the team's backchannel.
pub fn in_backchannel(role: RoomRole) -> bool {
    role != RoomRole::Participant
}

/// Whether a role may move the participant to a task.
pub fn may_set_task(role: RoomRole) -> bool {
    role == RoomRole::Moderator
}

/// Why the room refuses a message: told to the sender as `error {code, message}`, never a close.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RoomRefusal {
    /// Not JSON, or not one of the messages.
    Malformed,
    /// Over [`MAX_MESSAGE_BYTES`], or a signal over [`MAX_SIGNAL_BYTES`].
    TooLarge,
    /// The role may not do this (an observer signalling the participant, a participant chatting).
    NotAllowed,
    /// The signal's peer is not in the room (or may not be known to the sender).
    UnknownPeer,
    /// A chat message empty or over [`MAX_CHAT_CHARS`].
    BadChat,
    /// A task index over [`MAX_TASK_INDEX`].
    BadTask,
    /// Too many messages in a short time.
    RateLimited,
}

impl RoomRefusal {
    pub fn code(self) -> &'static str {
        match self {
            RoomRefusal::Malformed => "bad_message",
            RoomRefusal::TooLarge => "message_too_large",
            RoomRefusal::NotAllowed => "not_allowed",
            RoomRefusal::UnknownPeer => "unknown_peer",
            RoomRefusal::BadChat => "bad_chat",
            RoomRefusal::BadTask => "bad_task",
            RoomRefusal::RateLimited => "rate_limited",
        }
    }

    pub fn message(self) -> &'static str {
        match self {
            RoomRefusal::Malformed => "Mensaje no válido",
            RoomRefusal::TooLarge => "El mensaje supera el tamaño permitido (64 KiB)",
            RoomRefusal::NotAllowed => "Tu papel en la sesión no permite este mensaje",
            RoomRefusal::UnknownPeer => "Esa persona no está en la sesión",
            RoomRefusal::BadChat => "El mensaje debe tener entre 1 y 2000 caracteres",
            RoomRefusal::BadTask => "Esa tarea no existe",
            RoomRefusal::RateLimited => "Demasiados mensajes. Espera un momento.",
        }
    }
}

/// A peer in the room, as the rules need it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Peer {
    pub id: String,
    pub role: RoomRole,
}

/// What a peer asks of the room (its message, parsed).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Action<'a> {
    Signal { to: &'a str, payload_bytes: usize },
    Chat { text: &'a str },
    Task { index: u32 },
}

/// The peers `from`'s action goes to (by id), or why it is refused. `peers` is everyone in the
/// room, `from` included.
pub fn recipients<'p>(from: &Peer, action: &Action<'_>, peers: &'p [Peer]) -> Result<Vec<&'p Peer>, RoomRefusal> {
    let others = || peers.iter().filter(|p| p.id != from.id);
    match *action {
        Action::Signal { to, payload_bytes } => {
            if payload_bytes > MAX_SIGNAL_BYTES {
                return Err(RoomRefusal::TooLarge);
            }
            // A peer the sender may not know of is as absent as one that left: the participant
            // can't probe for observers by guessing ids.
            let target = others().find(|p| p.id == to && sees(from.role, p.role)).ok_or(RoomRefusal::UnknownPeer)?;
            if !may_signal(from.role, target.role) {
                return Err(RoomRefusal::NotAllowed);
            }
            Ok(vec![target])
        }
        Action::Chat { text } => {
            if !in_backchannel(from.role) {
                return Err(RoomRefusal::NotAllowed);
            }
            let chars = text.chars().count();
            if text.trim().is_empty() || chars > MAX_CHAT_CHARS {
                return Err(RoomRefusal::BadChat);
            }
            Ok(others().filter(|p| in_backchannel(p.role)).collect())
        }
        Action::Task { index } => {
            if !may_set_task(from.role) {
                return Err(RoomRefusal::NotAllowed);
            }
            if index > MAX_TASK_INDEX {
                return Err(RoomRefusal::BadTask);
            }
            Ok(others().collect())
        }
    }
}

/// Who is told that `subject` joined or left: everyone else who [`sees`] it.
pub fn told_of<'p>(subject: &Peer, peers: &'p [Peer]) -> Vec<&'p Peer> {
    peers.iter().filter(|p| p.id != subject.id && sees(p.role, subject.role)).collect()
}

/// What a newcomer of `role` is told is in the room: the peers it [`sees`].
pub fn visible_to<'p>(role: RoomRole, me: &str, peers: &'p [Peer]) -> Vec<&'p Peer> {
    peers.iter().filter(|p| p.id != me && sees(role, p.role)).collect()
}

/// A per-socket message budget: a burst of [`BURST`] messages, refilled at [`PER_SECOND`]. ICE
/// gathering sends a few dozen candidates at once; a socket that keeps sending faster than a
/// person types or a browser negotiates is refused until it slows down.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Budget {
    tokens: f64,
    at_ms: i64,
}

pub const BURST: f64 = 60.0;
pub const PER_SECOND: f64 = 20.0;

impl Budget {
    pub fn new(now_ms: i64) -> Budget {
        Budget { tokens: BURST, at_ms: now_ms }
    }

    /// Takes one message's place at `now_ms`: false when the budget is spent.
    pub fn take(&mut self, now_ms: i64) -> bool {
        let elapsed = (now_ms - self.at_ms).max(0) as f64 / 1000.0;
        self.tokens = (self.tokens + elapsed * PER_SECOND).min(BURST);
        self.at_ms = now_ms.max(self.at_ms);
        if self.tokens >= 1.0 {
            self.tokens -= 1.0;
            true
        } else {
            false
        }
    }
}

#[cfg(test)]
#[path = "room_tests.rs"]
mod tests;

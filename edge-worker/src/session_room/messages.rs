//! What a peer's message does in the room (ADR 0024): parsed, checked against the rules of
//! `lupa_core::moderated::room` (who may signal, chat or move the task, and to whom it goes),
//! then relayed. A message that is malformed, too large, not allowed or too frequent gets an
//! `error` message back; the socket stays open and nothing else happens.

use lupa_api_types::{RoomChatDto, RoomClientMessage, RoomServerMessage};
use lupa_core::moderated::room::{recipients, Action, Peer, RoomRefusal, MAX_MESSAGE_BYTES};
use worker::WebSocket;

use super::peers::{self, PeerInfo};
use super::store::{role_name, Store};
use crate::error::ApiResult;

/// Tells the sender why its message was refused.
pub fn refuse(socket: &WebSocket, refusal: RoomRefusal) {
    peers::send(socket, &RoomServerMessage::Error { code: refusal.code().into(), message: refusal.message().into() });
}

/// Handles one text message of `from` (already within its rate budget).
pub fn handle(
    socket: &WebSocket,
    from: &PeerInfo,
    text: &str,
    room: &[(WebSocket, PeerInfo)],
    store: &Store,
    now_ms: i64,
) -> ApiResult<()> {
    if text.len() > MAX_MESSAGE_BYTES {
        refuse(socket, RoomRefusal::TooLarge);
        return Ok(());
    }
    let Ok(message) = serde_json::from_str::<RoomClientMessage>(text) else {
        refuse(socket, RoomRefusal::Malformed);
        return Ok(());
    };
    let everyone: Vec<Peer> = room.iter().map(|(_, info)| info.peer()).collect();
    let sender = from.peer();
    let (action, out) = match message {
        RoomClientMessage::Ping => {
            peers::send(socket, &RoomServerMessage::Pong);
            return Ok(());
        }
        RoomClientMessage::Signal { to, payload } => {
            let payload_bytes = serde_json::to_string(&payload).map(|s| s.len()).unwrap_or(usize::MAX);
            let targets = recipients(&sender, &Action::Signal { to: &to, payload_bytes }, &everyone);
            (targets, RoomServerMessage::Signal { from: from.peer_id.clone(), payload })
        }
        RoomClientMessage::Chat { text } => {
            let targets = recipients(&sender, &Action::Chat { text: &text }, &everyone);
            let message = RoomChatDto { fromName: from.name.clone(), role: role_name(&from.role), text, atMs: now_ms };
            if targets.is_ok() {
                store.add_chat(&message, &from.role)?;
                // The sender gets it back too, so every backchannel shows the same order.
                peers::send(socket, &RoomServerMessage::Chat { message: message.clone() });
            }
            (targets, RoomServerMessage::Chat { message })
        }
        RoomClientMessage::Task { index } => {
            let targets = recipients(&sender, &Action::Task { index }, &everyone);
            if targets.is_ok() {
                store.set_task(index)?;
            }
            (targets, RoomServerMessage::Task { index })
        }
    };
    match action {
        Ok(targets) => peers::send_to(room, &targets, &out),
        Err(refusal) => refuse(socket, refusal),
    }
    Ok(())
}

/// Tells a member why their socket closes: their login ended or they left the team.
pub fn refuse_revoked(socket: &WebSocket) {
    peers::send(
        socket,
        &RoomServerMessage::Error {
            code: "revoked".into(),
            message: "Ya no puedes estar en esta sesión: tu sesión ha terminado o ya no tienes acceso.".into(),
        },
    );
}

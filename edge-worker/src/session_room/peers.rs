//! The room's peers are its open sockets (hibernatable: an idle room keeps none of them in
//! memory). Who each one is lives on the socket itself, so it outlives hibernation: its tags
//! (peer id, role, account and login session, for finding sockets) and its attachment (the same
//! with the name shown to others, and whether the room already let it go).

use lupa_api_types::{RoomPeerDto, RoomServerMessage};
use lupa_core::moderated::room::{Peer, RoomRole};
use serde::{Deserialize, Serialize};
use worker::{State, WebSocket};

use crate::session_room::store::role_name;

/// Who a socket is.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct PeerInfo {
    pub peer_id: String,
    pub role: String,
    pub name: String,
    /// The account and the login session's hash (moderator and observers).
    pub user_id: Option<String>,
    pub login: Option<String>,
    /// The room closed it (replaced, revoked, the session deleted): a closing socket may still be
    /// listed for a while, and must count as gone.
    #[serde(default)]
    pub gone: bool,
}

pub const LOGIN_TAG: &str = "login:";
pub const USER_TAG: &str = "user:";
const ROLE_TAG: &str = "role:";
const PEER_TAG: &str = "peer:";

impl PeerInfo {
    pub fn role(&self) -> RoomRole {
        RoomRole::parse(&self.role).unwrap_or(RoomRole::Observer)
    }

    pub fn peer(&self) -> Peer {
        Peer { id: self.peer_id.clone(), role: self.role() }
    }

    pub fn dto(&self) -> RoomPeerDto {
        RoomPeerDto { peerId: self.peer_id.clone(), role: role_name(&self.role), name: self.name.clone() }
    }

    pub fn tags(&self) -> Vec<String> {
        let mut tags = vec![format!("{PEER_TAG}{}", self.peer_id), format!("{ROLE_TAG}{}", self.role)];
        if let Some(user) = &self.user_id {
            tags.push(format!("{USER_TAG}{user}"));
        }
        if let Some(login) = &self.login {
            tags.push(format!("{LOGIN_TAG}{login}"));
        }
        tags
    }

    /// Who `socket` is; `None` for a socket the room never described.
    pub fn of(socket: &WebSocket) -> Option<PeerInfo> {
        socket.deserialize_attachment::<PeerInfo>().ok().flatten()
    }
}

/// Every socket still in the room, with who it is.
pub fn live(state: &State) -> Vec<(WebSocket, PeerInfo)> {
    state
        .get_websockets()
        .into_iter()
        .filter_map(|socket| PeerInfo::of(&socket).filter(|info| !info.gone).map(|info| (socket, info)))
        .collect()
}

/// Sends one message; a socket that fails is left to its close handler.
pub fn send(socket: &WebSocket, message: &RoomServerMessage) {
    if let Ok(text) = serde_json::to_string(message) {
        let _ = socket.send_with_str(text);
    }
}

/// Sends `message` to the peers named.
pub fn send_to(peers: &[(WebSocket, PeerInfo)], ids: &[&Peer], message: &RoomServerMessage) {
    for (socket, info) in peers {
        if ids.iter().any(|p| p.id == info.peer_id) {
            send(socket, message);
        }
    }
}

/// Lets a socket go: marked gone first (it may be listed while it closes), then closed with
/// `code` (4000–4999: ours, RFC 6455 §7.4.2) so the page knows why.
pub fn retire(socket: &WebSocket, info: &PeerInfo, code: u16, reason: &str) {
    let gone = PeerInfo { gone: true, ..info.clone() };
    let _ = socket.serialize_attachment(&gone);
    let _: Result<(), worker::Error> = socket.close(Some(code), Some(reason));
}

/// Tells everyone who may know of `info` that it left.
pub fn tell_left(peers: &[(WebSocket, PeerInfo)], info: &PeerInfo) {
    let all: Vec<Peer> = peers.iter().map(|(_, p)| p.peer()).collect();
    let told = lupa_core::moderated::room::told_of(&info.peer(), &all);
    send_to(peers, &told, &RoomServerMessage::PeerLeft { peerId: info.peer_id.clone() });
}
